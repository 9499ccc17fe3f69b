import { useStore } from '@nanostores/react';
import { chatTexts } from '../../lib/chat/texts.ts';
import { $chatButton, closeChatModal } from '../../stores/chat-button.ts';
import { Dialog } from '../ui/Dialog.tsx';
import ChatPanel from './ChatPanel.tsx';

/** The modal 'Chat Support' (SPEC §2); loaded only when the chat button is first used. */
export default function ChatModal() {
  const open = useStore($chatButton).isChatModalOpen;
  return (
    <Dialog
      open={open}
      title={chatTexts.title}
      onClose={closeChatModal}
      size="max-w-lg"
      height="h-[70vh] max-h-[min(600px,100%)]"
      closeLabel="Chat schließen"
    >
      <ChatPanel focusComposer />
    </Dialog>
  );
}
