import { useEffect, useState } from 'react';
import { loadPasswordJudge, strengthLabels, type PasswordJudge, type PasswordStrength } from '../../lib/password-strength.ts';
import { PasswordField } from '../forms/Fields.tsx';
import type { FieldState } from '../forms/useFormFields.ts';

type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The password field for a new password, with a strength meter (decision 0038): the same rule as
 * the server's, so the meter says "zu leicht zu erraten" for exactly the passwords the server
 * refuses. The dictionaries load on the first keystroke, never with the page. The verdict is text
 * in a polite live region (not colour only); the bar only repeats it. While the field shows an
 * error, the meter gives only the verdict.
 */
interface NewPasswordFieldProps<V extends Record<string, string>> {
  form: FieldState<V>;
  field: TextKeys<V>;
  label: string;
  required?: boolean;
}

export function NewPasswordField<V extends Record<string, string>>({ form, field, label, required }: NewPasswordFieldProps<V>) {
  const [judge, setJudge] = useState<PasswordJudge>();
  const password = form.values[field] as string;
  useEffect(() => {
    if (password && !judge) void loadPasswordJudge().then((loaded) => setJudge(() => loaded));
  }, [password, judge]);
  const strength: PasswordStrength | undefined = password && judge ? judge(password) : undefined;
  const meterId = `${form.id(field)}-strength`;
  const refused = form.shown(field) !== undefined;
  const meter = (
    <div id={meterId} aria-live="polite" className="mt-1 text-sm">
      {strength && (
        <>
          <div aria-hidden="true" className="flex gap-1">
            {strengthLabels.map((level, index) => (
              <span key={level} className={`h-1.5 flex-1 rounded ${index <= strength.score ? (strength.acceptable ? 'bg-emerald-600' : 'bg-amber-600') : 'bg-slate-300 dark:bg-slate-600'}`} />
            ))}
          </div>
          <p>
            Passwortstärke: {strengthLabels[strength.score]}
            {strength.acceptable ? '' : ' – zu leicht zu erraten.'}
          </p>
          {/* The server's refusal of a weak password carries the same advice: said once, in the field's error. */}
          {!strength.acceptable && strength.feedback.length > 0 && !refused && <p>{strength.feedback.join(' ')}</p>}
        </>
      )}
    </div>
  );
  return <PasswordField form={form} field={field} label={label} required={required} autoComplete="new-password" meter={{ id: meterId, node: meter }} />;
}
