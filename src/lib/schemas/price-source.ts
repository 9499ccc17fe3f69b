import * as v from 'valibot';
import { APP_TYPE_IDS } from '../configurator/app-types.ts';
import { VAT_PERCENT } from '../money.ts';
import { missingWebappFeatures } from '../prices/webapp.ts';

/**
 * One entry of the price source: the front matter of a Markdown file in src/content/prices/
 * (docs/decisions/0025-price-source.md). Editors change prices there; the build validates every
 * file with this schema (Astro's content collection and the compiled source for the functions
 * and islands use the same one), so a broken entry fails the build with its file and field.
 * Messages are German: editors read them in the build log.
 */

/** What one price stands for: per hour bought, once, per month or per year of a contract. */
const PRICE_UNITS = ['hour', 'once', 'month', 'year'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** Sections of the price list and the product catalogue, in display order. */
export const PRICE_GROUPS = ['webapp-pakete', 'anwendungen', 'entwicklung', 'zusatzleistungen', 'domains', 'konfigurator'] as const;
export type PriceGroup = (typeof PRICE_GROUPS)[number];

/** German VAT rates an entry may carry. */
export const VAT_PERCENTS = [19, 7] as const;

/**
 * Entries the code needs by meaning rather than by id; each role belongs to exactly one entry.
 * - development-hour: the configurator's development rate (one price per service: the price
 *   list's 'Softwareentwicklung' hour);
 * - support-hour: the configurator's support rate, and support by time spent;
 * - hosting-monthly / hosting-six-months: the configurator's hosting plans (SPEC §9);
 * - click-dummy: the click-dummy service of the start page.
 */
export const PRICE_ROLES = ['development-hour', 'support-hour', 'hosting-monthly', 'hosting-six-months', 'click-dummy'] as const;
export type PriceRole = (typeof PRICE_ROLES)[number];

/**
 * An object whose missing fields are named in German ('Pflichtfeld „vatPercent“ fehlt.') instead of
 * valibot's English default: editors read these messages in the build log.
 */
function fields<E extends v.ObjectEntries>(entries: E, what: string) {
  return v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    return issue.received === 'undefined' && typeof key === 'string' ? `Pflichtfeld „${key}“ fehlt.` : `${what}: Felder erwartet (YAML-Abschnitt).`;
  });
}

const text = (what: string) => v.pipe(v.string(`${what}: Text erwartet.`), v.trim(), v.nonEmpty(`${what} darf nicht leer sein.`));

const cents = (what: string) =>
  v.pipe(
    v.number(`${what}: Betrag in Cent als Zahl erwartet (zum Beispiel 8000 für 80,00 €).`),
    v.integer(`${what}: Betrag in ganzen Cent angeben (zum Beispiel 8000 für 80,00 €).`),
    v.minValue(0, `${what} darf nicht negativ sein.`),
    v.maxValue(100_000_000, `${what}: mehr als 1.000.000,00 € ist sicher ein Tippfehler.`),
  );

const wholeNumber = (what: string, min: number, max: number) =>
  v.pipe(v.number(`${what}: Zahl erwartet.`), v.integer(`${what}: ganze Zahl erwartet.`), v.minValue(min, `${what}: mindestens ${min}.`), v.maxValue(max, `${what}: höchstens ${max}.`));

/** Links end up in href attributes: only site paths and anchors. */
const sitePath = v.pipe(v.string('Link erwartet.'), v.trim(), v.regex(/^\/(?!\/)[^\s]*$/, 'Links beginnen mit / und führen auf diese Website.'));

/**
 * The contract side of a recurring price: the minimum term, the rhythm it is paid in (in advance,
 * AGB § 4) and the notice before the end of a term (SPEC §9: 10 days, domains 14).
 */
const TermSchema = v.pipe(
  fields({
    minimumMonths: wholeNumber('Mindestlaufzeit in Monaten (term.minimumMonths)', 1, 120),
    billingMonths: wholeNumber('Abrechnungszeitraum in Monaten (term.billingMonths)', 1, 120),
    noticeDays: wholeNumber('Kündigungsfrist in Tagen (term.noticeDays)', 0, 31),
  }, 'term'),
  v.check(
    ({ minimumMonths, billingMonths }) => minimumMonths % billingMonths === 0,
    'Die Mindestlaufzeit (term.minimumMonths) muss ein Vielfaches des Abrechnungszeitraums (term.billingMonths) sein.',
  ),
);
export type Term = v.InferOutput<typeof TermSchema>;

