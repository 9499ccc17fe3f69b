import { requestConfirmationLink } from '../../stores/session.ts';
import { useSubmission } from '../forms/submission.tsx';
import { Button } from '../ui/Button.tsx';
import { auth } from './styles.ts';

/**
 * 'Bestätigungslink erneut senden' (decision 0029) with the server's answer next to it, for every
 * page that tells an unconfirmed account why something is missing (settings, customer area).
 */
export function ResendConfirmationLink() {
  const { sending, outcome, report } = useSubmission();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      <Button pending={sending} onClick={() => void report(requestConfirmationLink)}>
        Bestätigungslink erneut senden
      </Button>
      <p role="status" className={outcome?.ok ? auth.success : auth.error}>
        {outcome?.message}
      </p>
    </div>
  );
}
