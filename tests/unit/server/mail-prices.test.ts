import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, configurator } from '../../../src/data/catalogue.ts';
import { agb } from '../../../src/data/agb.ts';
import { prices } from '../../../src/data/prices.ts';
import { domainCartId } from '../../../src/lib/catalogue.ts';
import { estimate } from '../../../src/lib/configurator/prices.ts';
import { priceCart } from '../../../src/lib/order.ts';
import { PRICE_BASIS } from '../../../src/lib/prices/amounts.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import type { OrderRequest } from '../../../src/lib/schemas/order.ts';
import { requesterConfirmation } from '../../../src/features/click-dummy/server/requests.ts';
import { configuratorConfirmation } from '../../../src/server/inquiries.ts';
import { contractConfirmationBlocks, type Block } from '../../../src/server/documents/contract-confirmation.ts';
import { acceptanceConfirmation, orderConfirmation, orderNotification, orderReceipt } from '../../../src/server/orders/confirmation-mail.ts';
import { netOnlyAmounts, netOnlyPieces } from '../../support/net-only-prices.ts';

/**
 * Issue 18: no mail shows a consumer a net price alone. Every template that can carry a price is
 * built for a consumer with every sellable item of the price source and scanned line by line; a
 * guard below makes sure a new template that formats prices joins this scan.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Server modules that format prices, and who reads what they write. */
const PRICE_TEMPLATES: Readonly<Record<string, string>> = {
  'src/server/orders/confirmation-mail.ts': 'order confirmation, receipt, acceptance and notification: scanned below',
  'src/server/orders/order-texts.ts': 'payment texts of the order confirmation and the contract confirmation: scanned with both below',
  'src/server/documents/contract-confirmation.ts': 'contract confirmation PDF: its text blocks scanned below',
  'src/server/inquiries.ts': 'configurator copy: scanned below',
  'src/features/click-dummy/server/requests.ts': 'click-dummy confirmation: scanned below',
  'src/server/inbox/sources.ts': 'agent dashboard, not a consumer: shows a business order net as the business agreed it',
  'src/features/billing/server/documents/content.ts':
    "invoice PDF: a consumer's invoice is on the gross basis, its lines gross first with the VAT they contain (tests/unit/features/billing/server/documents.test.ts)",
  'src/features/billing/server/documents/texts.ts': 'payment terms of an invoice: the gross amount to pay or refund',
  'src/features/billing/server/invoice-mail.ts': "invoice mail: the invoice's gross total, what is to pay (tests/integration/billing/billing-run.test.ts)",
  'src/features/billing/server/agent-reminder.ts': 'payment reminder: the open gross amount of an invoice',
  'src/server/orders/stored-order.ts': 'reads back an order placed before decision 0059: the gross of its net lines, formats no text',
};

const PRICE_IMPORT = /from '[./]*\/(?:lib\/(?:money|prices\/(?:statement|offers)|configurator\/estimate-lines)|request-terms)\.ts'/u;

function serverModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverModules(path);
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });
}

const lines = (text: string) => text.split('\n');

/** The PDF attached to the customer's mail; its bytes do not matter to the mail text. */
const attachment = { filename: 'Vertragsbestaetigung-KW-000001.pdf', contentType: 'application/pdf', content: '', encoding: 'base64' as const };

/** Every line the contract confirmation says of its own (the legal texts in Markdown hold no prices). */
function blockLines(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.kind) {
      case 'rows':
        return block.rows.flatMap((row) => [row.label, ...lines(row.value)]);
      case 'list':
        return [...block.items];
      case 'form':
        return block.lines;
      case 'markdown':
        return [];
      default:
        return lines(block.text);
    }
  });
}

const consumerRequest = (items: { id: string; quantity: number }[]): OrderRequest => ({
  items,
  customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: 'erika@example.test' },
  paymentMethod: 'invoice',
  iban: '',
  sepaMandate: false,
  hashcash_solutions: [],
  consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
});

/** One of every orderable thing: each sellable entry, a domain, and the configurator's items. */
function everything(): { id: string; quantity: number }[] {
  const plain = prices.entries.filter((entry) => !entry.appType && !entry.domain).map((entry) => entry.id);
  const configuration = 'app;typen=portal,shop;entwicklung=10;support=2;hosting=halbjaehrlich;anpassung=ja';
  const ids = [
    ...plain,
    domainCartId('de', 'müller-bau'),
    `konfiguration-einrichtung:${configuration}`,
    `konfiguration-betrieb:${configuration}`,
    'konfiguration-betrieb:support;stunden=3',
  ];
  for (const id of ids) expect(catalogue.get(id), id).toBeDefined();
  return ids.map((id) => ({ id, quantity: 2 - (id.startsWith('domain-') ? 1 : 0) }));
}

describe('the net-only rule', () => {
  it.each([
    ['Der Click-Dummy-Service kostet monatlich pauschal 90 € zzgl. MwSt.', ['90 €']],
    ['10 Stunden Entwicklung à 95,00 € netto', ['95,00 €']],
    ['netto 80,00 € zzgl. 19 % USt.', ['80,00 €']],
    ['Jetzt fällig: 693,78 € netto zzgl. 19 % USt. 131,82 € = 825,60 € brutto', ['693,78 €']],
  ])('flags %s', (text, amounts) => {
    expect(netOnlyAmounts(text)).toEqual(amounts);
  });

  it.each([
    '10 Stunden Entwicklung à 95,20 € (netto 80,00 €)',
    '95,20 € pro Stunde inkl. 19 % USt. netto 80,00 € zzgl. 19 % USt.',
    'Entwicklung (einmalig): 952,00 € brutto (800,00 € netto)',
    'Jetzt fällig: 825,60 € inkl. 19 % USt. 131,82 €',
    'Unternehmer sehen an der Kasse Nettopreise; alle Preise inkl. USt.',
  ])('passes %s', (text) => {
    expect(netOnlyAmounts(text)).toEqual([]);
  });
});

