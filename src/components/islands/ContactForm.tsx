import { useState } from 'react';
import * as v from 'valibot';
import { apiFetch } from '../../client/api.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { ContactFieldsSchema, contactMessages, type ContactFields } from '../../lib/schemas/contact.ts';
import { PrivacyNotice } from '../forms/PrivacyNotice.tsx';
import { SecureForm, type SecurityFields } from '../forms/SecureForm.tsx';
import { SecurityCheck } from '../security/SecurityCheck.tsx';
import { useSecurityCheck } from '../security/useSecurityCheck.ts';
import { errorProps, FieldError } from '../ui/FieldError.tsx';

type Values = ContactFields;
type Field = keyof Values;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const SUCCESS = 'Vielen Dank für Ihre Nachricht! Wir haben sie erhalten und melden uns innerhalb von 48 Stunden bei Ihnen.';

function errorsOf(values: Values): Partial<Record<Field, string>> {
  const result = v.safeParse(ContactFieldsSchema, values);
  return result.success ? {} : fieldErrors(result.issues);
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

/** The contact form of the start page (SPEC §2, §3, §5, §8), sent to POST /api/inquiry. */
export default function ContactForm() {
  const check = useSecurityCheck();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<'idle' | 'success' | 'error'>('idle');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const errors = errorsOf(values);
  const invalid = Object.keys(errors).length > 0;
  const shown = (field: Field) => (touched[field] ? (errors[field] ?? serverErrors[field]) : undefined);

  function change<F extends Field>(field: F, value: Values[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors({});
    setStatus('idle');
  }

  async function send(security: SecurityFields) {
    setSending(true);
    try {
      await apiFetch('/api/inquiry', { method: 'POST', json: { ...values, ...security } });
      setValues(EMPTY);
      setTouched({});
      setStatus('success');
      check.reloadAll();
    } catch (error) {
      const details = (error as { errors?: Record<string, string> }).errors;
      if (details) setServerErrors(details);
      throw error;
    } finally {
      setSending(false);
    }
  }

  const errorId = (field: Field) => `contact-${field}-error`;

  return (
    <SecureForm
      check={check}
      label="Kontaktformular"
      validate={() => {
        setTouched({ name: true, email: true, subject: true, message: true });
        return !invalid;
      }}
      send={send}
      onFailed={() => {
        setStatus('error');
        check.reloadAll();
      }}
      onAutofill={(filled) => {
        setValues((current) => ({
          ...current,
          ...Object.fromEntries(Object.entries(filled).filter(([key]) => key in EMPTY).map(([key, value]) => [key, String(value)])),
        }));
        setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(filled).map((key) => [key, true])) }));
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="font-medium">
            Name <span aria-hidden="true">*</span>
          </label>
          <input id="contact-name" name="name" autoComplete="name" required value={values.name} onChange={(e) => change('name', e.target.value)} {...errorProps(errorId('name'), shown('name'))} className={inputClass} />
          <FieldError id={errorId('name')} message={shown('name')} />
        </div>
        <div>
          <label htmlFor="contact-email" className="font-medium">
            E-Mail <span aria-hidden="true">*</span>
          </label>
          <input id="contact-email" name="email" type="email" autoComplete="email" required value={values.email} onChange={(e) => change('email', e.target.value)} {...errorProps(errorId('email'), shown('email'))} className={inputClass} />
          <FieldError id={errorId('email')} message={shown('email')} />
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="font-medium">
          Betreff
        </label>
        <input id="contact-subject" name="subject" value={values.subject} onChange={(e) => change('subject', e.target.value)} {...errorProps(errorId('subject'), shown('subject'))} className={inputClass} />
        <FieldError id={errorId('subject')} message={shown('subject')} />
      </div>
      <div>
        <label htmlFor="contact-message" className="font-medium">
          Nachricht <span aria-hidden="true">*</span>
        </label>
        <textarea id="contact-message" name="message" rows={6} required value={values.message} onChange={(e) => change('message', e.target.value)} {...errorProps(errorId('message'), shown('message'))} className={inputClass} />
        <FieldError id={errorId('message')} message={shown('message')} />
      </div>
      <PrivacyNotice />

      <SecurityCheck check={check} error={serverErrors.captcha} />

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={invalid || sending} className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600">
          {sending ? 'Wird gesendet …' : 'Nachricht senden'}
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-400">* Pflichtfeld</p>
      </div>
      <div role="status" aria-live="polite" className="font-medium">
        {status === 'success' && <p className="text-green-700 dark:text-green-300">{SUCCESS}</p>}
        {status === 'error' && <p className="text-red-700 dark:text-red-300">{contactMessages.sendFailed}</p>}
      </div>
    </SecureForm>
  );
}
