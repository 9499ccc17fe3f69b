import ChatPanel from '../chat/ChatPanel.tsx';
import { Card } from '../ui/Card.tsx';

/** /chat: the same chat as the modal, as a page (SPEC §2). */
export default function ChatPage() {
  return (
    <Card as="section" aria-label="Chat Support" padding="sm" className="flex h-[70vh] max-h-[600px] flex-col">
      <ChatPanel />
    </Card>
  );
}
