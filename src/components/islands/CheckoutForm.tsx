import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { site } from '../../config/site.ts';
import { agb } from '../../data/agb.ts';
import { catalogue } from '../../data/catalogue.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { NO_WITHDRAWAL_FOR_BUSINESSES, servicesStartOn } from '../../lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../lib/forms/dates.ts';
import type { HashcashSolution } from '../../lib/hashcash/index.ts';
import { ApiError, apiFetch } from '../../client/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { formatStand } from '../../lib/legal.ts';
import { paymentProblems, priceCart, SEPA_MINIMUM_CENTS, sepaMandateText } from '../../lib/order.ts';
import { PRICE_BASIS, type Schedule } from '../../lib/prices/amounts.ts';
import type { PriceDisplay } from '../../lib/prices/statement.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { CUSTOMER_TYPES, OrderRequestSchema, PAYMENT_METHOD_LABEL, PAYMENT_METHODS, type CustomerType, type PaymentMethod } from '../../lib/schemas/order.ts';
import { $cartEntries, clearCart } from '../../stores/cart.ts';
import { addLinkedProduct } from '../../stores/priced-cart.ts';
import { openCart } from '../../stores/ui.ts';
import { ProofOfWorkStatus } from '../security/ProofOfWorkStatus.tsx';
import { sendWithProofOfWork } from '../security/resend-on-refusal.ts';
import { useProofOfWork } from '../security/useProofOfWork.ts';
import { useMounted } from '../ui/useMounted.ts';
import { checkoutFields, fieldId, linkClass } from '../checkout/CheckoutFields.tsx';
import { Checkbox, RadioGroup, TextField } from '../forms/Fields.tsx';
import { CheckoutSuccess, type PlacedOrderView } from '../checkout/CheckoutSuccess.tsx';
import { CheckoutSummary } from '../checkout/CheckoutSummary.tsx';

const CUSTOMER_TYPE_LABEL: Readonly<Record<CustomerType, string>> = {
  consumer: 'Verbraucher (privat)',
  business: 'Unternehmer (gewerblich oder selbständig)',
};

type Values = {
  customerType: CustomerType;
  company: string;
  vatId: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  paymentMethod: PaymentMethod | '';
  iban: string;
  sepaMandate: boolean;
  agb: boolean;
  earlyStart: boolean;
  waiverAcknowledged: boolean;
};

const EMPTY: Values = {
  customerType: 'consumer',
  company: '',
  vatId: '',
  name: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'Deutschland',
  email: '',
  paymentMethod: '',
  iban: '',
  sepaMandate: false,
  agb: false,
  earlyStart: false,
  waiverAcknowledged: false,
};

/** The order request's path of each field, in the order of the form (to focus the first one with an error). */
const PATHS: Record<keyof Values, string> = {
  customerType: 'customer.type',
  company: 'customer.company',
  vatId: 'customer.vatId',
  name: 'customer.name',
  street: 'customer.street',
  postalCode: 'customer.postalCode',
  city: 'customer.city',
  country: 'customer.country',
  email: 'customer.email',
  paymentMethod: 'paymentMethod',
  iban: 'iban',
  sepaMandate: 'sepaMandate',
  agb: 'consents.agb',
  earlyStart: 'consents.earlyStart',
  waiverAcknowledged: 'consents.waiverAcknowledged',
};
const FIELD_ORDER = Object.values(PATHS);

const sectionLegend = 'text-xl font-semibold text-slate-900 dark:text-white';

const SEND_FAILED = 'Die Bestellung konnte nicht gesendet werden. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut – Ihre Eingaben bleiben erhalten.';

const PROOF_OF_WORK_FAILED = 'Der Spam-Schutz konnte nicht berechnet werden. Bitte versuchen Sie es erneut – Ihre Eingaben bleiben erhalten.';

function withoutProofOfWork(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path !== 'hashcash_solutions'));
}

