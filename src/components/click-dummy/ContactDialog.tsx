import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { CLICK_DUMMY_REQUEST_IS_FREE } from '../../lib/click-dummy/request-terms.ts';
import { ClickDummyContactSchema, type ClickDummyContact } from '../../lib/schemas/click-dummy-request.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { CLICK_DUMMY_PRIVACY_SECTION, PrivacyNotice } from '../forms/PrivacyNotice.tsx';
import { Dialog } from '../ui/Dialog.tsx';

type Field = keyof ClickDummyContact;

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

interface ContactDialogProps {
  open: boolean;
  initial: ClickDummyContact | null;
  onClose: () => void;
  onSave: (contact: ClickDummyContact) => void;
}

/**
 * Asks for the contact data before the first click-dummy request (SPEC §4, §5): name and e-mail,
 * both non-blank, checked with the schema the server uses. What was typed stays when it is wrong.
 */
export function ContactDialog({ open, initial, onClose, onSave }: ContactDialogProps) {
  const [values, setValues] = useState<ClickDummyContact>(initial ?? { name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = v.safeParse(ClickDummyContactSchema, values);
    if (!result.success) {
      const found = fieldErrors(result.issues) as Partial<Record<Field, string>>;
      setErrors(found);
      document.getElementById(`click-dummy-contact-${found.name ? 'name' : 'email'}`)?.focus();
      return;
    }
    setErrors({});
    onSave(result.output);
  }

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <div className="mt-4">
      <label htmlFor={`click-dummy-contact-${name}`} className="block font-medium text-slate-900 dark:text-slate-100">
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={`click-dummy-contact-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `click-dummy-contact-${name}-error` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
        className={inputClass}
      />
      {errors[name] && (
        <p id={`click-dummy-contact-${name}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Dialog
      open={open}
      title="Ihre Kontaktdaten"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Abbrechen
          </button>
          <button type="submit" form="click-dummy-contact" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
            Speichern und anfragen
          </button>
        </>
      }
    >
      <form id="click-dummy-contact" noValidate onSubmit={submit}>
        <p>
          Damit wir Ihnen den Click-Dummy schicken können, brauchen wir Ihren Namen und Ihre E-Mail-Adresse. Wir melden uns
          innerhalb von 48 Stunden.
        </p>
        <p className="mt-2 font-medium">{CLICK_DUMMY_REQUEST_IS_FREE}</p>
        {field('name', 'Name', 'text', 'name')}
        {field('email', 'E-Mail', 'email', 'email')}
        <p className="mt-4 text-sm">Mit * markierte Felder sind Pflichtfelder.</p>
        <PrivacyNotice href={CLICK_DUMMY_PRIVACY_SECTION} />
      </form>
    </Dialog>
  );
}
