import type { SecurityCheckController } from '../security/useSecurityCheck.ts';
import { postForm, useSubmission } from './submission.tsx';

/**
 * Sending an inquiry to POST /api/inquiry (the contact form and the configurator's request): on
 * success the form empties, the outcome line says `sentText`, and the security check prepares
 * the next one.
 */
export function useInquiry(check: SecurityCheckController, sentText: string) {
  const submission = useSubmission();
  return {
    submission,
    send: (form: { reset(): void; refuse(errors: Record<string, string>): void }, body: Record<string, unknown>) =>
      submission.send(async () => {
        await postForm(form, '/api/inquiry', body);
        form.reset();
        submission.setOutcome({ ok: true, message: sentText });
        check.reloadAll();
      }),
  };
}
