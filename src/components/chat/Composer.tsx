import { useId, useState, type KeyboardEvent } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';
import { CHAT_TEXT_MAX_LENGTH } from '../../lib/schemas/chat.ts';
import { Button } from '../ui/Button.tsx';
import { divider, field } from '../ui/classes.ts';

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
      className={`mt-2 pt-2 ${divider}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`} className={`text-small ${field.label}`}>
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
        className={`mt-1 resize-none ${field.control}`}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={field.error}>
          {error}
        </p>
      )}
      <div className="mt-2 flex items-center justify-between gap-3">
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {text.length.toLocaleString('de-DE')} / {maxLabel} Zeichen
          <span className="sr-only">. Enter sendet, Umschalt+Enter beginnt eine neue Zeile.</span>
        </p>
        <Button type="submit" size="sm" pending={busy}>
          {chatTexts.send}
        </Button>
      </div>
    </form>
  );
}
