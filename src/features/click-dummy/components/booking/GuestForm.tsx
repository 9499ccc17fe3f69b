import { useState, type FormEvent } from 'react';
import { validateGuest, type GuestDetails, type GuestErrors } from '../../booking.ts';
import { DemoField } from './DemoField.tsx';
import { demoPrimary } from './ui.ts';

interface GuestFormProps {
  guest: GuestDetails;
  onGuest: (guest: GuestDetails) => void;
  onBook: () => void;
}

const FIELDS: { field: keyof GuestDetails; label: string; type: string; autoComplete: string; required: boolean }[] = [
  { field: 'name', label: 'Name', type: 'text', autoComplete: 'name', required: true },
  { field: 'email', label: 'E-Mail', type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', label: 'Telefon (optional)', type: 'tel', autoComplete: 'tel', required: false },
];

/** The booking form of the demo: name, e-mail, phone and notes, checked on submit. */
export function GuestForm({ guest, onGuest, onBook }: GuestFormProps) {
  const [errors, setErrors] = useState<GuestErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateGuest(guest);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`demo-guest-${first}`)?.focus();
    else onBook();
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Buchungsformular" className="flex flex-col gap-4">
      {FIELDS.map(({ field, label, type, autoComplete, required }) => (
        <DemoField
          key={field}
          id={`demo-guest-${field}`}
          label={
            <>
              {label}
              {required && <span aria-hidden="true"> *</span>}
            </>
          }
          error={errors[field]}
        >
          {(control) => (
            <input
              {...control}
              type={type}
              required={required}
              autoComplete={autoComplete}
              value={guest[field]}
              onChange={(e) => {
                onGuest({ ...guest, [field]: e.target.value });
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
            />
          )}
        </DemoField>
      ))}
      <DemoField id="demo-guest-notes" label="Anmerkungen (optional)">
        {(control) => <textarea {...control} rows={3} value={guest.notes} onChange={(e) => onGuest({ ...guest, notes: e.target.value })} />}
      </DemoField>
      <p className="text-sm text-slate-700 dark:text-slate-300">Mit * markierte Felder sind Pflichtfelder. In dieser Demo wird nichts gesendet.</p>
      <button type="submit" className={`${demoPrimary} self-start`}>
        Verbindlich buchen
      </button>
    </form>
  );
}
