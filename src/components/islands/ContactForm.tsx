import { ContactFieldsSchema, contactMessages, type ContactFields } from '../../lib/schemas/contact.ts';
import { NameAndEmail, TextField } from '../forms/Fields.tsx';
import { PrivacyNotice } from '../forms/PrivacyNotice.tsx';
import { SecureForm, type SecurityFields } from '../forms/SecureForm.tsx';
import { OutcomeStatus, SubmitButton } from '../forms/submission.tsx';
import { useInquiry } from '../forms/useInquiry.ts';
import { useFormFields } from '../forms/useFormFields.ts';
import { SecurityCheck } from '../security/SecurityCheck.tsx';
import { useSecurityCheck } from '../security/useSecurityCheck.ts';

const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '' };
const SUCCESS = 'Vielen Dank für Ihre Nachricht! Wir haben sie erhalten und melden uns innerhalb von 48 Stunden bei Ihnen.';

/** The contact form of the start page (SPEC §2, §3, §5, §8), sent to POST /api/inquiry. */
export default function ContactForm() {
  const check = useSecurityCheck();
  const { submission, send } = useInquiry(check, SUCCESS);
  const form = useFormFields('contact', ContactFieldsSchema, EMPTY, { onChange: () => submission.setOutcome(null) });

  return (
    <SecureForm
      check={check}
      label="Kontaktformular"
      form={form}
      send={(security: SecurityFields) => send(form, form.values, security)}
      onFailed={() => {
        submission.setOutcome({ ok: false, message: contactMessages.sendFailed });
        check.reloadAll();
      }}
    >
      <NameAndEmail form={form} />
      <TextField form={form} field="subject" label="Betreff" />
      <TextField form={form} field="message" label="Nachricht" required rows={6} />
      <PrivacyNotice />

      <SecurityCheck check={check} error={form.serverErrors.captcha} idPrefix={form.idPrefix} />

      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton sending={submission.sending} label="Nachricht senden" />
        <p className="text-sm text-slate-600 dark:text-slate-400">* Pflichtfeld</p>
      </div>
      <OutcomeStatus outcome={submission.outcome} />
    </SecureForm>
  );
}
