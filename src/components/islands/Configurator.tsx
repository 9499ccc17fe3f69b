import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { applyConfiguration, decodeConfiguration } from '../../lib/configurator/cart-item.ts';
import { withChange } from '../../lib/configurator/state.ts';
import { ApiError } from '../../client/api.ts';
import {
  ConfiguratorContactSchema,
  configuratorMessages,
  DEFAULT_CONFIGURATOR_STATE,
  type ConfiguratorContact,
  type ConfiguratorState,
} from '../../lib/schemas/configurator.ts';
import { $savedClickDummies } from '../../features/click-dummy/stores/saved.ts';
import { CONFIGURATION_PARAMETER } from '../configurator/configuration-link.ts';
import { ConfiguratorFields } from '../configurator/ConfiguratorFields.tsx';
import { INQUIRY_PRIVACY_SECTION } from '../forms/PrivacyNotice.tsx';
import { SecureForm, type SecurityFields } from '../forms/SecureForm.tsx';
import { SecurityCheck } from '../security/SecurityCheck.tsx';
import { useSecurityCheck } from '../security/useSecurityCheck.ts';
import { NameAndEmail } from '../forms/Fields.tsx';
import { OutcomeStatus, SubmitButton } from '../forms/submission.tsx';
import { useInquiry } from '../forms/useInquiry.ts';
import { useFormFields } from '../forms/useFormFields.ts';
import { divider, text } from '../ui/classes.ts';

const EMPTY_CONTACT: ConfiguratorContact = { name: '', email: '', message: '' };

/** The server's own words when it sent any ('HTTP error! status' is the client's stand-in), else the SPEC §8 text. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.message && !error.message.startsWith('HTTP error!') ? error.message : configuratorMessages.sendFailed;
}

/**
 * The order configurator page (SPEC §2–§5, issue 8): both tabs with the estimate of the shared
 * price engine, 'In den Warenkorb', and 'Anfrage senden' to POST /api/inquiry, which prices the
 * submitted state again itself. A configuration from the landing variant arrives in the URL.
 */
export default function Configurator() {
  const check = useSecurityCheck();
  const clickDummies = useStore($savedClickDummies);
  const [state, setState] = useState<ConfiguratorState>(DEFAULT_CONFIGURATOR_STATE);
  const { submission, send } = useInquiry(check, configuratorMessages.sent);
  const contact = useFormFields('configurator', ConfiguratorContactSchema, EMPTY_CONTACT, { onChange: () => submission.setOutcome(null) });

  // The prebuilt HTML shows the defaults; a configuration passed in the URL applies after hydration.
  useEffect(() => {
    const configuration = decodeConfiguration(new URLSearchParams(window.location.search).get(CONFIGURATION_PARAMETER) ?? '');
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is only readable in the browser, after hydration
    if (configuration) setState((current) => applyConfiguration(current, configuration));
  }, []);

  function update(change: Partial<ConfiguratorState>) {
    setState((current) => withChange(current, change));
    submission.setOutcome(null);
  }

  return (
    <SecureForm
      check={check}
      label="Auftragskonfigurator"
      form={contact}
      send={(security: SecurityFields) => send(contact, { ...contact.values, configurator: state, clickDummies }, security)}
      failureText={failureText}
      onFailed={(error) => {
        submission.setOutcome({ ok: false, message: failureText(error) });
        check.reloadAll();
      }}
    >
      <ConfiguratorFields state={state} update={update} description={contact} clickDummyHref="/#clickDummy" headingLevel={2} />

      <section aria-labelledby="configurator-request-heading" className={`space-y-5 pt-6 ${divider}`}>
        <h2 id="configurator-request-heading" className={text.h3}>
          Unverbindliche Anfrage
        </h2>
        <NameAndEmail form={contact} />
        <SecurityCheck check={check} error={contact.serverErrors.captcha} idPrefix={contact.idPrefix} />
        <p className={text.small}>
          Wir verwenden Ihre Angaben und die Konfiguration nur, um Ihre Anfrage zu beantworten; Sie erhalten eine Kopie der Kostenschätzung per E-Mail. Mehr dazu in der{' '}
          <a href={INQUIRY_PRIVACY_SECTION} className={text.link}>
            Datenschutzerklärung
          </a>
          .
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton sending={submission.sending} label="Anfrage senden" size="lg" />
          <p className={text.muted}>* Pflichtfeld</p>
        </div>
        <OutcomeStatus outcome={submission.outcome} />
      </section>
    </SecureForm>
  );
}
