import { useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../client/api.ts';
import { AUTOFILL_JSON_ERROR, valuesFromJson, valuesFromVcard, type FieldValues } from '../../lib/forms/autofill.ts';
import type { HashcashSolution } from '../../lib/hashcash/index.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { sendWithProofOfWork } from '../../client/resend-on-refusal.ts';
import type { SecurityCheckController } from '../security/useSecurityCheck.ts';
import { KitForm } from './ErrorSummary.tsx';
import type { FormFields, FormValues } from './useFormFields.ts';

const MISSING_SECURITY_MESSAGE = 'Bitte lösen Sie das CAPTCHA/Hashcash.';
const UNKNOWN_ERROR = 'Unbekannter Fehler';
const RETRY_DELAY_MS = 600;

export interface SecurityFields {
  captcha: string;
  /** Absent on the declarations, which ask for no proof of work (decision 0033). */
  hashcash_solutions?: HashcashSolution[];
}

interface SecureFormProps<V extends FormValues> {
  check: SecurityCheckController;
  /**
   * The form's fields: checked before sending (touchAll), their errors summed up above them,
   * and filled from a dropped file.
   */
  form: Pick<FormFields<V>, 'touchAll' | 'autofill' | 'summary'>;
  /** Sends the form; throws with the server's message on failure. */
  send: (security: SecurityFields) => Promise<void>;
  /** Called after a failure was shown, e.g. to show the form's own error text. */
  onFailed?: (error: unknown) => void;
  /** The dialog's text for a failure; without it the error's own message. */
  failureText?: (error: unknown) => string;
  label: string;
  /**
   * Where the form posts without JavaScript (application/x-www-form-urlencoded). Without it a
   * scriptless submit still posts – to the page itself, which refuses it – and never puts the
   * fields into a URL as a GET would.
   */
  action?: string;
  children: ReactNode;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : UNKNOWN_ERROR);

/** A refusal naming fields: the error summary, which takes the focus, says it (no dialog on top). */
const refusedFields = (error: unknown) => error instanceof ApiError && Object.keys(error.errors).length > 0;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The wrapper of every form with a security check (SPEC §4, §5, §8): it starts the check when
 * the form is first used (focus anywhere inside it, or a dropped file), refuses to send
 * until captcha and hashcash are solved, retries once with new tasks when the server did
 * not accept the hashcash, reports other failures in a dialog, and fills fields from a
 * dropped JSON file (by field name) or vCard (name, e-mail, phone).
 */
export function SecureForm<V extends FormValues>({ check, form, send, onFailed, failureText = messageOf, label, action, children }: SecureFormProps<V>) {
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.touchAll()) return;
    const solutions = check.hashcash.status === 'validated' ? check.hashcash.solutions : null;
    if (check.captcha.status !== 'valid' || !solutions) {
      setMessage(MISSING_SECURITY_MESSAGE);
      return;
    }
    const captcha = check.captcha.input.trim();
    try {
      if (check.proofOfWork) {
        await sendWithProofOfWork((hashcash_solutions) => send({ captcha, hashcash_solutions }), solutions, async () => {
          const fresh = await check.reloadHashcash();
          await sleep(RETRY_DELAY_MS);
          return fresh;
        });
      } else {
        await send({ captcha });
      }
    } catch (error) {
      if (!refusedFields(error)) setMessage(failureText(error));
      onFailed?.(error);
    }
  }

  async function onDrop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setDragging(false);
    check.start();
    const file = event.dataTransfer.files[0];
    if (!file) return;
    const element = event.currentTarget;
    const text = await file.text();
    let values: FieldValues;
    if (/\.vcf$/i.test(file.name) || file.type === 'text/vcard' || file.type === 'text/x-vcard') {
      values = valuesFromVcard(text);
    } else {
      try {
        values = valuesFromJson(text);
      } catch {
        setMessage(AUTOFILL_JSON_ERROR);
        return;
      }
    }
    const known = Object.fromEntries(Object.entries(values).filter(([name]) => element.elements.namedItem(name) !== null));
    form.autofill(known);
  }

  return (
    <>
      <KitForm
        summary={form.summary}
        method="post"
        action={action}
        aria-label={label}
        onSubmit={(event) => void onSubmit(event)}
        onFocus={check.start}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => void onDrop(event)}
        className={`space-y-5 rounded-2xl transition-shadow ${dragging ? 'ring-4 ring-brand-400' : ''}`}
      >
        {/*
          The default button: Enter in a field clicks the form's first submit button, and the
          captcha's buttons ('Neues Bild') are submit buttons too, for use without JavaScript.
          Hidden from sight and from assistive technology; the visible button does the same.
        */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          Absenden
        </button>
        {children}
      </KitForm>
      <Dialog open={message !== null} title="Hinweis" onClose={() => setMessage(null)} onConfirm={() => setMessage(null)} hideCancel>
        <p>{message}</p>
      </Dialog>
    </>
  );
}
