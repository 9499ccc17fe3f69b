import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogue, configurator } from '../../../src/data/catalogue.ts';
import { configurationLink } from '../../../src/components/configurator/configuration-link.ts';
import {
  applyConfiguration,
  cartConfiguration,
  configuredItem,
  configuredItems,
  decodeConfiguration,
  encodeConfiguration,
} from '../../../src/lib/configurator/cart-item.ts';
import { priceCart } from '../../../src/lib/order.ts';
import {
  ConfiguratorInquirySchema,
  ConfiguratorStateSchema,
  DEFAULT_CONFIGURATOR_STATE,
  type ConfiguratorState,
} from '../../../src/lib/schemas/configurator.ts';

/** The configurator's prices from the price source: development 80,00 € net, support 75,00 € net, plans 95,20 € / 90,00 € gross. */
const PRICES = configurator;
const MONTHLY_TERM = { minimumMonths: 1, billingMonths: 1, noticeDays: 10 };
const SIX_MONTHS_TERM = { minimumMonths: 6, billingMonths: 6, noticeDays: 10 };
const WORKED_EXAMPLE: ConfiguratorState = { ...DEFAULT_CONFIGURATOR_STATE, developmentHours: 10 };
const SETUP_ID = 'konfiguration-einrichtung:app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';
const OPERATION_ID = 'konfiguration-betrieb:app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';

describe('configured cart items', () => {
  it('turns the worked example into a setup and a monthly item, priced net and gross', () => {
    const items = configuredItems(WORKED_EXAMPLE, PRICES);
    expect(items.map(({ id, netCents, grossCents, vatPercent, unit, term, kind }) => ({ id, netCents, grossCents, vatPercent, unit, term, kind }))).toEqual([
      { id: SETUP_ID, netCents: 89000, grossCents: 105910, vatPercent: 19, unit: 'once', term: undefined, kind: 'application' },
      { id: OPERATION_ID, netCents: 8000, grossCents: 9520, vatPercent: 19, unit: 'month', term: MONTHLY_TERM, kind: 'application' },
    ]);
    expect(items[0]!.features).toContain('10 Stunden Entwicklung à 95,20\u00a0€ (netto 80,00\u00a0€)');
  });

  it('rebuilds each item from its id alone', () => {
    for (const item of configuredItems(WORKED_EXAMPLE, PRICES)) expect(configuredItem(item.id, PRICES)).toEqual(item);
  });

  it('encodes every field, so different configurations never share an id', () => {
    const base = encodeConfiguration(cartConfiguration(WORKED_EXAMPLE));
    const variants: Partial<ConfiguratorState>[] = [
      { developmentHours: 11 },
      { supportHours: 1 },
      { hostingPlan: 'six-months' },
      { customizationRequired: 'yes' },
      { selectedAppType: ['portal', 'shop'] },
      { activeTab: 'support' },
    ];
    const ids = variants.map((change) => encodeConfiguration(cartConfiguration({ ...WORKED_EXAMPLE, ...change })));
    expect(new Set([base, ...ids]).size).toBe(variants.length + 1);
    for (const id of ids) expect(encodeConfiguration(decodeConfiguration(id)!)).toBe(id);
  });

  it('ignores the fields of the other tab', () => {
    const support = { ...WORKED_EXAMPLE, activeTab: 'support' as const, supportOnlyHours: 3 };
    expect(encodeConfiguration(cartConfiguration(support))).toBe('support;stunden=3');
    const items = configuredItems(support, PRICES);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: 'konfiguration-betrieb:support;stunden=3',
      name: 'Support: 3 Stunden pro Monat',
      netCents: 22500,
      grossCents: 26775,
      unit: 'month',
      term: MONTHLY_TERM,
      kind: 'service',
    });
    expect(items[0]!.features).toEqual(['3 Stunden Support pro Monat à 89,25\u00a0€ (netto 75,00\u00a0€)']);
    expect(configuredItem('konfiguration-einrichtung:support;stunden=3', PRICES)).toBeUndefined();
  });

  it('leaves out a setup that costs nothing', () => {
    const items = configuredItems({ ...DEFAULT_CONFIGURATOR_STATE, selectedAppType: ['custom'] }, PRICES);
    expect(items.map((item) => item.id)).toEqual(['konfiguration-betrieb:app;typen=custom;entwicklung=0;support=0;hosting=monatlich;anpassung=nein']);
  });

  it('says in the setup item that a custom part follows on request', () => {
    const [setup] = configuredItems({ ...WORKED_EXAMPLE, selectedAppType: ['portal', 'custom'] }, PRICES);
    expect(setup!.features).toContain('Der individuelle Teil wird auf Anfrage kalkuliert und ist im Preis nicht enthalten.');
  });

  it.each([
    ['reordered types', 'app;typen=shop,portal;entwicklung=0;support=0;hosting=monatlich;anpassung=nein'],
    ['repeated type', 'app;typen=portal,portal;entwicklung=0;support=0;hosting=monatlich;anpassung=nein'],
    ['unknown type', 'app;typen=blog;entwicklung=0;support=0;hosting=monatlich;anpassung=nein'],
    ['leading zero', 'app;typen=portal;entwicklung=010;support=0;hosting=monatlich;anpassung=nein'],
    ['negative hours', 'app;typen=portal;entwicklung=-1;support=0;hosting=monatlich;anpassung=nein'],
    ['too many hours', 'app;typen=portal;entwicklung=10000;support=0;hosting=monatlich;anpassung=nein'],
    ['fractional hours', 'app;typen=portal;entwicklung=1.5;support=0;hosting=monatlich;anpassung=nein'],
    ['unknown plan', 'app;typen=portal;entwicklung=0;support=0;hosting=jaehrlich;anpassung=nein'],
    ['missing field', 'app;typen=portal;entwicklung=0;support=0;hosting=monatlich'],
    ['extra field', 'app;typen=portal;entwicklung=0;support=0;hosting=monatlich;anpassung=nein;rabatt=50'],
    ['support below its minimum', 'support;stunden=0'],
    ['unknown tab', 'hosting;stunden=1'],
    ['nothing', ''],
  ])('refuses %s', (_label, parameter) => {
    expect(decodeConfiguration(parameter)).toBeUndefined();
    expect(configuredItem(`konfiguration-betrieb:${parameter}`, PRICES)).toBeUndefined();
  });
});

