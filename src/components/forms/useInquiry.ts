import type { SecurityCheckController } from '../security/useSecurityCheck.ts';
import { api } from '../../client/api.ts';
import type { BodyOf } from '../../lib/http/route.ts';
import { inquiry } from '../../features/inquiries/routes.ts';
import type { SecurityFields } from './SecureForm.tsx';
import { postForm, useSubmission } from './submission.tsx';

/** What an inquiry's form sends besides its security check: the contact form's or the configurator's fields. */
type InquiryFields = BodyOf<typeof inquiry> extends infer B ? (B extends unknown ? Omit<B, keyof SecurityFields> : never) : never;

/**
 * Sending an inquiry to POST /api/inquiry (the contact form and the configurator's request): on
 * success the form empties, the outcome line says `sentText`, and the security check prepares
 * the next one.
 */
export function useInquiry(check: SecurityCheckController, sentText: string) {
  const submission = useSubmission();
  return {
    submission,
    send: (form: { reset(): void; refuse(errors: Record<string, string>): void }, fields: InquiryFields, security: SecurityFields) =>
      submission.send(async () => {
        // Both forms ask for proof of work, so the security check always brings solutions; none would be refused like a missing set.
        const body = { ...fields, captcha: security.captcha, hashcash_solutions: security.hashcash_solutions ?? [] };
        await postForm(form, () => api(inquiry, { body }));
        form.reset();
        submission.setOutcome({ ok: true, message: sentText });
        check.reloadAll();
      }),
  };
}
