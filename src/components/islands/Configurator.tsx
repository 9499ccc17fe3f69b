import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { applyConfiguration, decodeConfiguration } from '../../lib/configurator/cart-item.ts';
import { withChange } from '../../lib/configurator/state.ts';
import { ApiError, apiFetch } from '../../client/api.ts';
import {
  ConfiguratorContactSchema,
  configuratorMessages,
  DEFAULT_CONFIGURATOR_STATE,
  type ConfiguratorContact,
  type ConfiguratorState,
} from '../../lib/schemas/configurator.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { $savedClickDummies } from '../../stores/click-dummies.ts';
import { CONFIGURATION_PARAMETER } from '../configurator/configuration-link.ts';
import { ConfiguratorFields } from '../configurator/ConfiguratorFields.tsx';
import { INQUIRY_PRIVACY_SECTION } from '../forms/PrivacyNotice.tsx';
import { SecureForm, type SecurityFields } from '../forms/SecureForm.tsx';
import { SecurityCheck } from '../security/SecurityCheck.tsx';
import { useSecurityCheck } from '../security/useSecurityCheck.ts';
import { errorProps, FieldError } from '../ui/FieldError.tsx';

type ContactField = keyof ConfiguratorContact;

const EMPTY_CONTACT: ConfiguratorContact = { name: '', email: '', message: '' };

/** The server's own words when it sent any ('HTTP error! status' is apiFetch's stand-in), else the SPEC §8 text. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.message && !error.message.startsWith('HTTP error!') ? error.message : configuratorMessages.sendFailed;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

/**
 * The order configurator page (SPEC §2–§5, issue 8): both tabs with the estimate of the shared
 * price engine, 'In den Warenkorb', and 'Anfrage senden' to POST /api/inquiry, which prices the
 * submitted state again itself. A configuration from the landing variant arrives in the URL.
 */
export default function Configurator() {
  const check = useSecurityCheck();
  const clickDummies = useStore($savedClickDummies);
  const [state, setState] = useState<ConfiguratorState>(DEFAULT_CONFIGURATOR_STATE);
  const [contact, setContact] = useState<ConfiguratorContact>(EMPTY_CONTACT);
  const [touched, setTouched] = useState<Partial<Record<ContactField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ kind: 'idle' } | { kind: 'success' } | { kind: 'error'; text: string }>({ kind: 'idle' });

  // The prebuilt HTML shows the defaults; a configuration passed in the URL applies after hydration.
  useEffect(() => {
    const configuration = decodeConfiguration(new URLSearchParams(window.location.search).get(CONFIGURATION_PARAMETER) ?? '');
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is only readable in the browser, after hydration
    if (configuration) setState((current) => applyConfiguration(current, configuration));
  }, []);

  const contactResult = v.safeParse(ConfiguratorContactSchema, contact);
  const errors: Partial<Record<ContactField, string>> = contactResult.success ? {} : fieldErrors(contactResult.issues);
  const shown = (field: ContactField) => (touched[field] ? (errors[field] ?? serverErrors[field]) : undefined);

  function update(change: Partial<ConfiguratorState>) {
    setState((current) => withChange(current, change));
    setStatus({ kind: 'idle' });
  }

  function changeContact(field: ContactField, value: string) {
    setContact((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors({});
    setStatus({ kind: 'idle' });
  }

  async function send(security: SecurityFields) {
    setSending(true);
    try {
      await apiFetch('/api/inquiry', { method: 'POST', json: { ...contact, configurator: state, clickDummies, ...security } });
      setContact(EMPTY_CONTACT);
      setTouched({});
      setStatus({ kind: 'success' });
      check.reloadAll();
    } catch (error) {
      const text = failureText(error);
      if (error instanceof ApiError) setServerErrors(error.errors);
      setStatus({ kind: 'error', text });
      // SecureForm shows the same text in its dialog (and retries once on a refused proof of work).
      throw new Error(text, { cause: error });
    } finally {
      setSending(false);
    }
  }

  const errorId = (field: ContactField) => `configurator-${field}-error`;

  return (
    <SecureForm
      check={check}
      label="Auftragskonfigurator"
      validate={() => {
        setTouched({ name: true, email: true, message: true });
        return contactResult.success;
      }}
      send={send}
      onFailed={() => check.reloadAll()}
      onAutofill={(filled) => {
        const known = Object.entries(filled).filter(([key]) => key in EMPTY_CONTACT);
        setContact((current) => ({ ...current, ...Object.fromEntries(known.map(([key, value]) => [key, String(value)])) }));
        setTouched((current) => ({ ...current, ...Object.fromEntries(known.map(([key]) => [key, true])) }));
      }}
    >
      <ConfiguratorFields
        state={state}
        update={update}
        description={{ message: contact.message, onMessageChange: (message) => changeContact('message', message), error: shown('message') }}
        clickDummyHref="/#clickDummy"
        headingLevel={2}
      />

      <section aria-labelledby="configurator-request-heading" className="space-y-5 border-t border-slate-200 pt-6 dark:border-slate-700">
        <h2 id="configurator-request-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          Unverbindliche Anfrage
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor="configurator-name" className="font-medium">
              Name <span aria-hidden="true">*</span>
            </label>
            <input id="configurator-name" name="name" autoComplete="name" required value={contact.name} onChange={(event) => changeContact('name', event.target.value)} {...errorProps(errorId('name'), shown('name'))} className={inputClass} />
            <FieldError id={errorId('name')} message={shown('name')} />
          </div>
          <div>
            <label htmlFor="configurator-email" className="font-medium">
              E-Mail <span aria-hidden="true">*</span>
            </label>
            <input id="configurator-email" name="email" type="email" autoComplete="email" required value={contact.email} onChange={(event) => changeContact('email', event.target.value)} {...errorProps(errorId('email'), shown('email'))} className={inputClass} />
            <FieldError id={errorId('email')} message={shown('email')} />
          </div>
        </div>
        <SecurityCheck check={check} error={serverErrors.captcha} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Wir verwenden Ihre Angaben und die Konfiguration nur, um Ihre Anfrage zu beantworten; Sie erhalten eine Kopie der Kostenschätzung per E-Mail. Mehr dazu in der{' '}
          <a href={INQUIRY_PRIVACY_SECTION} className="font-medium text-brand-700 underline dark:text-brand-300">
            Datenschutzerklärung
          </a>
          .
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={sending} className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-600">
            {sending ? 'Wird gesendet …' : 'Anfrage senden'}
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-400">* Pflichtfeld</p>
        </div>
        <div role="status" aria-live="polite" className="font-medium">
          {status.kind === 'success' && <p className="text-green-700 dark:text-green-300">{configuratorMessages.sent}</p>}
          {status.kind === 'error' && <p className="text-red-700 dark:text-red-300">{status.text}</p>}
        </div>
      </section>
    </SecureForm>
  );
}
