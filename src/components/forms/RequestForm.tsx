import { useState, type ReactNode } from 'react';
import type * as v from 'valibot';
import { api, ApiError, type ApiInput } from '../../client/api.ts';
import { routeUrl, type AnswerOf, type Json, type Route } from '../../lib/http/route.ts';
import { acceptedInput } from '../../lib/schemas/issues.ts';
import type { FormAnswer, ReceiptText, SummaryLine } from '../../lib/schemas/forms/common.ts';
import { SecurityCheck } from '../security/SecurityCheck.tsx';
import type { PostedForm } from '../../lib/forms/posted-form.ts';
import { useSecurityCheck, type SecurityCheckOptions } from '../security/useSecurityCheck.ts';
import { buttonClass, text } from '../ui/classes.ts';
import { KitForm } from './ErrorSummary.tsx';
import { Receipt } from './Receipt.tsx';
import { SecureForm, type SecurityFields } from './SecureForm.tsx';
import { OutcomeStatus, postForm, SubmitButton, useSubmission } from './submission.tsx';
import type { FormFields, FormValues } from './useFormFields.ts';

interface SentReceipt<A> {
  id: number;
  receivedAt: string;
  lines: SummaryLine[];
  answer: A;
}

/** A form's route: a POST with a body schema, answered with the receipt's number and time. */
export type FormRoute = Route & { method: 'POST'; body: v.GenericSchema; answer: Json<FormAnswer> };

export interface RequestFormProps<V extends FormValues, O, R extends FormRoute> {
  label: string;
  /** Where it is sent (src/features/legal-forms/routes.ts); without JavaScript a declaration posts there too. */
  route: R;
  form: FormFields<V, O>;
  /** The JSON body without the security fields; without it the form's values. */
  payload?: () => Record<string, unknown>;
  /** The content as the receipt shows it, from the schema's output. */
  summary: (output: O) => SummaryLine[];
  /**
   * What the server's answer adds to or changes in the receipt's lines – what only the server
   * knows on receipt, such as the concrete end of a cancelled contract. Without it: the summary.
   */
  receiptLines?: (answer: FormAnswerOf<R>, lines: SummaryLine[]) => SummaryLine[];
  /** The send button's text; without it the form's label. */
  submitLabel?: string;
  /** The form's own error text (SPEC §8). */
  sendFailed: string;
  /**
   * Heading and lead of the receipt page; the lead says whether the receipt mail went, and may
   * word what the server's answer says (a cancellation that changed the owner's contract).
   */
  receipt: (confirmationMailed: boolean, answer: FormAnswerOf<R>) => ReceiptText;
  /** A second step (§ 356a BGB): the first button shows the content, this button sends it. */
  confirmStep?: { nextLabel: string; heading: string; hint: string };
  /** Logged-in customers send without the security check (the session identifies them). */
  withoutSecurityCheck?: boolean;
  /**
   * A declaration (cancellation, withdrawal; decision 0033): it posts without JavaScript too, with
   * the captcha picture in the prebuilt HTML, and asks for no proof of work.
   */
  declaration?: boolean;
  /** Set when the server renders the form for a post without JavaScript. */
  posted?: PostedForm;
  children: ReactNode;
}

/** The answer of a form's route: its own type, which has the receipt's number and time (FormRoute). */
type FormAnswerOf<R extends FormRoute> = AnswerOf<R> & FormAnswer;

/**
 * Sends a form's values to its route once the route's own schema accepts them: a value the fields'
 * schema let through but the body's does not is refused here with the same field errors
 * (postForm). For a route only known as some FormRoute the compiler cannot work out api()'s input
 * and answer types, which every concrete route has (acceptedInput proves the one, FormRoute's
 * answer the other); hence the two casts.
 */
function sendForm<R extends FormRoute>(route: R, values: Record<string, unknown>): Promise<FormAnswerOf<R>> {
  const body = acceptedInput(route.body, values);
  return api(route, { body } as unknown as ApiInput<R>) as Promise<FormAnswerOf<R>>;
}

/** What a public form takes from its route and its schema module: the receipt's lines and the form's error text. */
export function publicForm<R extends FormRoute, O>(route: R, label: string, summary: (output: O) => SummaryLine[], messages: { sendFailed: string }) {
  return { label, route, summary, sendFailed: messages.sendFailed };
}

/**
 * A request form on the security-check wrapper: validate with the shared schema, send, show
 * the server's field errors next to the fields and the form's error text, and after success
 * the receipt with content, date and time of receipt.
 */
