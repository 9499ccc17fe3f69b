import { cartConfiguration, encodeConfiguration } from '../../lib/configurator/cart-item.ts';
import type { ConfiguratorState } from '../../lib/schemas/configurator.ts';

/** The query parameter that carries a configuration from the landing variant to the configurator page. */
export const CONFIGURATION_PARAMETER = 'konfiguration';

/** '/auftragskonfigurator?konfiguration=…' in the same canonical encoding as the cart ids. */
export function configurationLink(state: ConfiguratorState): string {
  return `/auftragskonfigurator?${new URLSearchParams({ [CONFIGURATION_PARAMETER]: encodeConfiguration(cartConfiguration(state)) })}`;
}
