import { requestConfirmationLink } from '../../stores/session.ts';
import { useSubmission } from '../forms/submission.tsx';
import { auth } from './styles.ts';

/**
 * 'Bestätigungslink erneut senden' (decision 0029) with the server's answer next to it, for every
 * page that tells an unconfirmed account why something is missing (settings, customer area).
 */
export function ResendConfirmationLink() {
  const { sending, outcome, report } = useSubmission();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <button type="button" onClick={() => void report(requestConfirmationLink)} disabled={sending} className={auth.primary}>
        {sending ? 'Wird gesendet …' : 'Bestätigungslink erneut senden'}
      </button>
      <p role="status" className={outcome?.ok ? auth.success : auth.error}>
        {outcome?.message}
      </p>
    </div>
  );
}
