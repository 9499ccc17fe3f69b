import type { FormEvent } from 'react';
import { CLICK_DUMMY_REQUEST_IS_FREE } from '../request-terms.ts';
import { ClickDummyContactSchema, type ClickDummyContact } from '../schemas.ts';
import { TextField } from '../../../components/forms/Fields.tsx';
import { KitForm } from '../../../components/forms/ErrorSummary.tsx';
import { CLICK_DUMMY_PRIVACY_SECTION, PrivacyNotice } from '../../../components/forms/PrivacyNotice.tsx';
import { useFormFields } from '../../../components/forms/useFormFields.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { text } from '../../../components/ui/classes.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';

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
  const form = useFormFields('click-dummy-contact', ClickDummyContactSchema, initial ?? { name: '', email: '' }, { reveal: 'submit' });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The error summary above the fields takes the focus and lists what is missing.
    if (!form.touchAll() || !form.output) return;
    onSave(form.output);
  }

  return (
    <Dialog
      open={open}
      title="Ihre Kontaktdaten"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" form="click-dummy-contact">
            Speichern und anfragen
          </Button>
        </>
      }
    >
      <KitForm summary={form.summary} id="click-dummy-contact" onSubmit={submit}>
        <p>
          Damit wir Ihnen den Click-Dummy schicken können, brauchen wir Ihren Namen und Ihre E-Mail-Adresse. Wir melden uns
          innerhalb von 48 Stunden.
        </p>
        <p className="mt-2 font-medium">{CLICK_DUMMY_REQUEST_IS_FREE}</p>
        <TextField form={form} field="name" label="Name" required autoComplete="name" className="mt-4" />
        <TextField form={form} field="email" label="E-Mail" type="email" required autoComplete="email" className="mt-4" />
        <p className={`mt-4 ${text.muted}`}>Mit * markierte Felder sind Pflichtfelder.</p>
        <PrivacyNotice href={CLICK_DUMMY_PRIVACY_SECTION} />
      </KitForm>
    </Dialog>
  );
}
