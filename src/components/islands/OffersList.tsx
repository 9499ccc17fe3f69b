import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { ProductsLocaleSchema, type Product } from '../../lib/schemas/locales.ts';
import AddToCartButton from '../shop/AddToCartButton.tsx';
import { cardClass, text } from '../ui/classes.ts';
import { PriceTag } from '../ui/PriceTag.tsx';

interface OffersListProps {
  /** The offers as validated at build time: prerendered, so the list is there before any script runs. */
  initialProducts: readonly Product[];
  lang?: 'de' | 'en';
}

/**
 * The offer cards of the about page (SPEC "About page"). The build renders them from
 * locales/de-products.json; after hydration the island loads the same language file again, so an
 * edited or emptied offer list shows without a rebuild of the page, and the empty state is
 * reachable. A failed load keeps the prerendered offers: they come from the same validated file.
 */
export default function OffersList({ initialProducts, lang = 'de' }: OffersListProps) {
  const [products, setProducts] = useState(initialProducts);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/locales/${lang}-products.json`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const parsed = v.safeParse(ProductsLocaleSchema, await response.json());
        if (!parsed.success) throw new Error('Ungültige Produktdaten');
        setProducts(parsed.output.products);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Angebote konnten nicht neu geladen werden, die Seite zeigt den Stand der Veröffentlichung:', error);
      });
    return () => controller.abort();
  }, [lang]);

  if (products.length === 0) {
    return (
      <div className={`${cardClass({ tone: 'muted' })} text-center`}>
        <p className={text.h3}>Keine Angebote gefunden</p>
        <p className={`mt-2 ${text.body}`}>
          Momentan sind keine Produkte verfügbar. Bitte schauen Sie später wieder vorbei.
        </p>
      </div>
    );
  }

  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <li key={product.id} className={`flex flex-col ${cardClass()}`}>
          <h3 className={text.h3}>{product.name}</h3>
          {/* The gross price in cents with its unit and 'inkl. 19 % USt.' (PAngV), as every price of the site reads. */}
          <PriceTag grossCents={product.priceValue} unit={product.priceUnit} size="lg" className="mt-3" />
          <ul className={`mt-4 flex-1 list-disc space-y-1 pl-5 ${text.body}`}>
            {product.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <AddToCartButton product={product} label={product.button} />
            {product.moreInfoLink && (
              <a href={product.moreInfoLink} className={text.link}>
                Mehr Informationen<span className="sr-only"> zu {product.name}</span>
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
