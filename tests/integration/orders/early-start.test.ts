import { describe, expect, it } from 'vitest';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { periodEnd } from '../../../src/lib/contracts/ends.ts';
import { servicesStartOn } from '../../../src/lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { inboxSources } from '../../../src/server/inbox/sources.ts';
import { formatOrderTime } from '../../../src/server/orders/order-texts.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { primed } from '../auth/helpers.ts';
import { withProofOfWork } from './proof-of-work.ts';

/**
 * Issue 20, decision 0034: a consumer may order without the early start. The services – and every
 * contract – then begin the day after the withdrawal period, and the answer, the stored order, the
 * confirmation mail, the contract confirmation PDF and the agents' inbox all name that day. With
 * both statements the order behaves as before: the services begin at once. These orders are
 * accepted at once (decision 0053), so the withdrawal period runs from the day of the order; for
 * an order an agent accepts later see order-acceptance.test.ts.
 */

const WEBAPP_6M = { id: 'webapp-basis-6m', quantity: 1 };
const BACKUP = { id: 'restore-backup', quantity: 1 };

let keyCounter = 0;
const newKey = () => `early-start-${Date.now()}-${++keyCounter}`;

const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

function consumerOrder(email: string, consents: Record<string, unknown>) {
  return {
    items: [WEBAPP_6M, BACKUP],
    customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
    paymentMethod: 'invoice',
    consents: { agb: true, agbVersion: agb.version, ...consents },
  };
}

async function placed(body: object): Promise<{ orderId: string; servicesStartOn: string }> {
  const visitor = await primed();
  const response = await visitor.call(orders, '/api/orders', { method: 'POST', json: withProofOfWork(body), headers: { 'Idempotency-Key': newKey() } });
  expect(response.status).toBe(201);
  return (await response.json()) as { orderId: string; servicesStartOn: string };
}

async function records(orderNumber: string) {
  const db = await getDb();
  const order = (await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE order_number = $1', [orderNumber])).rows[0]!;
  const contracts = await db.query<{ starts_on: string }>("SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM contracts WHERE order_id = $1", [order.id]);
  const mail = await db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Bestellbestätigung und Auftragsbestätigung %'", [
    order.email,
  ]);
  const pdf = await db.query<{ content: Uint8Array }>('SELECT content FROM order_documents WHERE order_id = $1', [order.id]);
  const details = await inboxSources.order.details(order, db);
  return {
    order,
    contractStarts: contracts.rows.map((row) => row.starts_on),
    mail: plain(mail.rows[0]!.text_body),
    pdf: plain((await pdfText(pdf.rows[0]!.content)).text).replace(/\s+/gu, ' '),
    servicesStart: details.find((detail) => detail.label === 'Leistungsbeginn'),
  };
}

describe('a consumer order without the early start', () => {
  it('is accepted, and answer, order, contracts, mail, PDF and the agents name the day after the withdrawal period', async () => {
    const today = todayIso();
    const startsOn = servicesStartOn(today, { customerType: 'consumer', earlyStart: false });
    const start = germanDate(startsOn);
    // 14 days to withdraw, from today's acceptance, lie between.
    expect(startsOn > today).toBe(true);

    const answer = await placed(consumerOrder(`ohne-vorzeitig.${Date.now()}@example.test`, {}));
    expect(answer.servicesStartOn).toBe(startsOn);

    const { order, contractStarts, mail, pdf, servicesStart } = await records(answer.orderId);
    expect(order).toMatchObject({ early_start_requested_at: null, withdrawal_waiver_at: null });
    expect(order.agb_accepted_at).toBeInstanceOf(Date);
    // The contract starts with the services, so its minimum term and next possible end follow.
    expect(contractStarts).toEqual([startsOn]);

    expect(mail).toContain(`Leistungsbeginn: am ${start}, nach Ablauf der Widerrufsfrist`);
    expect(mail).toContain(`Keinen vorzeitigen Beginn verlangt: Wir beginnen mit den Leistungen erst nach Ablauf der Widerrufsfrist, am ${start}.`);
    expect(mail).not.toContain('Ausdrücklich verlangt');
    expect(mail).not.toContain('Kenntnis bestätigt');

    expect(pdf).toContain(`Leistungsbeginn: am ${start}, nach Ablauf der Widerrufsfrist`);
    expect(pdf).toContain(`Vertragsbeginn ${start}`);
    expect(pdf).toContain(`Mindestlaufzeit 6 Monate, bis einschließlich ${germanDate(periodEnd(startsOn, 6))}`);
    expect(pdf).toContain(`Keinen vorzeitigen Beginn verlangt: Wir beginnen mit den Leistungen erst nach Ablauf der Widerrufsfrist, am ${start}.`);
    expect(pdf).not.toContain('Ausdrücklich verlangt');

    expect(servicesStart).toEqual({ label: 'Leistungsbeginn', kind: 'text', value: `nach Ablauf der Widerrufsfrist am ${start}` });
  });
});

describe('a consumer order with the early start and the acknowledgement', () => {
  it('begins at once, as before, and records both statements with their time', async () => {
    const today = todayIso();
    const answer = await placed(consumerOrder(`vorzeitig.${Date.now()}@example.test`, { earlyStart: true, waiverAcknowledged: true }));
    expect(answer.servicesStartOn).toBe(today);

    const { order, contractStarts, mail, pdf, servicesStart } = await records(answer.orderId);
    expect(order.early_start_requested_at).toBeInstanceOf(Date);
    expect(order.withdrawal_waiver_at).toBeInstanceOf(Date);
    expect(contractStarts).toEqual([today]);
    const at = formatOrderTime(order.created_at as Date);
    for (const text of [mail, pdf]) {
      expect(text).toContain(`Leistungsbeginn: sofort, am ${germanDate(today)} – auf Ihr Verlangen vor Ablauf der Widerrufsfrist`);
      expect(text).toContain(`Ausdrücklich verlangt, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen, am ${at}.`);
      expect(text).toContain(`Kenntnis bestätigt, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung durch uns verlieren, am ${at}.`);
      expect(text).not.toContain('Keinen vorzeitigen Beginn');
    }
    expect(servicesStart).toEqual({ label: 'Leistungsbeginn', kind: 'text', value: `sofort – vorzeitiger Beginn verlangt am ${at}` });
  });
});

describe('a business order', () => {
  it('begins at once: businesses have no right of withdrawal', async () => {
    const today = todayIso();
    const body = consumerOrder(`firma.${Date.now()}@example.test`, {});
    const answer = await placed({ ...body, customer: { ...body.customer, type: 'business', company: 'Mustermann Bau GmbH' } });
    expect(answer.servicesStartOn).toBe(today);
    const { order, contractStarts, servicesStart } = await records(answer.orderId);
    expect(order).toMatchObject({ early_start_requested_at: null, withdrawal_waiver_at: null });
    expect(contractStarts).toEqual([today]);
    expect(servicesStart).toEqual({ label: 'Leistungsbeginn', kind: 'text', value: `sofort, am ${germanDate(today)} (Unternehmer, kein Widerrufsrecht)` });
  });
});
