import { beforeAll, describe, expect, it } from 'vitest';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import orderInquiry from '../../../netlify/functions/forms-order-inquiry.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import { site } from '../../../src/config/site.ts';
import { formatReceivedAt, germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import type { FunctionContext } from '../../../src/server/http/endpoint.ts';
import type { Visitor } from '../http/visitor.ts';
import { declarationVisitor, expectRefused, mailsContaining, marker, preparedVisitor, type BadInput } from './helpers.ts';

type Handler = (request: Request, context: FunctionContext) => Promise<Response>;
const sender = (handler: Handler, path: string) => (visitor: Visitor, body: unknown) => visitor.call(handler, path, { method: 'POST', json: body });

async function accepted(
  send: (visitor: Visitor, body: unknown) => Promise<Response>,
  body: Record<string, unknown>,
  prepare: () => Promise<{ visitor: Visitor; security: object }> = preparedVisitor,
  details: Record<string, unknown> = {},
) {
  const { visitor, security } = await prepare();
  const response = await send(visitor, { ...body, ...security });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { id: number; receivedAt: string };
  expect(answer).toEqual({ id: expect.any(Number), receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), confirmationMailed: true, ...details });
  return answer;
}

// Opening and migrating the database can take a while on a busy machine: not inside a test's time.
beforeAll(async () => {
  await getDb();
});

describe('POST /api/forms/withdrawal', () => {
  const send = sender(withdrawal, '/api/forms/withdrawal');
  const fields = (contract: string) => ({ contract, name: 'Özlem Yıldız', email: 'oezlem@example.test' });

  it('stores the withdrawal and confirms its receipt with content, date and time', async () => {
    const contract = marker('Webapp Basis, Bestellung');
    // A declaration: the captcha alone, no proof of work (decision 0033).
    // A visitor's answer names no order: only a logged-in orderer's own are withdrawn at once (decision 0054).
    const { id, receivedAt } = await accepted(send, fields(contract), declarationVisitor, { withdrawnOrders: [] });
    const { rows } = await (await getDb()).query('SELECT contract, name, email FROM withdrawals WHERE id = $1', [id]);
    expect(rows[0]).toEqual(fields(contract));
    const [receipt, notification] = await mailsContaining(contract);
    expect(receipt).toMatchObject({ recipient: 'oezlem@example.test', subject: `Eingangsbestätigung Ihres Widerrufs (Nr. ${id})` });
    expect(receipt!.text_body).toContain(`Eingegangen am ${formatReceivedAt(receivedAt).text}.`);
    expect(receipt!.text_body).toContain('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.');
    expect(receipt!.text_body).toContain(`Vertrag oder Produkt: ${contract}`);
    expect(receipt!.text_body).toContain('Ihr Widerruf ist mit dem Eingang bei uns wirksam.');
    expect(notification).toMatchObject({ recipient: site.email, reply_to: 'oezlem@example.test' });
  });

  const bad: BadInput[] = [
    ['contract missing', { contract: '' }, 'contract', 'Bitte geben Sie den Vertrag oder das Produkt an, den Sie widerrufen.'],
    ['name missing', { name: ' ' }, 'name', 'Name ist erforderlich'],
    ['email missing', { email: undefined }, 'email', 'E-Mail ist erforderlich'],
    ['email malformed', { email: 'oezlem' }, 'email', 'Ungültige E-Mail-Adresse'],
    ['captcha missing', { captcha: '' }, 'captcha', 'Sicherheitscode ist erforderlich'],
    ['captcha wrong', { captcha: 'ZZZZZZ9' }, 'captcha', 'Der Sicherheitscode ist falsch oder abgelaufen. Bitte laden Sie einen neuen Code.'],
  ];
  for (const input of bad) it(`answers 400 and stores nothing when ${input[0]}`, () => expectRefused(send, 'withdrawals', fields(marker('W')), input, declarationVisitor));
});