export function RequestForm<V extends FormValues, O, R extends FormRoute>(props: RequestFormProps<V, O, R>) {
  const { label, route, form, payload, summary, receiptLines, submitLabel = label, sendFailed, receipt, confirmStep, withoutSecurityCheck, declaration, posted, children } =
    props;
  const submission = useSubmission();
  const [reviewing, setReviewing] = useState(posted?.reviewing === true);
  const [sent, setSent] = useState<SentReceipt<FormAnswerOf<R>> | null>(null);
  // Only called once the form is valid (touchAll before every send and review).
  const lines = () => (form.output === null ? [] : summary(form.output));

  const post = (security: SecurityFields | null) =>
    submission.send(async () => {
      try {
        const summed = lines();
        const answer = await postForm(form, () => sendForm(route, { ...(payload ? payload() : form.values), ...security }));
        setSent({
          id: answer.id,
          receivedAt: answer.receivedAt,
          lines: receiptLines ? receiptLines(answer, summed) : summed,
          answer,
        });
      } catch (error) {
        // 404 and 409 say what is wrong with the request itself (e.g. a contract already
        // cancelled): trying again would not help, so the server's words replace the generic text.
        const refused = error instanceof ApiError && (error.status === 404 || error.status === 409);
        submission.setOutcome({ ok: false, message: refused ? error.message : sendFailed });
        setReviewing(false);
        throw error;
      }
    });

  if (sent) {
    const { title, lead } = receipt(sent.answer.confirmationMailed, sent.answer);
    return <Receipt title={title} lead={lead} id={sent.id} receivedAt={sent.receivedAt} lines={sent.lines} />;
  }

  const buttons = (
    <div className="flex flex-wrap items-center gap-4">
      {reviewing && (
        // Without JavaScript it sends the form back for changes ('edit'), nothing is stored.
        <button
          type="submit"
          name="edit"
          value="1"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            setReviewing(false);
          }}
          className={buttonClass({ variant: 'secondary' })}>
          Angaben ändern
        </button>
      )}
      <SubmitButton sending={submission.sending} label={confirmStep && !reviewing ? confirmStep.nextLabel : submitLabel} />
      {!reviewing && <p className="text-sm text-slate-600 dark:text-slate-400">* Pflichtfeld</p>}
    </div>
  );
  const status = <OutcomeStatus outcome={submission.outcome} />;

  if (withoutSecurityCheck) {
    return (
      <KitForm
        summary={form.summary}
        aria-label={label}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.touchAll()) return;
          // The outcome line says what failed.
          post(null).catch(() => undefined);
        }}
      >
        {children}
        {buttons}
        {status}
      </KitForm>
    );
  }

  return (
    <SecuredForm
      label={label}
      action={routeUrl(route)}
      security={{ proofOfWork: !declaration, pictureInHtml: declaration, captcha: posted?.captcha }}
      form={form}
      post={post}
      reviewing={reviewing}
      startReview={confirmStep ? () => setReviewing(true) : undefined}
      after={
        <>
          {reviewing && confirmStep && (
            <section aria-labelledby={`${form.idPrefix}-review`} className="rounded-xl border-2 border-brand-600 p-5 dark:border-brand-300">
              <h3 id={`${form.idPrefix}-review`} className="text-xl font-semibold">
                {confirmStep.heading}
              </h3>
              <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
                {lines().map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="font-semibold">{term}</dt>
                    <dd className={text.typed}>{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-4">{confirmStep.hint}</p>
              {/* Tells the server without JavaScript that this post is the confirmation, not the first step. */}
              <input type="hidden" name="confirmed" value="1" />
            </section>
          )}
          {buttons}
          {status}
        </>
      }
    >
      {children}
    </SecuredForm>
  );
}

interface SecuredFormProps<V extends FormValues> {
  label: string;
  action: string;
  security: SecurityCheckOptions;
  form: FormFields<V>;
  post: (security: SecurityFields) => Promise<void>;
  reviewing: boolean;
  /** Set when the form has a review step: the first submit (with a solved check) starts it. */
  startReview: (() => void) | undefined;
  after: ReactNode;
  children: ReactNode;
}

/** The public variant: captcha and proof of work through SecureForm (its own component, so customers never solve one). */
function SecuredForm<V extends FormValues>({ label, action, security, form, post, reviewing, startReview, after, children }: SecuredFormProps<V>) {
  const check = useSecurityCheck(security);
  return (
    <SecureForm
      check={check}
      label={label}
      action={action}
      form={form}
      send={(security) => {
        if (startReview && !reviewing) {
          startReview();
          return Promise.resolve();
        }
        return post(security);
      }}
      onFailed={check.reloadAll}
    >
      {/* Hidden, not unmounted, during the review: going back keeps everything typed. */}
      <div hidden={reviewing} className="space-y-5">
        {children}
        <SecurityCheck check={check} error={form.serverErrors.captcha} idPrefix={form.idPrefix} />
      </div>
      {after}
    </SecureForm>
  );
}
