import { useId, useState } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';
import { Button } from '../ui/Button.tsx';
import { cardClass, field, text } from '../ui/classes.ts';

interface ReplyEmailFormProps {
  onSave: (email: string) => Promise<string | null>;
}

/** The offline path (issue 11): where the support's reply is mailed while nobody is online. */
export function ReplyEmailForm({ onSave }: ReplyEmailFormProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  return (
    <form
      noValidate
      className={`mt-2 ${cardClass({ padding: 'sm' })}`}
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        setError(await onSave(email));
        setSaving(false);
      }}
    >
      <label htmlFor={`${id}-email`} className={`text-small ${field.label}`}>
        {chatTexts.emailLabel}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          className={`min-w-0 flex-1 ${field.control}`}
        />
        <Button type="submit" variant="secondary" size="sm" pending={saving} className="shrink-0">
          {chatTexts.emailSave}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={field.error}>
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className={field.hint}>
          {chatTexts.emailHint}{' '}
          <a href="/datenschutz" className={text.link}>
            Datenschutzerklärung
          </a>
        </p>
      )}
    </form>
  );
}
