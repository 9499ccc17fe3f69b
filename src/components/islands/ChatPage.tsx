import ChatPanel from '../chat/ChatPanel.tsx';

/** /chat: the same chat as the modal, as a page (SPEC §2). */
export default function ChatPage() {
  return (
    <section
      aria-label="Chat Support"
      className="flex h-[70vh] max-h-[600px] flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <ChatPanel />
    </section>
  );
}
