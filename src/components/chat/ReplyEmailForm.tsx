import { useId, useState } from 'react';
import { chatTexts } from '../../lib/chat/texts.ts';

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
      className="mt-2 rounded-lg border border-slate-300 p-2 dark:border-slate-600"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        setError(await onSave(email));
        setSaving(false);
      }}
    >
      <label htmlFor={`${id}-email`} className="text-xs font-medium text-slate-800 dark:text-slate-200">
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
          className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="submit"
          disabled={saving}
          className="shrink-0 rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-slate-800"
        >
          {chatTexts.emailSave}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {chatTexts.emailHint}{' '}
          <a href="/datenschutz" className="underline">
            Datenschutzerklärung
          </a>
        </p>
      )}
    </form>
  );
}
