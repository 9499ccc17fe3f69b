import { openCart } from '../../../stores/ui.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { text } from '../../../components/ui/classes.ts';
import { linkClass } from './CheckoutFields.tsx';

export const CART_PROBLEMS_ID = 'checkout-problems';

/** The checkout without anything to order: where the offers are, as links and as the two ways to them. */
export function EmptyCart() {
  return (
    <Card tone="muted" className="max-w-2xl">
      <p className={`text-h3 ${text.label}`}>Ihr Warenkorb ist leer.</p>
      <p className={`mt-2 ${text.body}`}>
        Unsere Angebote finden Sie auf der Seite{' '}
        <a href="/ueber-uns#offers" className={linkClass}>
          Über uns
        </a>{' '}
        und im{' '}
        <a href="/produktkatalog" className={linkClass}>
          Produktkatalog
        </a>
        .
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button href="/produktkatalog">Zum Produktkatalog</Button>
        <Button href="/webapp" variant="secondary">
          Webapp-Pakete vergleichen
        </Button>
      </div>
    </Card>
  );
}

/**
 * The cart's problems ('items…' errors) above the button: they are fixed in the cart, not in a
 * field, so the box takes the focus when no field has an error.
 */
export function CartProblems({ errors }: { errors: Record<string, string> }) {
  const problems = [...new Set(Object.entries(errors).filter(([path]) => path.startsWith('items')).map(([, text]) => text))];
  if (problems.length === 0) return null;
  return (
    <div id={CART_PROBLEMS_ID} tabIndex={-1} className="rounded-lg border border-red-700 p-3 font-medium text-red-800 dark:border-red-400 dark:text-red-200">
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
      <button type="button" onClick={openCart} className="mt-2 underline underline-offset-2">
        Warenkorb bearbeiten
      </button>
    </div>
  );
}
