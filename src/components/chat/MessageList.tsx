import { useEffect, useRef } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';
import type { StoredChatMessage } from '../../lib/chat/messages.ts';
import { useReducedMotion } from '../ui/useReducedMotion.ts';
import { text } from '../ui/classes.ts';

const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

interface MessageListProps {
  messages: StoredChatMessage[];
  onRetry: (message: StoredChatMessage) => void;
}

/** The conversation, oldest first, scrolled to the newest message. Texts are React text nodes: never markup. */
export function MessageList({ messages, onRetry }: MessageListProps) {
  const end = useRef<HTMLLIElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [messages.length, reducedMotion]);

  if (messages.length === 0) {
    // At the top, where it stays when a notice below shortens the history.
    return <p className="mx-auto mt-6 max-w-xs text-center text-sm text-slate-600 dark:text-slate-400">{chatTexts.empty}</p>;
  }
  return (
    <ol aria-label="Nachrichten" className="flex flex-col gap-3">
      {messages.map((message) => {
        const mine = message.author === 'visitor';
        const created = new Date(message.createdAt);
        return (
          <li
            // The tempId keeps a sent message's element when the server's id replaces the temporary one.
            key={message.tempId === null ? `id-${message.id}` : `temp-${message.tempId}`}
            className={`max-w-[85%] rounded-xl px-3 py-2 ${
              mine ? 'self-end bg-brand-600 text-white' : 'self-start bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
            }`}
          >
            <p className={`text-xs ${mine ? 'text-brand-50' : 'text-slate-600 dark:text-slate-300'}`}>
              <span className="font-semibold">{mine ? chatTexts.you : chatTexts.support}</span>
              {' · '}
              <time dateTime={message.createdAt} title={dateTimeFormat.format(created)}>
                {timeFormat.format(created)}
              </time>
              {message.pending && ` · ${chatTexts.sending}`}
            </p>
            <p className={`whitespace-pre-wrap ${text.typed}`}>{message.text}</p>
            {message.failed && (
              <p className="mt-1 text-sm">
                {chatTexts.failed}{' '}
                <button type="button" onClick={() => onRetry(message)} className="font-semibold underline">
                  {chatTexts.retry}
                </button>
              </p>
            )}
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
