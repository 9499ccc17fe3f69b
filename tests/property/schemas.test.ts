import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { APP_TYPE_IDS } from '../../src/lib/configurator/app-types.ts';
import { NONCE_LIMIT } from '../../src/lib/hashcash/index.ts';
import * as agbVersion from '../../src/lib/schemas/agb-version.ts';
import * as agentContracts from '../../src/lib/schemas/agent-contracts.ts';
import * as agentInvoices from '../../src/features/billing/schemas.ts';
import * as auth from '../../src/lib/schemas/auth.ts';
import * as cart from '../../src/lib/schemas/cart.ts';
import * as chat from '../../src/lib/schemas/chat.ts';
import * as clickDummy from '../../src/features/click-dummy/schemas.ts';
import * as configurator from '../../src/lib/schemas/configurator.ts';
import * as contact from '../../src/lib/schemas/contact.ts';
import * as fields from '../../src/lib/schemas/fields.ts';
import * as avRequest from '../../src/lib/schemas/forms/av-request.ts';
import * as cancellationReceipt from '../../src/lib/schemas/forms/cancellation-receipt.ts';
import * as cancellation from '../../src/lib/schemas/forms/cancellation.ts';
import * as common from '../../src/lib/schemas/forms/common.ts';
import * as demoRequest from '../../src/lib/schemas/forms/demo-request.ts';
import * as identityLink from '../../src/lib/schemas/forms/identity-link.ts';
import * as orderInquiry from '../../src/lib/schemas/forms/order-inquiry.ts';
import * as withdrawal from '../../src/lib/schemas/forms/withdrawal.ts';
import * as inbox from '../../src/lib/schemas/inbox.ts';
import * as issueMessages from '../../src/lib/schemas/issue-messages.ts';
import * as issues from '../../src/lib/schemas/issues.ts';
import * as locales from '../../src/lib/schemas/locales.ts';
import * as order from '../../src/lib/schemas/order.ts';
import { MAX_QUANTITY } from '../../src/lib/schemas/cart.ts';
import * as priceSource from '../../src/lib/schemas/price-source.ts';
import * as security from '../../src/lib/schemas/security.ts';
import { nameWritableInSepa } from '../../src/lib/sepa-name.ts';
import { emailAddress, hostileString, hostileValue, LINE_BREAKS, ODD_CHARACTERS, typableText, withOddCharacter } from './arbitraries.ts';
import { INVOICE_KINDS } from '../../src/features/billing/kinds.ts';
import { countryCode, isKnownCountry } from '../../src/lib/countries.ts';

fc.configureGlobal({ numRuns: 60 });

const SCHEMA_DIR = join(import.meta.dirname, '../../src/lib/schemas');

/**
 * Every module under src/lib/schemas and every feature's schemas.ts (src/features/<feature>/schemas.ts),
 * keyed by its path relative to src/lib/schemas: a new file must be added here.
 */
const modules: Record<string, Record<string, unknown>> = {
  'agb-version.ts': agbVersion,
  'agent-contracts.ts': agentContracts,
  'auth.ts': auth,
  'cart.ts': cart,
  'chat.ts': chat,
  'configurator.ts': configurator,
  'contact.ts': contact,
  'fields.ts': fields,
  'forms/av-request.ts': avRequest,
  'forms/cancellation-receipt.ts': cancellationReceipt,
  'forms/cancellation.ts': cancellation,
  'forms/common.ts': common,
  'forms/demo-request.ts': demoRequest,
  'forms/identity-link.ts': identityLink,
  'forms/order-inquiry.ts': orderInquiry,
  'forms/withdrawal.ts': withdrawal,
  'inbox.ts': inbox,
  // No schema of its own: the German fallback messages every schema's refusal uses.
  'issue-messages.ts': issueMessages,
  'issues.ts': issues,
  'locales.ts': locales,
  'order.ts': order,
  'price-source.ts': priceSource,
  'security.ts': security,
  '../../features/billing/schemas.ts': agentInvoices,
  '../../features/click-dummy/schemas.ts': clickDummy,
};

