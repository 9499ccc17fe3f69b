import { catalogue, configurator } from '../../data/catalogue.ts';
import { configuredItems } from '../../lib/configurator/cart-item.ts';
import { cartProductOf } from '../../lib/offers.ts';
import type { ConfiguratorState } from '../../lib/schemas/configurator.ts';
import { addItem } from '../../stores/cart.ts';
import { showAddedToCart } from '../../stores/ui.ts';

/**
 * 'In den Warenkorb' (SPEC §4): the setup and the monthly part as configured items, named and
 * priced by the shop catalogue exactly as the cart dialog and POST /api/orders will, then the
 * confirmation dialog for the configuration as a whole.
 */
export function addConfigurationToCart(state: ConfiguratorState): void {
  const items = configuredItems(state, configurator);
  for (const item of items) {
    const entry = catalogue.get(item.id)!;
    addItem(cartProductOf(entry), 1);
  }
  const [first] = items;
  if (!first) return;
  showAddedToCart({
    id: first.id,
    name: items.length > 1 ? 'Ihre Konfiguration: Entwicklung und Einrichtung sowie Hosting und Support' : first.name,
    price: items.reduce((sum, item) => sum + item.grossCents, 0),
    image: '',
    quantity: 1,
  });
}
