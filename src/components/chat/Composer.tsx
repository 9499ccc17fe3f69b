import { useId, useState, type KeyboardEvent } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';
import { CHAT_TEXT_MAX_LENGTH } from '../../lib/schemas/chat.ts';

interface ComposerProps {
  /** Sends the text; false when it was refused (the text then stays). */
  onSend: (text: string) => boolean;
  busy: boolean;
  error: string | null;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}

const maxLabel = CHAT_TEXT_MAX_LENGTH.toLocaleString('de-DE');

/** The message field: Enter sends, Shift+Enter starts a new line, at most 2000 characters. */
export function Composer({ onSend, busy, error, textareaRef }: ComposerProps) {
  const [text, setText] = useState('');
  const id = useId();

  const submit = () => {
    if (busy) return;
    if (onSend(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes a character: its Enter confirms the character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      noValidate
      className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {chatTexts.messageLabel}
      </label>
      <textarea
        ref={textareaRef}
        id={`${id}-text`}
        rows={2}
        maxLength={CHAT_TEXT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="mt-1 block w-full resize-none rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-2 flex items-center justify-between gap-3">
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {text.length.toLocaleString('de-DE')} / {maxLabel} Zeichen
          <span className="sr-only">. Enter sendet, Umschalt+Enter beginnt eine neue Zeile.</span>
        </p>
        <button type="submit" disabled={busy} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {chatTexts.send}
        </button>
      </div>
    </form>
  );
}
