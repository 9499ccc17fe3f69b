import { useState } from 'react';
import { withChange } from '../../lib/configurator/state.ts';
import { DEFAULT_CONFIGURATOR_STATE, type ConfiguratorState } from '../../lib/schemas/configurator.ts';
import { configurationLink } from '../configurator/configuration-link.ts';
import { ConfiguratorFields } from '../configurator/ConfiguratorFields.tsx';
import { Button } from '../ui/Button.tsx';
import { text } from '../ui/classes.ts';

/**
 * The configurator on the start page (#configurator): tabs, estimate and 'In den Warenkorb'.
 * The request itself is sent from /auftragskonfigurator, which takes the configuration along:
 * the start page already has the contact form, and a browser holds one captcha at a time, so a
 * second security check here would invalidate the contact form's.
 */
export default function ConfiguratorLanding() {
  const [state, setState] = useState<ConfiguratorState>(DEFAULT_CONFIGURATOR_STATE);
  return (
    <ConfiguratorFields state={state} update={(change) => setState((current) => withChange(current, change))} clickDummyHref="#clickDummy" headingLevel={3}>
      <Button href={configurationLink(state)} size="lg" block>
        Weiter zur Anfrage
      </Button>
      <p className={text.small}>Beschreiben Sie Ihr Projekt und senden Sie die Anfrage auf der Seite des Auftragskonfigurators – Ihre Auswahl nehmen wir mit.</p>
    </ConfiguratorFields>
  );
}