describe('mails a consumer reads', () => {
  it('every module that formats prices is a template scanned here or explained', () => {
    // Server code lives in src/server and in the features' server folders (src/features/billing/server).
    const server = [...serverModules(join(ROOT, 'src', 'server')), ...serverModules(join(ROOT, 'src', 'features')).filter((file) => file.includes('/server/'))];
    const formatting = server.filter((file) => PRICE_IMPORT.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(formatting.sort()).toEqual(Object.keys(PRICE_TEMPLATES).sort());
  });

  it('the order confirmation and its copy show every sellable item gross first', () => {
    const request = consumerRequest(everything());
    const cart = priceCart(catalogue, request.items, PRICE_BASIS.consumer);
    expect(cart.problems).toEqual({});
    const createdAt = new Date('2026-11-24T10:00:00Z');
    const order = { orderNumber: 'KW-000001', createdAt, request, cart, agbVersion: agb.version, acceptedAt: createdAt, servicesStartOn: '2026-11-24', acceptanceDeadline: null };
    const received = { ...order, acceptedAt: null, servicesStartOn: null, acceptanceDeadline: '2026-11-26' };
    for (const mail of [
      orderConfirmation(order, 'https://example.test', attachment),
      acceptanceConfirmation(order, 'https://example.test', attachment),
      orderNotification(order, 'https://example.test'),
    ]) {
      expect(netOnlyPieces(lines(mail.text)), mail.subject).toEqual([]);
      expect(mail.text).toMatch(/Jetzt fällig: .+ inkl\. 19\s%\sUSt\./u);
    }
    for (const mail of [orderReceipt(received, 'https://example.test'), orderNotification(received, 'https://example.test')]) {
      expect(netOnlyPieces(lines(mail.text)), mail.subject).toEqual([]);
      expect(mail.text).toMatch(/Fällig mit unserer Annahme: .+ inkl\. 19\s%\sUSt\./u);
    }
  });

  it('the contract confirmation PDF of that order shows every sellable item and every contract gross first', () => {
    const request = consumerRequest(everything());
    const cart = priceCart(catalogue, request.items, PRICE_BASIS.consumer);
    const createdAt = new Date('2026-11-24T10:00:00Z');
    const order = { orderNumber: 'KW-000001', createdAt, request, cart, agbVersion: agb.version, acceptedAt: createdAt, servicesStartOn: '2026-11-24', acceptanceDeadline: null };
    const contracts = cart.lines.flatMap((line, index) =>
      line.entry?.term ? [{ contractNumber: `V-${String(index + 1).padStart(6, '0')}`, position: index + 1, startsOn: '2026-11-24' }] : [],
    );
    expect(contracts.length).toBeGreaterThan(3);
    const text = blockLines(contractConfirmationBlocks({ order, contracts, origin: 'https://example.test' }));
    expect(netOnlyPieces(text)).toEqual([]);
    expect(text.filter((line) => /inkl\. 19\s%\sUSt\., (im Voraus|monatlich|jährlich)/u.test(line))).toHaveLength(contracts.length);
  });

  it('a business order confirmation states net amounts first, which the scan notices (it is not blind)', () => {
    const request: OrderRequest = {
      ...consumerRequest([{ id: 'webapp-basis-6m', quantity: 1 }]),
      customer: { type: 'business', company: 'Mustermann GmbH', vatId: '', invoiceFormat: 'factur-x', leitwegId: '', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: 'einkauf@example.test' },
    };
    const cart = priceCart(catalogue, request.items, PRICE_BASIS.business);
    const createdAt = new Date();
    const order = { orderNumber: 'KW-000002', createdAt, request, cart, agbVersion: agb.version, acceptedAt: createdAt, servicesStartOn: '2026-11-24', acceptanceDeadline: null };
    const mail = orderConfirmation(order, 'https://example.test', attachment);
    expect(netOnlyPieces(lines(mail.text))).not.toEqual([]);
  });

  it('the configurator copy of both tabs shows gross first', () => {
    for (const state of [
      { ...DEFAULT_CONFIGURATOR_STATE, selectedAppType: ['portal', 'shop', 'custom'] as const, developmentHours: 10, supportHours: 2, hostingPlan: 'six-months' as const },
      { ...DEFAULT_CONFIGURATOR_STATE, activeTab: 'support' as const, supportOnlyHours: 4 },
    ]) {
      const configuratorState = { ...state, selectedAppType: [...state.selectedAppType] };
      const inquiry = { name: 'Erika Mustermann', email: 'erika@example.test', message: '', configurator: configuratorState, clickDummies: [], captcha: 'x', hashcash_solutions: [] };
      const mail = configuratorConfirmation(inquiry, estimate(configuratorState, configurator));
      expect(netOnlyPieces(lines(mail.text))).toEqual([]);
      expect(mail.text).toContain('brutto');
    }
  });

  it('the click-dummy confirmation says the request is free and names the service price gross first', () => {
    const mail = requesterConfirmation({ name: 'Erika Mustermann', email: 'erika@example.test', message: 'Ein Kundenportal.', trigger: 'create' });
    expect(netOnlyPieces(lines(mail.text))).toEqual([]);
    expect(mail.text).toContain('kostenlos und unverbindlich');
    expect(mail.text).toMatch(/107,10\s€ inkl\. 19\s%\sUSt\. \(90,00\s€ netto\)/u);
  });
});