describe('the shop catalogue prices configured items with the engine', () => {
  it('knows both items of the worked example with terms', () => {
    expect(catalogue.get(SETUP_ID)).toMatchObject({ netCents: 89000, grossCents: 105910, unit: 'once', term: undefined, maxQuantity: Number.POSITIVE_INFINITY });
    expect(catalogue.get(OPERATION_ID)).toMatchObject({ netCents: 8000, grossCents: 9520, unit: 'month', term: MONTHLY_TERM });
    const sixMonths = OPERATION_ID.replace('monatlich', 'halbjaehrlich');
    expect(catalogue.get(sixMonths)).toMatchObject({ netCents: 7563, grossCents: 9000, unit: 'month', term: SIX_MONTHS_TERM });
  });

  it('prices a cart with configured items like POST /api/orders does, and counts them as an application', () => {
    const priced = priceCart(catalogue, [
      { id: SETUP_ID, quantity: 1 },
      { id: OPERATION_ID, quantity: 1 },
      { id: 'domain-de:mein-portal', quantity: 1 },
    ]);
    expect(priced.problems).toEqual({});
    // Consumer (gross): setup + first month + first year now; then each rhythm on its own.
    expect(priced.schedule.dueNow.grossCents).toBe(105910 + 9520 + 1200);
    expect(priced.schedule.recurring.map(({ everyMonths, amount }) => [everyMonths, amount.grossCents])).toEqual([
      [1, 9520],
      [12, 1200],
    ]);
    // Business (net): the same items at their net prices, VAT on the net sum.
    const business = priceCart(catalogue, [{ id: SETUP_ID, quantity: 1 }, { id: OPERATION_ID, quantity: 1 }], 'net');
    expect(business.schedule.dueNow).toMatchObject({ netCents: 97000, vatCents: 18430, grossCents: 115430 });
    expect(business.schedule.recurring).toEqual([{ everyMonths: 1, amount: { netCents: 8000, vatCents: 1520, grossCents: 9520, byRate: [{ percent: 19, netCents: 8000, vatCents: 1520 }] } }]);
  });

  it('bills a configured 6-month plan per 6 months in advance', () => {
    const sixMonths = OPERATION_ID.replace('monatlich', 'halbjaehrlich');
    const priced = priceCart(catalogue, [{ id: sixMonths, quantity: 1 }]);
    expect(priced.lines[0]).toMatchObject({ unitCents: 9000, paymentCents: 54000, rhythm: { kind: 'recurring', everyMonths: 6 } });
    expect(priced.schedule.dueNow.grossCents).toBe(54000);
    expect(priced.schedule.recurring.map(({ everyMonths, amount }) => [everyMonths, amount.grossCents])).toEqual([[6, 54000]]);
  });

  it('treats a tampered id as an unknown product', () => {
    const priced = priceCart(catalogue, [{ id: SETUP_ID.replace('entwicklung=10', 'entwicklung=10;rabatt=1'), quantity: 1 }]);
    expect(priced.lines[0]).toMatchObject({ unitCents: 0, paymentCents: 0, entry: undefined });
    expect(priced.schedule.dueNow.grossCents).toBe(0);
    expect(priced.problems['items.0.id']).toBeDefined();
  });
});

