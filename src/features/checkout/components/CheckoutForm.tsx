import { useStore } from '@nanostores/react';
import { useCallback, useState, type FormEvent } from 'react';
import { agb } from '../../../data/agb.ts';
import { catalogue } from '../../../data/catalogue.ts';
import { hashcashMessages } from '../../../lib/hashcash/flow.ts';
import { ApiError } from '../../../client/api.ts';
import { placeOrder } from '../stores/checkout.ts';
import { priceCart, type PricedCart } from '../../../lib/order.ts';
import { reviewReasons } from '../../../lib/orders/acceptance.ts';
import { checkoutErrors, checkoutSchema, checkoutTaxCase, EMPTY_CHECKOUT, ORDER_REQUEST_PATH, orderRequest, type CheckoutValues } from '../order-form.ts';
import { PRICE_BASIS } from '../../../lib/prices/amounts.ts';
import type { PriceDisplay } from '../../../lib/prices/statement.ts';
import type { PaymentMethod } from '../../../lib/schemas/order.ts';
import { chargesGermanVat } from '../../../lib/tax-case.ts';
import { $cartEntries } from '../../../stores/cart.ts';
import { ProofOfWorkStatus } from '../../../components/security/ProofOfWorkStatus.tsx';
import { useProofOfWork } from '../../../components/security/useProofOfWork.ts';
import { useMounted } from '../../../components/ui/useMounted.ts';
import { KitForm } from '../../../components/forms/ErrorSummary.tsx';
import { SubmitButton, useSubmission } from '../../../components/forms/submission.tsx';
import { useFormFields } from '../../../components/forms/useFormFields.ts';
import { CART_PROBLEMS_ID, CartProblems, EmptyCart } from './CartNotices.tsx';
import { CustomerFields } from './CheckoutFields.tsx';
import { CheckoutSuccess, type PlacedOrderView } from './CheckoutSuccess.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { PaymentFields } from './PaymentFields.tsx';
import { TermsFields } from './TermsFields.tsx';
import { useAccountPrefill } from './useAccountPrefill.ts';
import { useLinkedProduct } from './useLinkedProduct.ts';

/** The controls are named after the order request's paths ('checkout-customer-name'), as links and tests know them. */
const IDS = Object.fromEntries(Object.entries(ORDER_REQUEST_PATH).map(([field, path]) => [field, `checkout-${path.replaceAll('.', '-')}`]));

/** The cart's problems ('items…') are fixed in the cart: the error summary leads to their box. */
const targetOf = (key: string) => (key.startsWith('items') ? CART_PROBLEMS_ID : undefined);

const SEND_FAILED = 'Die Bestellung konnte nicht gesendet werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut – Ihre Eingaben bleiben erhalten.';

const failed = (message: string) => ({ ok: false, message });

/**
 * The checkout (/checkout): customer, billing address, payment method, the statements the law
 * asks for, the summary of § 312j BGB directly above the button 'zahlungspflichtig bestellen',
 * and the order placed by the checkout's store (one Idempotency-Key for the retries of one order).
 */
export default function CheckoutForm() {
  const mounted = useMounted();
  const entries = useStore($cartEntries);
  // Priced in the basis of the customer type – consumers gross, businesses net (docs/decisions/0025) –
  // at the rates of the tax case its country and VAT ID give (docs/decisions/0056).
  const cartOf = useCallback(
    (values: CheckoutValues): PricedCart => priceCart(catalogue, entries, PRICE_BASIS[values.customerType], checkoutTaxCase(values)),
    [entries],
  );
  const submission = useSubmission();
  const form = useFormFields('checkout', checkoutSchema(cartOf, agb.version), EMPTY_CHECKOUT, {
    ids: IDS,
    reveal: 'send',
    targetOf,
    onChange: () => submission.setOutcome(null),
  });
  const [submitted, setSubmitted] = useState(false);
  const [businessDisplay, setBusinessDisplay] = useState<PriceDisplay>('gross');
  const [placed, setPlaced] = useState<PlacedOrderView | null>(null);
  // The proof of work of every public form, from the first use of the checkout (docs/decisions/0040).
  const proofOfWork = useProofOfWork();
  useLinkedProduct();
  useAccountPrefill(form);

  const { values } = form;
  const cart = cartOf(values);
  if (placed) return <CheckoutSuccess order={placed} />;
  // The cart lives in this browser's storage: the prerendered page cannot know it.
  if (!mounted) return <p>Warenkorb wird geladen …</p>;
  if (cart.lines.length === 0) return <EmptyCart />;

  const consumer = values.customerType === 'consumer';
  // Whether we accept at once or review first: the server's rule (decision 0053), said before ordering.
  const reasons = reviewReasons(cart.lines);
  // A consumer never sees a net price alone (PAngV); a business may switch to net prices, and
  // without German VAT (reverse charge, not taxable in Germany) net is all there is.
  const germanVat = chargesGermanVat(cart.taxCase);
  const display: PriceDisplay = consumer ? 'gross' : germanVat ? businessDisplay : 'net';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    // The error summary above the form takes the focus and lists what to fix.
    if (!form.touchAll()) return;
    const request = orderRequest(values, cart.lines, agb.version);
    await submission.send(async () => {
      const solutions = await proofOfWork.solutions();
      if (!solutions) {
        submission.setOutcome(failed(hashcashMessages.notComputed));
        return;
      }
      try {
        const result = await placeOrder(request, solutions, proofOfWork.reload);
        setPlaced({
          ...result,
          display,
          taxCase: cart.taxCase,
          email: values.email.trim(),
          paymentMethod: values.paymentMethod as PaymentMethod,
          startChoice: { customerType: values.customerType, earlyStart: values.earlyStart },
          hasDomain: cart.lines.some((line) => line.entry?.kind === 'domain'),
          reviewReasons: reasons,
        });
      } catch (error) {
        if (error instanceof ApiError) {
          const errors = checkoutErrors(error.errors);
          // Field errors go to the error summary, which takes the focus; a refusal of the whole order is said by the button.
          form.refuse(errors);
          if (Object.keys(errors).length === 0) submission.setOutcome(failed(error.message));
        } else {
          // Maybe the order arrived and only the answer got lost: the retry keeps the store's key and cannot order twice.
          submission.setOutcome(failed(SEND_FAILED));
        }
      }
    });
  }

  return (
    <KitForm summary={form.summary} onSubmit={submit} onFocus={proofOfWork.start} aria-label="Bestellformular" className="space-y-8">
      <CustomerFields form={form} />
      <PaymentFields form={form} />
      <TermsFields form={form} reviewReasons={reasons} />

      <CheckoutSummary cart={cart} customerType={values.customerType} display={display} onDisplayChange={consumer || !germanVat ? undefined : setBusinessDisplay} />

      {/* The cart's problems show from the first send on, the server's at once. */}
      <CartProblems errors={submitted ? { ...form.serverErrors, ...form.errors } : form.serverErrors} />

      <div className="space-y-3">
        <SubmitButton sending={submission.sending} label="zahlungspflichtig bestellen" size="lg" block className="sm:w-auto" />
        <p className="text-sm text-slate-600 dark:text-slate-400">* Pflichtangabe</p>
        <ProofOfWorkStatus hashcash={proofOfWork.hashcash} onRetry={() => void proofOfWork.reload()} />
        <div role="alert" className="font-medium text-red-700 dark:text-red-300">
          {submission.outcome?.message}
        </div>
      </div>
    </KitForm>
  );
}