const OfferSchema = fields({
  /** Label of the add-to-cart button on the offer cards. */
  button: text('offer.button'),
  moreInfoLink: v.optional(sitePath),
  /** The English offer file (/locales/en-products.json, SPEC §7); prices come from the entry. */
  en: fields(
    {
      name: text('offer.en.name'),
      features: v.array(text('offer.en.features')),
      button: text('offer.en.button'),
    },
    'offer.en',
  ),
}, 'offer');

const AppTypeSchema = fields({
  /** The configurator's key of this app type (SPEC §3 selectedAppType). */
  key: v.picklist(APP_TYPE_IDS, `appType.key muss einer von ${APP_TYPE_IDS.join(', ')} sein.`),
  /** Credits size the hosting: every started 100 credits is one hosting unit (SPEC §9). */
  credits: wholeNumber('appType.credits', 0, 10_000),
  /** App types this one brings along for free (SPEC §3 includedForFree). */
  includes: v.optional(v.array(v.picklist(APP_TYPE_IDS, `appType.includes: nur ${APP_TYPE_IDS.join(', ')}.`)), []),
}, 'appType');

const DomainSchema = fields({
  /** The ending without the dot, lower case; also the URL segment of /domains/{tld}. */
  tld: v.pipe(v.string('domain.tld: Text erwartet.'), v.regex(/^[a-z]{2,63}$/, 'domain.tld besteht aus 2 bis 63 Kleinbuchstaben ohne Punkt.')),
  activationHours: v.pipe(
    fields({ min: wholeNumber('domain.activationHours.min', 0, 720), max: wholeNumber('domain.activationHours.max', 0, 720) }, 'domain.activationHours'),
    v.check(({ min, max }) => min <= max, 'domain.activationHours: min darf nicht über max liegen.'),
  ),
}, 'domain');

/**
 * What a web-application package includes, as figures: the comparison table on /webapp reads
 * them (docs/decisions/0072-visual-identity.md), the feature lines of the entry say the same in
 * words, and the entry check below keeps the two from drifting apart.
 */
const WebappSchema = fields({
  storageGb: wholeNumber('webapp.storageGb (Speicher in GB)', 1, 100_000),
  domains: wholeNumber('webapp.domains (Domains höchstens)', 0, 1000),
  availabilityPercent: v.pipe(v.number('webapp.availabilityPercent: Zahl erwartet.'), v.minValue(0, 'webapp.availabilityPercent: mindestens 0.'), v.maxValue(100, 'webapp.availabilityPercent: höchstens 100.')),
  demoMonths: wholeNumber('webapp.demoMonths (kostenlose Demo in Monaten)', 0, 24),
  /** Support hours included per month; 0 where support is bought by time spent. */
  supportHoursPerMonth: v.optional(wholeNumber('webapp.supportHoursPerMonth', 0, 1000), 0),
  /** Reseller packages: how many customers of the reseller the package serves; absent for own use. */
  customers: v.optional(wholeNumber('webapp.customers', 1, 10_000)),
  /** The package the pages highlight as 'Empfohlen' (at most one in the source). */
  recommended: v.optional(v.boolean('webapp.recommended muss true oder false sein.'), false),
}, 'webapp');
export type WebappFacts = v.InferOutput<typeof WebappSchema>;

/** Cent fields: an entry states its price either net (the default) or, where a round gross price is advertised, gross. */
const priceFields = {
  netCents: v.optional(cents('netCents (Nettopreis in Cent)')),
  grossCents: v.optional(cents('grossCents (Bruttopreis in Cent)')),
};