const FEATURES_DIR = join(import.meta.dirname, '../../src/features');
const featureSchemaFiles = (): string[] =>
  readdirSync(FEATURES_DIR)
    .map((feature) => join(FEATURES_DIR, feature, 'schemas.ts'))
    .filter((file) => existsSync(file))
    .map((file) => relative(SCHEMA_DIR, file));

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? schemaFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [relative(SCHEMA_DIR, join(dir, entry.name))] : [],
  );
}

const isSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

const allSchemas = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter((entry): entry is [string, v.GenericSchema] => isSchema(entry[1]))
    .map(([name, schema]) => [`${file}: ${name}`, schema] as const),
);

describe('every valibot schema', () => {
  it('is covered: each file under src/lib/schemas and each feature\'s schemas.ts is imported by this test', () => {
    expect([...schemaFiles(SCHEMA_DIR), ...featureSchemaFiles()].sort()).toEqual(Object.keys(modules).sort());
    expect(allSchemas.length).toBeGreaterThan(40);
  });

  it.each(allSchemas)('%s: safeParse never throws, whatever it is given', (_name, schema) => {
    fc.assert(
      fc.property(hostileValue, (input) => {
        const result = v.safeParse(schema, input);
        expect(typeof result.success).toBe('boolean');
      }),
      { numRuns: 100 },
    );
  });

  it('the decoders of browser storage never throw and keep only valid entries', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fc.assert(
      fc.property(fc.oneof(hostileString, fc.json(), fc.jsonValue().map((value) => JSON.stringify(value))), (raw) => {
        for (const entry of cart.decodeStoredCart(raw)) expect(v.is(cart.StoredCartEntrySchema, entry)).toBe(true);
        for (const entry of clickDummy.decodeSavedClickDummies(raw)) expect(v.is(clickDummy.SavedClickDummySchema, entry)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

// --- The forms: generated valid input passes; every text field refuses oversize and odd Unicode.

const hashcashSolutions = fc.array(
  fc.record({ text: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 40 }), nonce: fc.integer({ min: 0, max: NONCE_LIMIT - 1 }), difficulty: fc.integer({ min: 1, max: 64 }) }),
  { minLength: 1, maxLength: 8 },
);
const captcha = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), minLength: 4, maxLength: 8 });
const securityFields = { captcha, hashcash_solutions: hashcashSolutions };
/** The declarations (cancellation, withdrawal) ask for the captcha alone (decision 0033). */
const captchaField = { captcha };
const line = (max: number) => typableText(max);
const lines = (max: number) => typableText(max, { multiline: true });
const optional = (text: fc.Arbitrary<string>) => fc.oneof(fc.constant(''), text);
const postcode = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 5, maxLength: 5 });
/** A day at least a year ahead, as typed: 'DD.MM.YYYY'. */
const futureGermanDate = fc
  .date({ min: new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`);

const configuratorState = fc.record({
  activeTab: fc.constantFrom(...configurator.CONFIGURATOR_TABS),
  showAppForm: fc.boolean(),
  showSupportForm: fc.boolean(),
  developmentHours: fc.integer({ min: 0, max: 9999 }),
  supportHours: fc.integer({ min: 0, max: 9999 }),
  supportOnlyHours: fc.integer({ min: 1, max: 9999 }),
  hostingPlan: fc.constantFrom(...configurator.HOSTING_PLANS),
  includeVAT: fc.boolean(),
  customizationRequired: fc.constantFrom('yes', 'no'),
  selectedAppType: fc.shuffledSubarray([...APP_TYPE_IDS]),
});

const savedClickDummy = fc.record({
  id: fc.uuid(),
  prompt: lines(clickDummy.PROMPT_MAX_LENGTH),
  createdAt: fc.date({ min: new Date('2020-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  name: line(200),
  email: emailAddress,
  trigger: fc.constantFrom(...clickDummy.CLICK_DUMMY_TRIGGERS),
});

/** The AGB version the checkout sends: its 'Stand' and the start of the text's SHA-256. */
const agbVersionText = fc
  .tuple(
    fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 12, maxLength: 12 }),
  )
  .map(([day, hash]) => `${day.toISOString().slice(0, 10)}/${hash}`);
const address = { name: line(200), street: line(200), postalCode: postcode, city: line(100), country: line(100), email: emailAddress };
const orderRequest = fc
  .record({
    items: fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 40 }), quantity: fc.integer({ min: 1, max: MAX_QUANTITY }) }), {
      minLength: 1,
      maxLength: order.MAX_LINES,
      selector: (item) => item.id,
    }),
    customer: fc.oneof(
      // Consumers within the EU (decision 0056).
      fc.record({ type: fc.constant('consumer' as const), ...address, country: fc.constantFrom('Deutschland', 'Österreich', ' frankreich ', 'Niederlande') }),
      fc
        .record({
          type: fc.constant('business' as const),
          company: line(200),
          ...address,
          // A country the e-invoice can name (decision 0052), with no VAT ID or one that passes that country's check (decision 0056).
          place: fc.constantFrom(
            { country: 'Deutschland', vatId: '' },
            { country: 'Deutschland', vatId: 'DE 123 456 788' },
            { country: 'Österreich', vatId: 'ATU12345675' },
            { country: 'Österreich', vatId: '' },
            { country: ' schweiz ', vatId: '' },
            { country: 'Niederlande', vatId: '' },
          ),
        })
        .map(({ place, ...business }) => ({ ...business, ...place })),
    ),
    payment: fc.constantFrom(
      { paymentMethod: 'invoice' },
      { paymentMethod: 'paypal' },
      { paymentMethod: 'sepa', iban: 'DE89 3704 0044 0532 0130 00', sepaMandate: true },
    ),
    agbVersion: agbVersionText,
    hashcash_solutions: hashcashSolutions,
  })
  .map(({ payment, agbVersion: version, ...rest }) => ({ ...rest, ...payment, consents: { agb: true, agbVersion: version, earlyStart: true, waiverAcknowledged: true } }))
  // A direct debit needs an account holder the SEPA file can write (decision 0060).
  .filter((request) => request.paymentMethod !== 'sepa' || nameWritableInSepa(request.customer.name));

interface TextField {
  path: string;
  max: number;
  /** A textarea in the form: generated values have several lines. */
  multiline?: boolean;
  /** The field takes an address, not free text (oversize = 255 characters). */
  email?: boolean;
  /** Inputs for this field's tests where another field adds a rule on its text (else the form's valid input). */
  valid?: fc.Arbitrary<Record<string, unknown>>;
}

interface FormCase {
  schema: v.GenericSchema;
  valid: fc.Arbitrary<Record<string, unknown>>;
  fields: TextField[];
}

/** Orders whose name is free text: paid otherwise than by direct debit (that rule has its own test below). */
const orderRequestWithoutDebit = orderRequest.filter((request) => request.paymentMethod !== 'sepa');

const forms: Record<string, FormCase> = {
  'contact inquiry': {
    schema: contact.ContactInquirySchema,
    valid: fc.record({ name: line(200), email: emailAddress, subject: optional(line(200)), message: lines(5000), ...securityFields }),
    fields: [{ path: 'name', max: 200 }, { path: 'email', max: 254, email: true }, { path: 'subject', max: 200 }, { path: 'message', max: 5000, multiline: true }],
  },
  'configurator inquiry': {
    schema: configurator.ConfiguratorInquirySchema,
    valid: fc.record({
      name: line(200),
      email: emailAddress,
      message: optional(lines(5000)),
      configurator: configuratorState,
      clickDummies: fc.array(savedClickDummy, { maxLength: 3 }),
      ...securityFields,
    }),
    fields: [
      { path: 'name', max: 200 },
      { path: 'email', max: 254, email: true },
      { path: 'message', max: 5000, multiline: true },
      { path: 'clickDummies.0.prompt', max: clickDummy.PROMPT_MAX_LENGTH, multiline: true },
      { path: 'clickDummies.0.name', max: 200 },
    ],
  },
  'click-dummy request': {
    schema: clickDummy.ClickDummyRequestSchema,
    valid: fc.record({ name: line(200), email: emailAddress, message: lines(clickDummy.PROMPT_MAX_LENGTH), trigger: fc.constantFrom(...clickDummy.CLICK_DUMMY_TRIGGERS) }),
    fields: [{ path: 'name', max: 200 }, { path: 'email', max: 254, email: true }, { path: 'message', max: clickDummy.PROMPT_MAX_LENGTH, multiline: true }],
  },
  order: {
    schema: order.OrderRequestSchema,
    valid: orderRequest,
    // customer.country: free text for consumers, a known country for businesses (own test below).
    fields: [{ path: 'customer.name', max: 200, valid: orderRequestWithoutDebit }, { path: 'customer.street', max: 200 }, { path: 'customer.city', max: 100 }, { path: 'customer.email', max: 254, email: true }],
  },
  'data-processing agreement': {
    schema: avRequest.AvRequestSchema,
    valid: fc.record({ customerId: fc.oneof(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: 1, max: 999_999 }).map((n) => `K-${n}`)), postalCode: postcode, ...securityFields }),
    fields: [{ path: 'postalCode', max: 10 }],
  },
  cancellation: {
    schema: cancellation.CancellationSchema,
    valid: fc
      .record({
        contract_name: line(200),
        type_of_cancellation: fc.constantFrom('regular', 'extraordinary'),
        cancellation_reason: optional(lines(2000)),
        end: fc.oneof(fc.constantFrom('select', 'asap').map((end) => ({ end_of_contract_period: end })), futureGermanDate.map((date) => ({ end_of_contract_period: 'date', end_of_contract_period_date: date }))),
        customer_id: optional(line(50)),
        order_id: optional(line(50)),
        annotation: optional(lines(2000)),
        firstname: line(100),
        lastname: line(100),
        street: line(200),
        street_extra: optional(line(200)),
        postcode,
        locality: line(100),
        country: optional(line(100)),
        email: emailAddress,
        ...captchaField,
      })
      .map(({ end, ...rest }) => ({ ...rest, ...end })),
    fields: [
      { path: 'contract_name', max: 200 },
      { path: 'cancellation_reason', max: 2000, multiline: true },
      { path: 'customer_id', max: 50 },
      { path: 'order_id', max: 50 },
      { path: 'annotation', max: 2000, multiline: true },
      { path: 'firstname', max: 100 },
      { path: 'lastname', max: 100 },
      { path: 'street', max: 200 },
      { path: 'street_extra', max: 200 },
      { path: 'postcode', max: 10 },
      { path: 'locality', max: 100 },
      { path: 'country', max: 100 },
      { path: 'email', max: 254, email: true },
    ],
  },
  'demo request': {
    schema: demoRequest.DemoRequestSchema,
    valid: fc.record({
      name: line(200),
      email: emailAddress,
      company: line(200),
      product: fc.constantFrom(...demoRequest.demoProducts.map((p) => p.value)),
      preferred_date: optional(futureGermanDate),
      ...securityFields,
    }),
    fields: [{ path: 'name', max: 200 }, { path: 'company', max: 200 }, { path: 'email', max: 254, email: true }],
  },
  'order inquiry': {
    schema: orderInquiry.OrderInquirySchema,
    valid: fc.record({
      name: line(200),
      email: emailAddress,
      customer_id: optional(line(50)),
      inquiry: lines(5000),
      maximum_budget: fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999_999 }).map((n) => n.toLocaleString('de-DE'))),
      topic: fc.constantFrom(...orderInquiry.orderTopics.map((t) => t.value)),
      rental_or_purchase: fc.constantFrom(...orderInquiry.rentalOrPurchaseOptions.map((o) => o.value)),
      features: fc.subarray(orderInquiry.orderFeatures.map((f) => f.value)),
      user_documentation: fc.boolean(),
      interested_in: fc.constantFrom(...orderInquiry.interestOptions.map((o) => o.value)),
      ...securityFields,
    }),
    fields: [{ path: 'name', max: 200 }, { path: 'customer_id', max: 50 }, { path: 'inquiry', max: 5000, multiline: true }, { path: 'email', max: 254, email: true }],
  },
  withdrawal: {
    schema: withdrawal.WithdrawalSchema,
    valid: fc.record({ contract: line(300), name: line(200), email: emailAddress, ...captchaField }),
    fields: [{ path: 'contract', max: 300 }, { path: 'name', max: 200 }, { path: 'email', max: 254, email: true }],
  },
  registration: {
    schema: auth.RegisterSchema,
    valid: fc.record({ email: emailAddress, password: fc.string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 72 }), displayName: line(100), hashcash_solutions: hashcashSolutions }),
    fields: [{ path: 'displayName', max: 100 }, { path: 'email', max: 254, email: true }],
  },
  'account change': {
    schema: auth.UpdateAccountSchema,
    valid: fc.record({ displayName: line(100) }),
    fields: [{ path: 'displayName', max: 100 }],
  },
  'chat message': {
    schema: chat.ChatMessageInputSchema,
    valid: fc.record({ text: lines(chat.CHAT_TEXT_MAX_LENGTH), tempId: fc.uuid() }),
    fields: [{ path: 'text', max: chat.CHAT_TEXT_MAX_LENGTH, multiline: true }],
  },
};

function withValueAt(input: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(input);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

/** A valid input that has the field (the click dummies list may be empty). */
function validWith(form: FormCase, path: string) {
  const valid = form.fields.find((field) => field.path === path)?.valid ?? form.valid;
  const [head, index] = path.split('.');
  if (index === '0') return valid.filter((input) => Array.isArray(input[head!]) && (input[head!] as unknown[]).length > 0);
  return valid;
}

function issuePaths(result: v.SafeParseResult<v.GenericSchema>): string[] {
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue) ?? '');
}

describe.each(Object.entries(forms))('form schema: %s', (_label, form) => {
  it('accepts generated valid input', () => {
    fc.assert(
      fc.property(form.valid, (input) => {
        const result = v.safeParse(form.schema, input);
        expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([]);
      }),
    );
  });

  it.each(form.fields)('$path: refuses text over its limit', ({ path, max, email }) => {
    fc.assert(
      fc.property(validWith(form, path), fc.integer({ min: 1, max: 70_000 }), (input, extra) => {
        const oversize = email ? `${'a'.repeat(max + extra)}@example.test` : 'x'.repeat(max + extra);
        expect(issuePaths(v.safeParse(form.schema, withValueAt(input, path, oversize)))).toContain(path);
      }),
      { numRuns: 20 },
    );
  });

  it.each(form.fields)('$path: refuses control characters, lone surrogates and bidi overrides', ({ path, max, multiline, email }) => {
    const base = email ? emailAddress : typableText(max - 3, { multiline });
    fc.assert(
      fc.property(validWith(form, path), withOddCharacter(base), (input, odd) => {
        expect(issuePaths(v.safeParse(form.schema, withValueAt(input, path, odd)))).toContain(path);
      }),
    );
  });

  // Line breaks and tabs are text (a pasted address); the mails flatten them where a header needs one line.
  it.each(form.fields.filter((field) => !field.email))('$path: takes line breaks and tabs', ({ path, max }) => {
    fc.assert(
      fc.property(validWith(form, path), withOddCharacter(typableText(max - 4), LINE_BREAKS), (input, text) => {
        expect(issuePaths(v.safeParse(form.schema, withValueAt(input, path, text)))).not.toContain(path);
      }),
    );
  });
});

describe('the price source schema (one Markdown file)', () => {
  const billing = fc.constantFrom(1, 3, 6, 12, 24);
  const term = fc
    .record({ billingMonths: billing, multiple: fc.integer({ min: 1, max: 5 }), noticeDays: fc.integer({ min: 0, max: 31 }) })
    .map(({ billingMonths, multiple, noticeDays }) => ({ minimumMonths: billingMonths * multiple, billingMonths, noticeDays }));
  const cents = fc.integer({ min: 0, max: 100_000_000 });
  const price = fc.oneof(cents.map((netCents) => ({ netCents })), cents.map((grossCents) => ({ grossCents })));
  const pricing = fc.oneof(
    fc.constantFrom('hour' as const, 'once' as const).map((unit) => ({ unit })),
    term.map((someTerm) => ({ unit: 'month' as const, term: someTerm })),
    term.map((someTerm) => ({ unit: 'year' as const, term: { ...someTerm, billingMonths: 12, minimumMonths: 12 * Math.max(1, someTerm.minimumMonths % 5) } })),
  );
  const entry = fc
    .record({
      name: line(100),
      group: fc.constantFrom('webapp-pakete', 'anwendungen', 'entwicklung', 'zusatzleistungen'),
      description: line(300),
      vatPercent: fc.constantFrom(...priceSource.VAT_PERCENTS),
      price,
      pricing,
      features: fc.array(line(100), { maxLength: 5 }),
    })
    .map(({ price: somePrice, pricing: somePricing, ...rest }) => ({ ...rest, ...somePrice, ...somePricing }));

  it('accepts generated valid entries', () => {
    fc.assert(
      fc.property(entry, (data) => {
        const result = v.safeParse(priceSource.PriceEntryDataSchema, data);
        expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([]);
      }),
    );
  });

  it('refuses a price that is not whole cents, whichever side it states', () => {
    fc.assert(
      fc.property(entry, fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true, min: 0, max: 1e7 }), (data, notCents) => {
        const field = 'netCents' in data ? 'netCents' : 'grossCents';
        const result = v.safeParse(priceSource.PriceEntryDataSchema, { ...data, [field]: notCents });
        expect(result.issues?.map((issue) => v.getDotPath(issue))).toContain(field);
      }),
    );
  });

  it('refuses an entry stating both prices or none', () => {
    fc.assert(
      fc.property(entry, cents, (data, other) => {
        const { netCents: _net, grossCents: _gross, ...none } = data as typeof data & { netCents?: number; grossCents?: number };
        expect(v.safeParse(priceSource.PriceEntryDataSchema, none).success).toBe(false);
        expect(v.safeParse(priceSource.PriceEntryDataSchema, { ...none, netCents: other, grossCents: other }).success).toBe(false);
      }),
    );
  });

  it('refuses a month or year price without a term and an hourly or one-off price with one', () => {
    fc.assert(
      fc.property(entry, term, (data, someTerm) => {
        const { term: _term, ...withoutTerm } = data as typeof data & { term?: unknown };
        const broken = data.unit === 'hour' || data.unit === 'once' ? { ...data, term: someTerm } : withoutTerm;
        expect(v.safeParse(priceSource.PriceEntryDataSchema, broken).success).toBe(false);
      }),
    );
  });
});

describe('odd Unicode, one character at a time', () => {
  it.each(ODD_CHARACTERS.map((char) => [char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'), char]))(
    'U+%s is refused in a name and in a message',
    (_code, char) => {
      expect(fields.hasOnlyTypableCharacters(`Anna${char}Berg`)).toBe(false);
      expect(fields.hasOnlyTypableCharacters(`Zeile 1\n${char}Zeile 2`)).toBe(false);
    },
  );

  it('joiners, emoji, right-to-left scripts, markup characters and line breaks are ordinary text', () => {
    for (const text of ['👩‍💻 Jana', 'Auf\u200Claage', 'שלום', 'مرحبا', '<b>&amp;</b>', "O'Brien; DROP", 'Zero\u200Bwidth', 'Zeile 1\r\n\tZeile 2']) {
      expect(fields.hasOnlyTypableCharacters(text)).toBe(true);
    }
  });
});

const EU_MEMBER_STATES = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];

describe('the country of an order', () => {
  it('is one of the EU for a consumer, and for a business one its e-invoice can name', () => {
    const country = fc.oneof(line(100), fc.constantFrom('Deutschland', 'österreich', ' Schweiz ', 'Norwegen', 'Liechtenstein', 'Griechenland', 'USA', 'Vereinigtes Königreich'));
    fc.assert(
      fc.property(orderRequest, country, (request, typed) => {
        // A business keeps no VAT ID here: whether one fits the country is the VAT ID's own rule.
        const customer = request.customer.type === 'business' ? { ...request.customer, country: typed, vatId: '' } : { ...request.customer, country: typed };
        const result = v.safeParse(order.OrderRequestSchema, { ...request, customer });
        const refused = result.success ? [] : result.issues.map((issue) => v.getDotPath(issue));
        const allowed = isKnownCountry(typed) && (request.customer.type === 'business' || EU_MEMBER_STATES.includes(countryCode(typed)));
        expect(refused.includes('customer.country')).toBe(!allowed);
      }),
    );
  });
});

describe('the name of an order paid by direct debit', () => {
  it('is the account holder in the SEPA file: it needs a letter the file can write in Latin; other payments take any name', () => {
    const name = fc.oneof(line(200), fc.constantFrom('山田 太郎', '山田太郎 (ヤマダ)', 'Γεώργιος', '1234', '& - !'));
    fc.assert(
      fc.property(orderRequest, name, (request, someName) => {
        const result = v.safeParse(order.OrderRequestSchema, { ...request, customer: { ...request.customer, name: someName } });
        const messages = result.success ? [] : result.issues.filter((issue) => v.getDotPath(issue) === 'customer.name').map((issue) => issue.message);
        const refused = request.paymentMethod === 'sepa' && !nameWritableInSepa(someName);
        expect(messages).toEqual(refused ? [order.orderFieldMessages.accountHolderLatin] : []);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the inbox of the agent dashboard', () => {
  const calendarDay = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });

  it('accepts every filter combination and page number, and keeps the page a safe integer', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', ...inbox.INBOX_TYPES),
        fc.constantFrom('', ...inbox.INBOX_STATUSES),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        (type, status, page) => {
          const parsed = v.safeParse(inbox.InboxQuerySchema, { type, status, page: String(page) });
          if (!parsed.success) throw new Error(`refused: ${type} ${status} ${page}`);
          expect(Number.isSafeInteger(parsed.output.page)).toBe(true);
          expect(parsed.output.page).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('takes every real calendar day as the end of a cancelled contract, and no other text', () => {
    fc.assert(
      fc.property(calendarDay, (day) => {
        const endDate = day.toISOString().slice(0, 10);
        expect(v.safeParse(inbox.InboxActionSchema, { action: 'processCancellation', endDate }).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(hostileString, (endDate) => {
        fc.pre(!/^\d{4}-\d{2}-\d{2}$/.test(endDate));
        expect(v.safeParse(inbox.InboxActionSchema, { action: 'processCancellation', endDate }).success).toBe(false);
      }),
    );
    expect(v.safeParse(inbox.InboxActionSchema, { action: 'processCancellation', endDate: '2030-02-31' }).success).toBe(false);
  });

  it('asks for a note exactly when the end differs from the computed one, and then only on the note', () => {
    const isoDay = calendarDay.map((day) => day.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.option(isoDay, { nil: null }), isoDay, fc.string({ maxLength: 20 }), (computed, endDate, note) => {
        const result = v.safeParse(inbox.cancellationEndSchema(computed), { endDate, note });
        const needed = computed !== null && endDate !== computed && note.trim() === '';
        expect(result.success).toBe(!needed);
        if (!result.success) expect(issues.fieldErrors(result.issues)).toEqual({ note: inbox.inboxMessages.endNoteRequired });
      }),
    );
  });
});

describe('deciding and assigning declarations in the dashboard (decision 0054)', () => {
  const isoDay = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((day) => day.toISOString().slice(0, 10));

  it('takes an extraordinary decision with an end not before the day of receipt and a reason, and nothing else', () => {
    fc.assert(
      fc.property(isoDay, isoDay, fc.string({ maxLength: 20 }), (receivedOn, endDate, reason) => {
        const result = v.safeParse(inbox.cancellationDecisionSchema(receivedOn), { endDate, reason, contractNumber: '' });
        expect(result.success).toBe(endDate >= receivedOn && reason.trim() !== '');
      }),
    );
  });

  it('assigns a withdrawal one to three of our numbers, whatever else the text says', () => {
    const number = fc.tuple(fc.constantFrom('KW-', 'kw', 'V ', 'v-'), fc.integer({ min: 1, max: 999_999 })).map(([prefix, n]) => `${prefix}${n}`);
    fc.assert(
      fc.property(fc.array(number, { maxLength: 6 }), (numbers) => {
        const orderNumbers = numbers.join(', ');
        const distinct = new Set(numbers.map((typed) => typed.toUpperCase().replace(/[\s-]/g, '').replace(/^(KW|V)0*/, '$1'))).size;
        const result = v.safeParse(inbox.InboxActionSchema, { action: 'assignWithdrawal', orderNumbers });
        expect(result.success).toBe(distinct >= 1 && distinct <= 3);
      }),
    );
  });

  it('accepts an identity link only as the 43 characters of its token', () => {
    fc.assert(
      fc.property(hostileString, (token) => {
        expect(v.safeParse(identityLink.IdentityTokenSchema, { token }).success).toBe(/^[A-Za-z0-9_-]{43}$/.test(token));
      }),
    );
  });
});

describe('the contracts of the agent dashboard', () => {
  it('searches for any text up to 100 characters, trimmed, and refuses longer ones on q', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), (q) => {
        const result = v.safeParse(agentContracts.ContractQuerySchema, { q });
        expect(result.success).toBe(q.trim().length <= 100);
        if (result.success) expect(result.output).toEqual({ q: q.trim(), page: 1 });
        else expect(issues.fieldErrors(result.issues)).toEqual({ q: agentContracts.contractQueryMessages.searchTooLong });
      }),
    );
  });
});

describe('the invoices of the agent dashboard', () => {
  it('filters by a known status and kind only, and searches for up to 100 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.string({ maxLength: 140 }), (status, kind, q) => {
        const result = v.safeParse(agentInvoices.InvoiceQuerySchema, { status, kind, q });
        const statusOk = (agentInvoices.INVOICE_STATUS_FILTERS as readonly string[]).includes(status);
        const kindOk = kind === '' || (INVOICE_KINDS as readonly string[]).includes(kind);
        const qOk = q.trim().length <= 100;
        expect(result.success).toBe(statusOk && kindOk && qOk);
        if (result.success) expect(result.output).toEqual({ status, kind, q: q.trim(), page: 1 });
        else {
          const errors = issues.fieldErrors(result.issues);
          if (!statusOk) expect(errors.status).toBe(agentInvoices.agentInvoiceMessages.statusInvalid);
          if (!kindOk) expect(errors.kind).toBe(agentInvoices.agentInvoiceMessages.kindInvalid);
          if (!qOk) expect(errors.q).toBe(agentInvoices.agentInvoiceMessages.searchTooLong);
        }
      }),
    );
  });

  it('takes a payment received on a calendar day from the invoice day up to today, never before or later', () => {
    const today = '2026-12-01';
    const issuedOn = '2026-10-15';
    const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (receivedOn) => {
        const result = v.safeParse(agentInvoices.paymentSchema({ today, issuedOn }), { receivedOn });
        expect(result.success).toBe(receivedOn >= issuedOn && receivedOn <= today);
        if (!result.success && receivedOn > today) expect(issues.fieldErrors(result.issues)).toEqual({ receivedOn: agentInvoices.agentInvoiceMessages.receivedOnInFuture });
        if (!result.success && receivedOn < issuedOn) {
          expect(issues.fieldErrors(result.issues)).toEqual({ receivedOn: 'Der Zahlungseingang kann nicht vor dem Rechnungsdatum (15.10.2026) liegen.' });
        }
      }),
    );
  });
});
