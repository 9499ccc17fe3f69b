import { useId } from 'react';
import { captchaMessages } from '../../lib/schemas/security.ts';
import { ProofOfWorkStatus } from './ProofOfWorkStatus.tsx';
import { secondaryButton } from './styles.ts';
import type { SecurityCheckController } from './useSecurityCheck.ts';

/** The code field's id under a form's prefix: where the form's error summary leads a refused code. */
export const captchaInputId = (idPrefix: string) => `${idPrefix}-captcha-input`;

/**
 * The security check of every public form: captcha (picture, or as accessible alternative
 * the digits written as words) and the proof of work solved in the background (not on the
 * declarations, decision 0033). Without JavaScript the two captcha buttons send the form with
 * `captcha_mode`, and the server answers the form again, everything typed kept, with a new
 * picture or the text alternative; with JavaScript they load it in place.
 */
export function SecurityCheck({ check, error, idPrefix }: { check: SecurityCheckController; error?: string | undefined; idPrefix?: string }) {
  // A form's own prefix gives the code field a stable id, which its error summary links to.
  const generated = useId();
  const id = `${idPrefix ?? generated}-captcha`;
  const inputId = captchaInputId(idPrefix ?? generated);
  const { captcha, hashcash } = check;
  const statusId = `${id}-status`;
  const questionId = `${id}-question`;

  return (
    <fieldset className="rounded-xl border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-1 font-semibold">Sicherheitsprüfung</legend>
      {/* Without JavaScript the server answers a refused post with a new code of the kind shown. */}
      <input type="hidden" name="captcha_kind" value={captcha.mode} />

      <div className="flex flex-wrap items-center gap-3">
        {captcha.mode === 'image' ? (
          captcha.image ? (
            <img
              src={captcha.image}
              onError={check.pictureFailed}
              // Low: React would otherwise add a preload of the picture, a second request issuing a second captcha.
              fetchPriority="low"
              width={240}
              height={70}
              className="rounded-lg border border-slate-200 bg-white"
              alt="Sicherheitscode: sechs Buchstaben und Ziffern als Bild. Alternativ können Sie den Code als Text anzeigen lassen."
            />
          ) : (
            <div className="h-[70px] w-[240px] rounded-lg bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
          )
        ) : (
          <p id={questionId} className="max-w-md rounded-lg bg-slate-100 p-3 font-medium dark:bg-slate-800">
            {captcha.question ?? 'Aufgabe wird geladen …'}
          </p>
        )}
        <div className="flex flex-col gap-2">
          <CaptchaButton mode={captcha.mode} check={check}>
            {captcha.mode === 'image' ? 'Neues Bild' : 'Neue Aufgabe'}
          </CaptchaButton>
          <CaptchaButton mode={captcha.mode === 'image' ? 'text' : 'image'} check={check}>
            {captcha.mode === 'image' ? 'Code als Text anzeigen' : 'Code als Bild anzeigen'}
          </CaptchaButton>
        </div>
      </div>

      <label htmlFor={inputId} className="mt-4 block font-medium">
        Sicherheitscode
      </label>
      <input
        id={inputId}
        name="captcha"
        value={captcha.input}
        onChange={(event) => check.setCaptchaInput(event.target.value)}
        onBlur={check.checkCaptchaNow}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        aria-invalid={captcha.status === 'invalid' || Boolean(error)}
        aria-describedby={`${statusId}${captcha.mode === 'text' ? ` ${questionId}` : ''}`}
        className="mt-1 w-48 rounded-lg border border-slate-400 bg-white px-3 py-2 uppercase tracking-widest text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
      />
      <p id={statusId} role="status" className="mt-2 min-h-6 text-sm font-medium">
        {captcha.loadError ? (
          <span className="text-red-700 dark:text-red-300">{captcha.loadError}</span>
        ) : captcha.status === 'valid' ? (
          <span className="text-green-700 dark:text-green-300">{captchaMessages.correct}</span>
        ) : captcha.status === 'invalid' ? (
          <span className="text-red-700 dark:text-red-300">{captchaMessages.wrong}</span>
        ) : error ? (
          <span className="text-red-700 dark:text-red-300">{error}</span>
        ) : null}
      </p>

      {check.proofOfWork && <ProofOfWorkStatus hashcash={hashcash} onRetry={() => void check.reloadHashcash()} />}
    </fieldset>
  );
}

/** Loads a new captcha of this mode in place; without JavaScript it sends the form for one. */
function CaptchaButton({ mode, check, children }: { mode: 'image' | 'text'; check: SecurityCheckController; children: string }) {
  return (
    <button
      type="submit"
      name="captcha_mode"
      value={mode}
      formNoValidate
      className={secondaryButton}
      onClick={(event) => {
        event.preventDefault();
        check.newCaptcha(mode);
      }}
    >
      {children}
    </button>
  );
}
