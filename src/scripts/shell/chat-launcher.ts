import { $chatButton, watchRepliesWhileClosed } from '../../stores/chat-button.ts';

/** The chat button's unread marker (SPEC §2), and the watch for a reply while the chat is closed. */
export function startChatLauncher(): void {
  const marker = document.querySelector<HTMLElement>('[data-unread-marker]');
  if (!marker) return; // /chat is the chat itself and has no button
  $chatButton.subscribe(({ hasUnreadReply }) => {
    marker.hidden = !hasUnreadReply;
  });
  watchRepliesWhileClosed();
}
