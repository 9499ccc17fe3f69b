import { useState, type InputHTMLAttributes } from 'react';
import { auth } from './styles.ts';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  label: string;
}

/** A password field with a show/hide button (SPEC §2); the button says what it will do. */
export function PasswordInput({ id, label, ...input }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={auth.field}>
      <label htmlFor={id} className={auth.label}>
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} type={visible ? 'text' : 'password'} className={auth.input} {...input} />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-controls={id}
          className="shrink-0 rounded-lg border border-slate-400 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
        >
          {visible ? 'Verbergen' : 'Anzeigen'}
          <span className="sr-only"> (Passwort)</span>
        </button>
      </div>
    </div>
  );
}
