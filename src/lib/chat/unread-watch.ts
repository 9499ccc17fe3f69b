import { ApiError } from '../../client/api.ts';
import { fetchMessages } from '../../client/chat.ts';
import { startPolling } from './poller.ts';
import { forgetChat, hasUnreadReply, rememberedChat } from '../../client/chat-seen.ts';

/**
 * While the chat is closed, a visitor with a conversation still learns of a reply within a few
 * seconds (issue 11); the open chat polls on its own.
 */
export const CLOSED_CHAT_POLL_MS = 3000;

/**
 * Waits for a support reply the visitor has not seen and calls `onReply` once it is there. Only a
 * browser that remembers a conversation polls at all (never an anonymous reader), and it stops
 * once a reply is there or the conversation is gone. Returns the function that stops it.
 */
export function watchUnreadReply(onReply: () => void): () => void {
  const remembered = rememberedChat();
  if (!remembered) return () => undefined;
  let cursor = remembered.seenUpTo;
  return startPolling({
    intervalMs: CLOSED_CHAT_POLL_MS,
    immediate: true,
    poll: async () => {
      try {
        const page = await fetchMessages(remembered.conversationId, cursor);
        cursor = page.messages.reduce((max, m) => Math.max(max, m.id), cursor);
        if (hasUnreadReply(page.messages, remembered.seenUpTo)) {
          onReply();
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
