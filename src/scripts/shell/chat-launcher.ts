import { watchUnreadReply } from '../../lib/chat/unread-watch.ts';
import { $chat, setUnreadReply } from '../../stores/chat.ts';

/** The chat button's unread marker (SPEC §2), and the watch for a reply while the chat is closed. */
export function startChatLauncher(): void {
  const marker = document.querySelector<HTMLElement>('[data-unread-marker]');
  if (!marker) return; // /chat is the chat itself and has no button
  let stopWatch: (() => void) | undefined;
  let watchedWhileClosed = false;
  $chat.subscribe(({ isChatModalOpen, hasUnreadReply }) => {
    marker.hidden = !hasUnreadReply;
    if (isChatModalOpen) {
      stopWatch?.();
      stopWatch = undefined;
      watchedWhileClosed = false;
    } else if (!watchedWhileClosed) {
      watchedWhileClosed = true;
      stopWatch = watchUnreadReply(() => setUnreadReply(true));
    }
  });
}