export const PriceEntryDataSchema = v.pipe(
  fields({
    name: text('name'),
    group: v.picklist(PRICE_GROUPS, `group muss einer von ${PRICE_GROUPS.join(', ')} sein.`),
    /** One sentence for the price list and the catalogue. */
    description: text('description'),
    /** Position within its group on every list (smaller first; equal positions sort by name). */
    order: v.optional(wholeNumber('order', 0, 10_000), 100),
    ...priceFields,
    vatPercent: v.picklist(VAT_PERCENTS, `vatPercent muss ${VAT_PERCENTS.join(' oder ')} sein.`),
    unit: v.picklist(PRICE_UNITS, `unit muss einer von ${PRICE_UNITS.join(', ')} sein.`),
    /** Only a configurator app type may be priced individually ('auf Anfrage'). */
    onRequest: v.optional(v.boolean('onRequest muss true oder false sein.'), false),
    term: v.optional(TermSchema),
    features: v.optional(v.array(text('features')), []),
    /** Booking this books an application, which a domain needs beside it (SPEC §1). */
    application: v.optional(v.boolean('application muss true oder false sein.'), false),
    /** At most this many of it per order (a domain name exists once). */
    maxQuantity: v.optional(wholeNumber('maxQuantity', 1, 999)),
    role: v.optional(v.picklist(PRICE_ROLES, `role muss einer von ${PRICE_ROLES.join(', ')} sein.`)),
    offer: v.optional(OfferSchema),
    appType: v.optional(AppTypeSchema),
    domain: v.optional(DomainSchema),
    webapp: v.optional(WebappSchema),
  }, 'Kopfbereich'),
  v.check(
    (entry) => entry.onRequest || (entry.netCents === undefined) !== (entry.grossCents === undefined),
    'Genau einer von netCents (Nettopreis) oder grossCents (Bruttopreis) muss angegeben sein.',
  ),
  v.check((entry) => !entry.onRequest || (entry.appType !== undefined && entry.netCents === undefined && entry.grossCents === undefined), 'onRequest gibt es nur für Anwendungstypen des Konfigurators, und dann ohne Preis.'),
  v.check(
    (entry) => (entry.term !== undefined) === (entry.unit === 'month' || entry.unit === 'year'),
    'Preise pro Monat oder pro Jahr brauchen eine Laufzeit (term); einmalige Preise und Stundenpreise haben keine.',
  ),
  v.check((entry) => entry.unit !== 'year' || (entry.term?.billingMonths ?? 0) % 12 === 0, 'Ein Preis pro Jahr wird in ganzen Jahren abgerechnet (term.billingMonths: 12, 24, …).'),
  v.check((entry) => (entry.group === 'domains') === (entry.domain !== undefined), 'Einträge der Gruppe domains brauchen domain, andere keines.'),
  v.check((entry) => (entry.group === 'konfigurator') === (entry.appType !== undefined), 'Einträge der Gruppe konfigurator sind Anwendungstypen (appType), andere nicht.'),
  v.check((entry) => entry.appType === undefined || entry.unit === 'once', 'Anwendungstypen kosten einmalig (unit: once).'),
  v.check((entry) => entry.domain === undefined || entry.unit === 'year', 'Domains kosten pro Jahr (unit: year).'),
  v.check((entry) => entry.webapp === undefined || entry.group === 'webapp-pakete', 'webapp gibt es nur für Einträge der Gruppe webapp-pakete.'),
  v.check(
    (entry) => entry.webapp === undefined || missingWebappFeatures(entry.webapp, entry.features).length === 0,
    (issue) => `features widersprechen webapp: es fehlt ${missingWebappFeatures(issue.input.webapp!, issue.input.features).map((text) => `„${text}“`).join(', ')}.`,
  ),
);

export type PriceEntryData = v.InferOutput<typeof PriceEntryDataSchema>;

/** The id is the Markdown file's name: it is what carts store and orders record. */
const PriceIdSchema = v.pipe(v.string('Dateiname erwartet.'), v.regex(/^[a-z0-9-]+$/, 'Dateinamen (IDs) bestehen aus a-z, 0-9 und Bindestrichen.'));

const PriceEntrySchema = v.object({ id: PriceIdSchema, data: PriceEntryDataSchema });

type Entries = v.InferOutput<typeof PriceEntrySchema>[];
/** A message that names the files at fault. */
type EntriesMessage = (issue: v.CheckIssue<Entries>) => string;

/** Ids of entries matching a condition, for the messages below. */
const idsWhere = (entries: Entries, matches: (entry: Entries[number]) => boolean) => entries.filter(matches).map((entry) => entry.id);

