import { useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../client/api.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { Button } from '../ui/Button.tsx';
import type { ButtonLook } from '../ui/classes.ts';

/** What a send came to, as the line below the form says it. */
export interface Outcome {
  ok: boolean;
  message: string;
}

/** The message of a failed send or action, as the line below it shows it. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Ein unbekannter Fehler ist aufgetreten.';
}

/**
 * The submit state of every form: whether it is sending (its button pending) and
 * the outcome of the last send. `send` rethrows, so a wrapper such as SecureForm still sees the failure.
 */
export function useSubmission() {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return {
    sending,
    outcome,
    setOutcome,
    async send<T>(work: () => Promise<T>): Promise<T> {
      setSending(true);
      setOutcome(null);
      try {
        return await work();
      } finally {
        setSending(false);
      }
    },
    /** Runs an action whose answer is the message to show; a failure shows its own message. */
    async report(work: () => Promise<string>): Promise<void> {
      setSending(true);
      setOutcome(null);
      try {
        setOutcome({ ok: true, message: await work() });
      } catch (error) {
        setOutcome({ ok: false, message: failureMessage(error) });
      } finally {
        setSending(false);
      }
    },
  };
}

interface SubmitButtonProps extends ButtonLook {
  sending: boolean;
  label: string;
  /** A further reason not to send yet (a login waiting for its captcha); never missing input (decision 0070). */
  disabled?: boolean;
  /** Classes after the kit's, e.g. a width from a breakpoint on. */
  className?: string;
}

/**
 * The send button of every form: the kit's Button, pending while sending – disabled, aria-busy
 * and a spinner – with its label kept, so it keeps its accessible name and the same look on every
 * form (docs/decisions/0069-design-system.md).
 */
export function SubmitButton({ sending, label, disabled, ...look }: SubmitButtonProps) {
  return (
    <Button type="submit" pending={sending} disabled={disabled} {...look}>
      {label}
    </Button>
  );
}

/** The outcome below a form, green or red, read out politely when it changes. */
export function OutcomeStatus({ outcome, className = 'font-medium' }: { outcome: Outcome | null; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      {outcome && <p className={outcome.ok ? 'text-green-700 dark:text-green-300' : 'text-red-700 dark:text-red-300'}>{outcome.message}</p>}
    </div>
  );
}

/**
 * Sends a form (`post`: the call of its route); the field errors of a refusal – the server's, or
 * the route's schema's before sending – show at the form's fields.
 */
export async function postForm<T>(form: { refuse(errors: Record<string, string>): void }, post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    if (error instanceof ApiError) form.refuse(error.errors);
    if (error instanceof v.ValiError) form.refuse(fieldErrors(error.issues));
    throw error;
  }
}
