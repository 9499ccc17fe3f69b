import { configurator } from '../../data/catalogue.ts';
import { configuredItems } from '../../lib/configurator/cart-item.ts';
import type { ConfiguratorState } from '../../lib/schemas/configurator.ts';
import { addItem } from '../../stores/cart.ts';
import { showAddedToCart } from '../../stores/ui.ts';

/**
 * 'In den Warenkorb' (SPEC §4): the setup and the monthly part as configured items, by the ids
 * the shop catalogue prices exactly as the cart dialog and POST /api/orders will, then the
 * confirmation dialog for the configuration as a whole.
 */
export function addConfigurationToCart(state: ConfiguratorState): void {
  const items = configuredItems(state, configurator);
  for (const item of items) addItem(item.id, 1);
  const [first] = items;
  if (!first) return;
  showAddedToCart({
    name: items.length > 1 ? 'Ihre Konfiguration: Entwicklung und Einrichtung sowie Hosting und Support' : first.name,
    quantity: 1,
  });
}