describe('POST /api/forms/order-inquiry', () => {
  const send = sender(orderInquiry, '/api/forms/order-inquiry');
  const fields = (inquiry: string) => ({
    name: 'Erika Mustermann',
    email: 'erika@example.test',
    customer_id: '',
    inquiry,
    maximum_budget: '12.500',
    topic: 'portal',
    rental_or_purchase: 'rental',
    features: ['login', 'shop', 'login'],
    user_documentation: true,
    source_code_documentation: false,
    admin_documentation: true,
    interested_in: 'consultation',
    service_level_agreement: true,
    bugfixing: true,
    testing: false,
  });

  it('stores every field, the budget in cents, and confirms the answer within 48 hours', async () => {
    const text = marker('Ein Portal für unsere Händler');
    const { id } = await accepted(send, fields(text));
    const { rows } = await (await getDb()).query('SELECT maximum_budget_cents, topic, features, user_documentation, testing, interested_in FROM order_inquiries WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ maximum_budget_cents: 1_250_000, topic: 'portal', features: ['login', 'shop'], user_documentation: true, testing: false, interested_in: 'consultation' });
    const [receipt, notification] = await mailsContaining(text);
    expect(receipt!.text_body).toContain('innerhalb von 48 Stunden');
    expect(receipt!.text_body).toContain('Maximales Budget: 12.500,00\u00a0€');
    expect(receipt!.text_body).toContain('Funktionen: Anmeldung und Benutzerkonten, Warenkorb und Bestellung');
    expect(notification).toMatchObject({ recipient: site.inquiryEmail, reply_to: 'erika@example.test' });
  });

  it('accepts an inquiry without budget and without optional choices', async () => {
    const text = marker('Nur eine Idee');
    const { id } = await accepted(send, { name: 'Erika', email: 'erika@example.test', inquiry: text, topic: 'custom' });
    const { rows } = await (await getDb()).query('SELECT maximum_budget_cents, rental_or_purchase, features FROM order_inquiries WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ maximum_budget_cents: null, rental_or_purchase: 'undecided', features: [] });
  });

  const bad: BadInput[] = [
    ['name missing', { name: '' }, 'name', 'Name ist erforderlich'],
    ['email missing', { email: '' }, 'email', 'E-Mail ist erforderlich'],
    ['email malformed', { email: 'erika@example' }, 'email', 'Ungültige E-Mail-Adresse'],
    ['inquiry missing', { inquiry: '  ' }, 'inquiry', 'Beschreibung des Auftrags ist erforderlich'],
    ['budget with cents', { maximum_budget: '100,50' }, 'maximum_budget', 'Bitte geben Sie das Budget als ganzen Eurobetrag ein, z. B. 5000.'],
    ['budget negative', { maximum_budget: '-5' }, 'maximum_budget', 'Bitte geben Sie das Budget als ganzen Eurobetrag ein, z. B. 5000.'],
    ['unknown topic', { topic: 'rakete' }, 'topic', 'Bitte wählen Sie eine der angebotenen Möglichkeiten.'],
    ['unknown feature', { features: ['login', 'teleport'] }, 'features.1', 'Bitte wählen Sie eine der angebotenen Möglichkeiten.'],
    ['captcha missing', { captcha: '' }, 'captcha', 'Sicherheitscode ist erforderlich'],
  ];
  for (const input of bad) it(`answers 400 and stores nothing when ${input[0]}`, () => expectRefused(send, 'order_inquiries', fields(marker('O')), input));
});

describe('POST /api/forms/demo-request', () => {
  const send = sender(demoRequest, '/api/forms/demo-request');
  const fields = (company: string) => ({ name: 'Max Muster', email: 'max@example.test', company, product: 'timetracking', preferred_date: '' });

  it('stores the request with the preferred date and confirms the answer within 48 hours', async () => {
    const company = marker('Muster GmbH');
    const day = todayIso(new Date(Date.now() + 10 * 86_400_000));
    const { id } = await accepted(send, { ...fields(company), preferred_date: germanDate(day) });
    const { rows } = await (await getDb()).query<{ product: string; day: string }>(
      `SELECT product, to_char(preferred_date, 'YYYY-MM-DD') AS day FROM demo_requests WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ product: 'timetracking', day });
    const [receipt, notification] = await mailsContaining(company);
    expect(receipt!.text_body).toContain('innerhalb von 48 Stunden');
    expect(receipt!.text_body).toContain('Produkt: Zeiterfassung');
    expect(receipt!.text_body).toContain(`Wunschtermin: ${germanDate(day)}`);
    expect(notification!.recipient).toBe(site.inquiryEmail);
  });

  const bad: BadInput[] = [
    ['name missing', { name: '' }, 'name', 'Name ist erforderlich'],
    ['email malformed', { email: 'max' }, 'email', 'Ungültige E-Mail-Adresse'],
    ['company missing', { company: '' }, 'company', 'Firma ist erforderlich'],
    ['product missing', { product: '' }, 'product', 'Bitte wählen Sie das Produkt, das Sie testen möchten.'],
    ['date malformed', { preferred_date: '2031-01-01' }, 'preferred_date', 'Bitte geben Sie ein gültiges Datum im Format DD.MM.YYYY ein.'],
    ['date in the past', { preferred_date: '01.01.2020' }, 'preferred_date', 'Das Datum darf nicht in der Vergangenheit liegen.'],
    ['hashcash missing', { hashcash_solutions: undefined }, 'hashcash_solutions', 'Hashcash-Lösungen fehlen.'],
  ];
  for (const input of bad) it(`answers 400 and stores nothing when ${input[0]}`, () => expectRefused(send, 'demo_requests', fields(marker('D')), input));
});
