import { useEffect, useState, type ComponentProps } from 'react';
import { loadPasswordJudge, strengthLabels, type PasswordJudge, type PasswordStrength } from '../../lib/password-strength.ts';
import { PasswordInput } from './PasswordInput.tsx';

/**
 * A password field for a new password with a strength meter (decision 0038): the same rule as the
 * server's, so the meter says "zu leicht zu erraten" for exactly the passwords the server refuses.
 * The dictionaries load on the first keystroke, never with the page. The verdict is text in a
 * polite live region (not colour only); the bar only repeats it.
 */
export function NewPasswordInput(props: ComponentProps<typeof PasswordInput>) {
  const [judge, setJudge] = useState<PasswordJudge>();
  const password = typeof props.value === 'string' ? props.value : '';
  useEffect(() => {
    if (password && !judge) void loadPasswordJudge().then((loaded) => setJudge(() => loaded));
  }, [password, judge]);
  const strength: PasswordStrength | undefined = password && judge ? judge(password) : undefined;
  const meterId = `${props.id}-strength`;
  const describedBy = [props['aria-describedby'], meterId].filter(Boolean).join(' ');
  return (
    <div>
      <PasswordInput {...props} aria-describedby={describedBy} />
      <div id={meterId} aria-live="polite" className="mt-1 text-sm">
        {strength && (
          <>
            <div aria-hidden="true" className="flex gap-1">
              {strengthLabels.map((label, index) => (
                <span key={label} className={`h-1.5 flex-1 rounded ${index <= strength.score ? (strength.acceptable ? 'bg-emerald-600' : 'bg-amber-600') : 'bg-slate-300 dark:bg-slate-600'}`} />
              ))}
            </div>
            <p>
              Passwortstärke: {strengthLabels[strength.score]}
              {strength.acceptable ? '' : ' – zu leicht zu erraten.'}
            </p>
            {!strength.acceptable && strength.feedback.length > 0 && <p>{strength.feedback.join(' ')}</p>}
          </>
        )}
      </div>
    </div>
  );
}
