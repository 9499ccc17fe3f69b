import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';
import { $visitorChat, retryVisitorMessage, saveVisitorEmail, sendVisitorMessage, showVisitorChat } from '../../stores/visitor-chat.ts';
import { Alert } from '../ui/Alert.tsx';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { ReplyEmailForm } from './ReplyEmailForm.tsx';

interface ChatPanelProps {
  /** Puts the cursor into the message field once shown (the modal). */
  focusComposer?: boolean;
}

/** The visitor chat itself, the same in the modal 'Chat Support' and on /chat. */
export default function ChatPanel({ focusComposer = false }: ChatPanelProps) {
  const chat = useStore($visitorChat);
  const textarea = useRef<HTMLTextAreaElement>(null);

  // Loaded and polled while shown (paused in hidden tabs); what is shown counts as seen.
  useEffect(() => showVisitorChat(), []);

  useEffect(() => {
    if (!focusComposer) return;
    // After the dialog has placed its own initial focus (its effect runs after this one).
    const frame = requestAnimationFrame(() => textarea.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusComposer]);

  const offline = chat.agentsAvailable === false;

  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* Focusable, so keyboard users can scroll the history too (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scroll container must take focus to scroll by keyboard */}
      <div role="region" aria-label="Nachrichtenverlauf" tabIndex={0} aria-busy={chat.isLoading} className="flex min-h-0 flex-1 flex-col overflow-y-auto rounded-lg p-1">
        <MessageList messages={chat.messages} onRetry={retryVisitorMessage} />
      </div>
      {/* Below the history, beside the composer they concern: a notice that arrives with the first answer
          then shortens the history instead of pushing it down (a layout shift of 0.05 on /chat). */}
      {chat.info && (
        <Alert tone="warning" role="status" className="mt-2 text-small">
          {chat.info}
        </Alert>
      )}
      {chat.status === 'closed' && (
        <Alert tone="info" className="mt-2 text-small">
          {chatTexts.closed}
        </Alert>
      )}
      {chat.conversationId !== null &&
        (chat.visitorEmail ? (
          <p role="status" className="mt-2 text-xs text-slate-700 dark:text-slate-300">
            {chatTexts.emailSaved(chat.visitorEmail)}
          </p>
        ) : (
          offline && <ReplyEmailForm onSave={saveVisitorEmail} />
        ))}
      <p aria-live="polite" className="sr-only">
        {chat.announcement}
      </p>
      <Composer onSend={sendVisitorMessage} busy={chat.starting} error={chat.error} textareaRef={textarea} />
    </div>
  );
}