function exactlyOnce<K extends string>(keys: readonly K[], keyOf: (entry: Entries[number]) => K | undefined, what: (key: K) => string) {
  return v.check<Entries, EntriesMessage>(
    (entries) => keys.every((key) => entries.filter((entry) => keyOf(entry) === key).length === 1),
    (issue) => {
      const entries = issue.input;
      const wrong = keys.filter((key) => entries.filter((entry) => keyOf(entry) === key).length !== 1);
      return wrong
        .map((key) => {
          const holders = idsWhere(entries, (entry) => keyOf(entry) === key);
          return `${what(key)} muss genau ein Eintrag tragen, gefunden: ${holders.length === 0 ? 'keiner' : holders.join(', ')}.`;
        })
        .join(' ');
    },
  );
}

/** What the configurator needs of the entries with a role (it prices hours, plans and types from them). */
const ROLE_SHAPES: Readonly<Record<PriceRole, { unit: PriceUnit; billingMonths?: number }>> = {
  'development-hour': { unit: 'hour' },
  'support-hour': { unit: 'hour' },
  'hosting-monthly': { unit: 'month', billingMonths: 1 },
  'hosting-six-months': { unit: 'month', billingMonths: 6 },
  'click-dummy': { unit: 'month' },
};

function duplicateTlds(entries: Entries): string[] {
  const tlds = entries.flatMap((entry) => (entry.data.domain ? [entry.data.domain.tld] : []));
  return [...new Set(tlds.filter((tld, index) => tlds.indexOf(tld) !== index))];
}

/** Entries the configurator prices with (a role or an app type) at another VAT rate than its own. */
const configuratorRateMismatch = (entries: Entries) =>
  idsWhere(entries, ({ data }) => (data.role !== undefined || data.appType !== undefined) && data.vatPercent !== VAT_PERCENT);

function fitsRole(role: PriceRole, data: Entries[number]['data']): boolean {
  const shape = ROLE_SHAPES[role];
  return data.unit === shape.unit && (shape.billingMonths === undefined || data.term?.billingMonths === shape.billingMonths);
}

function roleRequirement(role: PriceRole): string {
  const shape = ROLE_SHAPES[role];
  const billing = shape.billingMonths === undefined ? '' : ` und term.billingMonths: ${shape.billingMonths}`;
  return `Die Rolle „${role}“ verlangt unit: ${shape.unit}${billing}.`;
}

/** The whole source: every file once, every role and app type once, every domain ending once. */
export const PriceSourceSchema = v.pipe(
  v.array(PriceEntrySchema, 'Die Preisquelle ist eine Liste von Einträgen.'),
  v.minLength(1, 'Die Preisquelle ist leer: src/content/prices/ enthält keine Einträge.'),
  v.check((entries) => new Set(entries.map((entry) => entry.id)).size === entries.length, 'Jede ID (jeder Dateiname) darf nur einmal vorkommen.'),
  exactlyOnce(PRICE_ROLES, (entry) => entry.data.role, (role) => `Die Rolle „${role}“`),
  exactlyOnce(APP_TYPE_IDS, (entry) => entry.data.appType?.key, (key) => `Der Anwendungstyp „${key}“`),
  v.check<Entries, EntriesMessage>(
    (entries) => duplicateTlds(entries).length === 0,
    (issue) =>
      duplicateTlds(issue.input)
        .map((tld) => `Die Domainendung „${tld}“ (domain.tld) darf nur einmal vorkommen, gefunden in: ${idsWhere(issue.input, (entry) => entry.data.domain?.tld === tld).join(', ')}.`)
        .join(' '),
  ),
  v.check<Entries, EntriesMessage>(
    (entries) => entries.every(({ data }) => !data.role || fitsRole(data.role, data)),
    (issue) =>
      issue.input
        .flatMap(({ id, data }) => (data.role && !fitsRole(data.role, data) ? [`${id}.md: ${roleRequirement(data.role)}`] : []))
        .join(' '),
  ),
  v.check<Entries, EntriesMessage>(
    (entries) => idsWhere(entries, ({ data }) => data.webapp?.recommended === true).length <= 1,
    (issue) => `Höchstens ein Paket darf webapp.recommended: true tragen, gefunden: ${idsWhere(issue.input, ({ data }) => data.webapp?.recommended === true).join(', ')}.`,
  ),
  v.check<Entries, EntriesMessage>(
    (entries) => configuratorRateMismatch(entries).length === 0,
    (issue) =>
      `Der Konfigurator rechnet mit ${VAT_PERCENT} % USt.: Einträge mit role oder appType brauchen vatPercent: ${VAT_PERCENT}, anders in: ${configuratorRateMismatch(issue.input).join(', ')}.`,
  ),
);