function toRequest(values: Values, items: { id: string; quantity: number }[]) {
  const address = {
    name: values.name,
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    email: values.email,
  };
  return {
    items,
    customer:
      values.customerType === 'business'
        ? { type: 'business' as const, company: values.company, vatId: values.vatId, ...address }
        : { type: 'consumer' as const, ...address },
    paymentMethod: values.paymentMethod,
    ...(values.paymentMethod === 'sepa' ? { iban: values.iban, sepaMandate: values.sepaMandate } : {}),
    consents: {
      agb: values.agb,
      agbVersion: agb.version,
      ...(values.customerType === 'consumer' ? { earlyStart: values.earlyStart, waiverAcknowledged: values.waiverAcknowledged } : {}),
    },
  };
}

function focusFirst(errors: Record<string, string>): void {
  const first = FIELD_ORDER.find((path) => errors[path]);
  const target = first ? document.getElementById(fieldId(first)) : document.getElementById('checkout-problems');
  target?.focus();
}

/**
 * The checkout (/checkout): customer, billing address, payment method, the statements the law
 * asks for, the summary of § 312j BGB directly above the button 'zahlungspflichtig bestellen',
 * and POST /api/orders with an Idempotency-Key that stays the same for retries of this order.
 */
export default function CheckoutForm() {
  const mounted = useMounted();
  const [values, setValues] = useState<Values>(EMPTY);
  const entries = useStore($cartEntries);
  // Priced in the basis of the customer type: consumers gross, businesses net (docs/decisions/0025).
  const cart = useMemo(() => priceCart(catalogue, entries, PRICE_BASIS[values.customerType]), [entries, values.customerType]);
  const [businessDisplay, setBusinessDisplay] = useState<PriceDisplay>('gross');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [placed, setPlaced] = useState<PlacedOrderView | null>(null);
  // The proof of work of every public form, from the first use of the checkout (docs/decisions/0040).
  const proofOfWork = useProofOfWork();

  useEffect(() => {
    // The product link's parameter is dropped once used, so a reload does not add it again.
    const url = new URL(window.location.href);
    const id = url.searchParams.get('produkt');
    if (id === null) return;
    addLinkedProduct(id);
    url.searchParams.delete('produkt');
    window.history.replaceState(null, '', url);
  }, []);

  if (placed) return <CheckoutSuccess order={placed} />;
  // The cart lives in this browser's storage: the prerendered page cannot know it.
  if (!mounted) return <p>Warenkorb wird geladen …</p>;
  if (cart.lines.length === 0) {
    return (
      <p>
        Ihr Warenkorb ist leer. Unsere Angebote finden Sie auf der Seite{' '}
        <a href="/ueber-uns#offers" className={linkClass}>
          Über uns
        </a>{' '}
        und im{' '}
        <a href="/produktkatalog" className={linkClass}>
          Produktkatalog
        </a>
        .
      </p>
    );
  }

  const items = cart.lines.map(({ id, quantity }) => ({ id, quantity }));
  const request = toRequest(values, items);
  const parsed = v.safeParse(OrderRequestSchema, request);
  const clientErrors = {
    // The proof of work is not the visitor's to fix: it is added when sending.
    ...(parsed.success ? {} : withoutProofOfWork(fieldErrors(parsed.issues))),
    ...cart.problems,
    ...paymentProblems(values.paymentMethod || undefined, cart.schedule),
  };
  const errors = submitted ? { ...serverErrors, ...clientErrors } : serverErrors;
  const cartProblems = [...new Set(Object.entries(errors).filter(([path]) => path.startsWith('items')).map(([, text]) => text))];
  const consumer = values.customerType === 'consumer';
  // A consumer never sees a net price alone (PAngV); a business may switch to net prices.
  const display: PriceDisplay = consumer ? 'gross' : businessDisplay;

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors({});
    setMessage('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) {
      setMessage('Bitte prüfen Sie die markierten Angaben.');
      // After React has rendered the messages, so the focused field announces its error.
      requestAnimationFrame(() => focusFirst(clientErrors));
      return;
    }
    setSending(true);
    setMessage('');
    const solutions = await proofOfWork.solutions();
    if (!solutions) {
      setMessage(PROOF_OF_WORK_FAILED);
      setSending(false);
      return;
    }
    try {
      const result = await sendOrder(solutions);
      clearCart();
      setPlaced({
        ...result,
        display,
        email: values.email.trim(),
        paymentMethod: values.paymentMethod as PaymentMethod,
        startChoice: { customerType: values.customerType, earlyStart: values.earlyStart },
        hasDomain: cart.lines.some((line) => line.entry?.kind === 'domain'),
      });
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(error.errors);
        setMessage(error.message);
        // The same key with other data is refused for good; a new attempt gets a new key.
        if (error.status === 422) setIdempotencyKey(crypto.randomUUID());
        requestAnimationFrame(() => focusFirst(error.errors));
      } else {
        // Maybe the order arrived and only the answer got lost: the retry keeps the key and cannot order twice.
        setMessage(SEND_FAILED);
      }
    } finally {
      setSending(false);
    }
  }

  /** Sends with the proof of work, once more with fresh solutions when the server refused them. */
  function sendOrder(solutions: HashcashSolution[]) {
    const post = (hashcash_solutions: HashcashSolution[]) =>
      apiFetch<{ orderId: string; schedule: Schedule; servicesStartOn: IsoDay; confirmationMailed: boolean }>('/api/orders', {
        method: 'POST',
        json: { ...request, hashcash_solutions },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    return sendWithProofOfWork(post, solutions, proofOfWork.reload);
  }

  const fields = checkoutFields(values, change, errors, PATHS);

  return (
    <form noValidate onSubmit={submit} onFocus={proofOfWork.start} aria-label="Bestellformular" className="space-y-8">
      <RadioGroup
        form={fields}
        field="customerType"
        legend="Sie bestellen als"
        legendClassName={sectionLegend}
        options={CUSTOMER_TYPES.map((type) => ({ value: type, label: CUSTOMER_TYPE_LABEL[type] }))}
      />

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-2 text-xl font-semibold text-slate-900 dark:text-white">Rechnungsanschrift</legend>
        {!consumer && (
          <>
            <TextField form={fields} field="company" label="Firma" required spokenMarks autoComplete="organization" />
            <TextField form={fields} field="vatId" label="USt-IdNr." spokenMarks hint="zum Beispiel DE123456789" />
          </>
        )}
        <TextField form={fields} field="name" label="Vor- und Nachname" required spokenMarks autoComplete="name" className="sm:col-span-2" />
        <TextField form={fields} field="street" label="Straße und Hausnummer" required spokenMarks autoComplete="street-address" className="sm:col-span-2" />
        <TextField form={fields} field="postalCode" label="PLZ" required spokenMarks autoComplete="postal-code" />
        <TextField form={fields} field="city" label="Ort" required spokenMarks autoComplete="address-level2" />
        <TextField form={fields} field="country" label="Land" required spokenMarks autoComplete="country-name" />
        <TextField
          form={fields}
          field="email"
          label="E-Mail"
          type="email"
          required
          spokenMarks
          autoComplete="email"
          hint="An diese Adresse senden wir die Bestellbestätigung."
        />
      </fieldset>

      <RadioGroup
        form={fields}
        field="paymentMethod"
        legend="Zahlungsart *"
        legendClassName={sectionLegend}
        options={PAYMENT_METHODS.map((method) => ({
          value: method,
          label: (
            <>
              {PAYMENT_METHOD_LABEL[method]}
              {method === 'sepa' && <span className="text-sm text-slate-600 dark:text-slate-400">(ab {formatEuro(SEPA_MINIMUM_CENTS)})</span>}
            </>
          ),
        }))}
        layout="column"
      >
        {values.paymentMethod === 'invoice' && <p className="mt-3">Sie erhalten eine Rechnung; sie ist 10 Tage nach Erhalt ohne Abzug fällig.</p>}
        {values.paymentMethod === 'paypal' && (
          <p className="mt-3">Nach der Bestellung erhalten Sie per E-Mail eine Zahlungsaufforderung für PayPal. Wir beginnen mit der Leistung, sobald die Zahlung eingegangen ist.</p>
        )}
        {values.paymentMethod === 'sepa' && (
          <div className="mt-4 space-y-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
            <TextField form={fields} field="iban" label="IBAN" required spokenMarks code />
            <p id="checkout-mandate-text" className="text-sm">
              <strong>SEPA-Lastschriftmandat:</strong> {sepaMandateText(site.name)} Gläubiger-Identifikationsnummer: {site.sepaCreditorId}. Die Mandatsreferenz ist Ihre Bestellnummer; wir kündigen jeden Einzug spätestens fünf Kalendertage vorher an.
            </p>
            <Checkbox form={fields} field="sepaMandate">
              Ich erteile das SEPA-Lastschriftmandat wie oben beschrieben.
            </Checkbox>
          </div>
        )}
      </RadioGroup>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-xl font-semibold text-slate-900 dark:text-white">Bedingungen</legend>
        <Checkbox form={fields} field="agb">
          Ich habe die{' '}
          <a href="/agb" target="_blank" className={linkClass}>
            Allgemeinen Geschäftsbedingungen (AGB)
          </a>{' '}
          in der Fassung vom {formatStand(new Date(agb.stand))} gelesen und akzeptiere sie. *
        </Checkbox>
        {consumer ? (
          <>
            <div id="checkout-start-choice">
              <p>
                Als Verbraucher können Sie Ihre Bestellung 14 Tage lang ab Vertragsschluss widerrufen (Einzelheiten in unserer{' '}
                <a href="/widerrufsformular" target="_blank" className={linkClass}>
                  Widerrufsbelehrung
                </a>
                ). Sie entscheiden, wann wir mit den Leistungen beginnen:
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>
                  <strong>Ohne die beiden Häkchen unten</strong> beginnen wir erst nach Ablauf der Widerrufsfrist, am{' '}
                  <strong data-testid="deferred-start">{germanDate(servicesStartOn(todayIso(), { customerType: 'consumer', earlyStart: false }))}</strong>. Bis
                  dahin können Sie ohne Kosten widerrufen.
                </li>
                <li>
                  <strong>Mit beiden Häkchen</strong> beginnen wir sofort. Widerrufen Sie trotzdem innerhalb der Frist, bezahlen Sie anteilig, was wir bis
                  dahin geleistet haben. Haben wir eine Leistung schon vollständig erbracht, können Sie diese nicht mehr widerrufen.
                </li>
              </ul>
            </div>
            <Checkbox form={fields} field="earlyStart">
              Ich verlange ausdrücklich, dass Sie vor Ablauf der Widerrufsfrist mit der Ausführung der bestellten Dienstleistungen beginnen.
            </Checkbox>
            <Checkbox form={fields} field="waiverAcknowledged">
              Mir ist bekannt, dass ich mein Widerrufsrecht bei vollständiger Vertragserfüllung durch Sie verliere.
            </Checkbox>
          </>
        ) : (
          <p>{NO_WITHDRAWAL_FOR_BUSINESSES}</p>
        )}
      </fieldset>

      <CheckoutSummary cart={cart} customerType={values.customerType} display={display} onDisplayChange={consumer ? undefined : setBusinessDisplay} />

      {cartProblems.length > 0 && (
        <div id="checkout-problems" tabIndex={-1} className="rounded-lg border border-red-700 p-3 font-medium text-red-800 dark:border-red-400 dark:text-red-200">
          {cartProblems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
          <button type="button" onClick={openCart} className="mt-2 underline underline-offset-2">
            Warenkorb bearbeiten
          </button>
        </div>
      )}

      <div className="space-y-3">
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-lg bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-slate-500 sm:w-auto"
        >
          zahlungspflichtig bestellen
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-400">* Pflichtangabe</p>
        <ProofOfWorkStatus hashcash={proofOfWork.hashcash} onRetry={() => void proofOfWork.reload()} />
        <div role="alert" className="font-medium text-red-700 dark:text-red-300">
          {message}
        </div>
      </div>
    </form>
  );
}
