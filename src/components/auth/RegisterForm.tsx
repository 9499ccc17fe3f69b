import { hashcashMessages } from '../../lib/hashcash/flow.ts';
import { NewAccountSchema } from '../../lib/schemas/auth.ts';
import { TextField } from '../forms/Fields.tsx';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { SubmitButton } from '../forms/submission.tsx';
import { ProofOfWorkStatus } from '../security/ProofOfWorkStatus.tsx';
import { sendWithProofOfWork } from '../../client/resend-on-refusal.ts';
import { useProofOfWork } from '../security/useProofOfWork.ts';
import { useAuth } from './AuthProvider.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { auth } from './styles.ts';
import { SwitchPrompt } from './SwitchPrompt.tsx';
import { useAccountForm } from './useAccountForm.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

const EMPTY = { displayName: '', email: '', password: '' };

/**
 * 'Konto erstellen' (SPEC §2, §4, §5, §8): its fields checked with the server's own schema before sending.
 * A registration mails the typed address, so it carries the site's proof of work (decision 0063),
 * started with the first use of the form like the checkout's and waited for when sending.
 */
export function RegisterForm({ onRegistered, onLogin }: { onRegistered: () => void; onLogin: () => void }) {
  const { register } = useAuth();
  const proofOfWork = useProofOfWork();
  const { form, sending, outcome, submit } = useAccountForm(
    'register',
    // The fields of RegisterSchema, which the server checks; the proof of work is not the visitor's to fix.
    NewAccountSchema,
    EMPTY,
    async ({ email, password, displayName }) => {
      const solutions = await proofOfWork.solutions();
      if (!solutions) throw new Error(hashcashMessages.notComputed);
      await sendWithProofOfWork((hashcash_solutions) => register({ email, password, displayName, hashcash_solutions }), solutions, proofOfWork.reload);
      onRegistered();
      return '';
    },
    { ids: { displayName: 'register-name' }, clearAfterSave: true },
  );
  const first = useFocusOnMount<HTMLInputElement>();

  // Never disabled: an incomplete registration is answered by the error summary, which says what is missing.
  return (
    <KitForm summary={form.summary} onSubmit={submit} onFocus={proofOfWork.start} className="grid gap-4">
      <TextField inputRef={first} form={form} field="displayName" label="Anzeigename" required autoComplete="nickname" />
      <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" />
      <NewPasswordField form={form} field="password" label="Passwort (min. 8 Zeichen)" required />
      <div role="alert" className={auth.error}>
        {outcome?.ok === false && outcome.message}
      </div>
      <SubmitButton sending={sending} label="Registrieren" />
      <ProofOfWorkStatus hashcash={proofOfWork.hashcash} onRetry={() => void proofOfWork.reload()} />
      <SwitchPrompt question="Schon ein Konto?" action="Zum Login" onClick={onLogin} />
    </KitForm>
  );
}
