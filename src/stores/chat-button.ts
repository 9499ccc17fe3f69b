import { map } from 'nanostores';
import { ApiError } from '../client/api.ts';
import * as chatApi from '../client/chat.ts';
import { forgetChat, hasUnreadReply, rememberedChat } from '../client/chat-seen.ts';
import { startPolling } from '../client/polling.ts';

/**
 * The visitor chat as the page shell knows it (SPEC §2): whether the modal 'Chat Support' is open
 * and whether the chat button marks an unseen support reply. Apart from the conversation
 * (src/stores/visitor-chat.ts), which loads with the chat itself, so every page's shell stays small.
 */
export interface ChatButtonState {
  isChatModalOpen: boolean;
  /** The support replied and the visitor has not opened the chat since: the chat button's marker. */
  hasUnreadReply: boolean;
}

export const $chatButton = map<ChatButtonState>({ isChatModalOpen: false, hasUnreadReply: false });

/**
 * While the chat is closed, a visitor with a conversation still learns of a reply within a few
 * seconds (issue 11); the open chat polls on its own.
 */
const CLOSED_CHAT_POLL_MS = 3000;

export function openChatModal(): void {
  $chatButton.setKey('isChatModalOpen', true);
}

export function closeChatModal(): void {
  $chatButton.setKey('isChatModalOpen', false);
}

/** The visitor has the conversation in front of them: the button no longer marks it. */
export function markReplySeen(): void {
  if ($chatButton.get().hasUnreadReply) $chatButton.setKey('hasUnreadReply', false);
}

/**
 * Waits for a support reply the visitor has not seen and marks the button once it is there. Only
 * a browser that remembers a conversation polls at all (never an anonymous reader), and it stops
 * once a reply is there or the conversation is gone. Returns the function that stops it.
 */
function watchUnreadReply(): () => void {
  const remembered = rememberedChat();
  if (!remembered) return () => undefined;
  let cursor = remembered.seenUpTo;
  return startPolling({
    intervalMs: CLOSED_CHAT_POLL_MS,
    immediate: true,
    poll: async () => {
      try {
        const page = await chatApi.fetchOwnMessages(remembered.conversationId, cursor);
        cursor = page.messages.reduce((max, m) => Math.max(max, m.id), cursor);
        if (hasUnreadReply(page.messages, remembered.seenUpTo)) {
          $chatButton.setKey('hasUnreadReply', true);
          return 'stop';
        }
        return page.hasMore ? 'again' : undefined;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          forgetChat();
          return 'stop';
        }
        throw error;
      }
    },
  });
}

/**
 * Watches for a reply each time the chat is closed (and on the page's start) and stops while it is
 * open. Returns the function that ends the watching.
 */
export function watchRepliesWhileClosed(): () => void {
  let stopWatch: (() => void) | undefined;
  let watchedWhileClosed = false;
  const unsubscribe = $chatButton.subscribe(({ isChatModalOpen }) => {
    if (isChatModalOpen) {
      stopWatch?.();
      stopWatch = undefined;
      watchedWhileClosed = false;
    } else if (!watchedWhileClosed) {
      watchedWhileClosed = true;
      stopWatch = watchUnreadReply();
    }
  });
  return () => {
    unsubscribe();
    stopWatch?.();
  };
}
