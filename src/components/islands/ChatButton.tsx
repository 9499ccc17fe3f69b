import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchMessages } from '../../lib/chat/api.ts';
import { startPolling } from '../../lib/chat/poller.ts';
import { forgetChat, hasUnreadReply, rememberedChat } from '../../lib/chat/seen.ts';
import { chatTexts } from '../../lib/chat/texts.ts';
import { ApiError } from '../../lib/http/api.ts';
import { $chat, openChatModal, setUnreadReply } from '../../stores/chat.ts';

/** The modal with the whole chat is fetched on first use, never with the page. */
const loadModal = () => import('../chat/ChatModal.tsx');
const ChatModal = lazy(loadModal);

/**
 * While the chat is closed, a visitor with a conversation still learns of a reply within a few
 * seconds (issue 11); the open chat polls on its own.
 */
const CLOSED_CHAT_POLL_MS = 3000;

/**
 * Waits for a support reply the visitor has not seen, for the marker on the closed button. Only a
 * browser that remembers a conversation polls at all, and it stops once a reply is there.
 */
function useUnreadReplyWatch(chatOpen: boolean): void {
  useEffect(() => {
    if (chatOpen) return;
    const remembered = rememberedChat();
    if (!remembered) return;
    let cursor = remembered.seenUpTo;
    return startPolling({
      intervalMs: CLOSED_CHAT_POLL_MS,
      immediate: true,
      poll: async () => {
        try {
          const page = await fetchMessages(remembered.conversationId, cursor);
          cursor = page.messages.reduce((max, m) => Math.max(max, m.id), cursor);
          if (hasUnreadReply(page.messages, remembered.seenUpTo)) {
            setUnreadReply(true);
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
  }, [chatOpen]);
}

/** The floating chat button of every page (SPEC §2), with the unread marker. */
export default function ChatButton() {
  const { isChatModalOpen, hasUnreadReply: unread } = useStore($chat);
  // Once opened, the modal stays mounted (closed), so reopening keeps what it has loaded.
  const [used, setUsed] = useState(false);
  if (isChatModalOpen && !used) setUsed(true);
  useUnreadReplyWatch(isChatModalOpen);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={openChatModal}
        // Fetch the chat while the pointer approaches, so the modal opens without a wait.
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        className="fixed bottom-[calc(var(--cookie-notice-height,0px)+1.25rem)] right-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-offset-4"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
        </svg>
        <span className="sr-only">{chatTexts.openButton}</span>
        {unread && (
          <>
            <span aria-hidden="true" className="absolute right-0 top-0 h-4 w-4 rounded-full bg-red-600 ring-2 ring-white dark:ring-slate-950" />
            <span className="sr-only"> – {chatTexts.unreadMarker}</span>
          </>
        )}
      </button>
      {(used || isChatModalOpen) && (
        <Suspense fallback={null}>
          <ChatModal />
        </Suspense>
      )}
    </>
  );
}