describe('configurator schemas', () => {
  it('accepts the default state and refuses bad hours and app types', () => {
    expect(v.safeParse(ConfiguratorStateSchema, DEFAULT_CONFIGURATOR_STATE).success).toBe(true);
    for (const bad of [
      { developmentHours: -1 },
      { developmentHours: 1.5 },
      { supportHours: 10000 },
      { supportOnlyHours: 0 },
      { developmentHours: '3' },
      { selectedAppType: ['portal', 'portal'] },
      { selectedAppType: ['blog'] },
      { hostingPlan: 'annual' },
    ]) {
      expect(v.safeParse(ConfiguratorStateSchema, { ...DEFAULT_CONFIGURATOR_STATE, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('drops a browser-made estimate from the inquiry: the server prices the state itself', () => {
    const result = v.parse(ConfiguratorInquirySchema, {
      name: 'Erika',
      email: 'erika@example.test',
      message: '',
      configurator: DEFAULT_CONFIGURATOR_STATE,
      clickDummies: [],
      estimate: { setup: 1 },
      captcha: 'ABCDEF',
      hashcash_solutions: [{ text: 'x', nonce: 1, difficulty: 1 }],
    });
    expect(result).not.toHaveProperty('estimate');
  });
});

describe('configuration handed over from the landing variant', () => {
  it('applies a decoded configuration to a state, keeping what it does not carry', () => {
    const base = { ...DEFAULT_CONFIGURATOR_STATE, includeVAT: false };
    const support = applyConfiguration(base, decodeConfiguration('support;stunden=7')!);
    expect(support).toMatchObject({ activeTab: 'support', supportOnlyHours: 7, showAppForm: false, showSupportForm: true, includeVAT: false });
    const app = applyConfiguration(support, decodeConfiguration('app;typen=portal,shop;entwicklung=3;support=2;hosting=halbjaehrlich;anpassung=ja')!);
    expect(app).toMatchObject({ activeTab: 'app-development', showAppForm: true, showSupportForm: false, selectedAppType: ['portal', 'shop'], developmentHours: 3, supportHours: 2, hostingPlan: 'six-months', customizationRequired: 'yes', supportOnlyHours: 7 });
    expect(v.safeParse(ConfiguratorStateSchema, app).success).toBe(true);
  });

  it('links to the configurator page with the canonical encoding', () => {
    const link = configurationLink({ ...DEFAULT_CONFIGURATOR_STATE, developmentHours: 10 });
    const parameter = new URL(link, 'https://example.test').searchParams.get('konfiguration');
    expect(parameter).toBe('app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein');
  });
});
