import { beforeAll, describe, expect, it } from 'vitest';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import identity from '../../../netlify/functions/forms-cancellation-identity.mts';
import identityLink from '../../../netlify/functions/forms-cancellation-link.mts';
import { site } from '../../../src/config/site.ts';
import { formatReceivedAt, germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { createSession } from '../../../src/server/auth/session.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { cancellationConfirmationMail, recordCancellationProcessed } from '../../../src/server/contracts/cancellation-processing.ts';
import { addDays, periodEnd } from '../../../src/lib/contracts/ends.ts';
import { placeOrder } from '../auth/guest-orders.ts';
import { ORIGIN, type Visitor } from '../http/visitor.ts';
import { cancellationFields, declarationVisitor, expectRefused, mailsContaining, marker, rowCount, type BadInput } from './helpers.ts';

const send = (visitor: Visitor, body: unknown) => visitor.call(cancellation, '/api/forms/cancellation', { method: 'POST', json: body });

/** A date in the future as DD.MM.YYYY. */
function futureDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return germanDate(todayIso(date));
}

async function tokenFromMail(text: string): Promise<string> {
  const match = /\/vertraege-kuendigen\/bestaetigen\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match, 'Bestätigungslink in der Eingangsbestätigung').not.toBeNull();
  return match![1]!;
}

// Opening and migrating the database can take a while on a busy machine: not inside a test's time.
beforeAll(async () => {
  await getDb();
});

describe('POST /api/forms/cancellation (visitor)', () => {
  it('stores the declaration with its time of receipt and sends receipt and notification', async () => {
    const contract = marker('Webapp Basis');
    const { visitor, security } = await declarationVisitor();
    const response = await send(visitor, { ...cancellationFields(contract), ...security });
    expect(response.status).toBe(201);
    const { id, receivedAt } = (await response.json()) as { id: number; receivedAt: string };
    expect(new Date(receivedAt).toISOString()).toBe(receivedAt);

    const db = await getDb();
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM cancellations WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({
      contract_name: contract,
      type_of_cancellation: 'regular',
      end_of_contract_period: 'earliest',
      requested_end_date: null,
      firstname: 'Jürgen',
      email: 'juergen@example.test',
      status: 'received',
      identity_confirmed_at: null,
      user_id: null,
    });
    expect((rows[0]!.received_at as Date).toISOString()).toBe(receivedAt);

    const [receipt, notification] = await mailsContaining(contract);
    expect(receipt).toMatchObject({ recipient: 'juergen@example.test', subject: `Eingangsbestätigung Ihrer Kündigung (Nr. ${id})` });
    const { date, time } = formatReceivedAt(receivedAt);
    expect(receipt!.text_body).toContain(`Eingegangen am ${date} um ${time}.`);
    expect(receipt!.text_body).toContain(`Vertrag: ${contract}`);
    expect(receipt!.text_body).toContain('Art der Kündigung: Ordentliche Kündigung');
    expect(receipt!.text_body).toContain('Vertragsende: zum nächstmöglichen Zeitpunkt');
    expect(receipt!.text_body).toContain('Anschrift: Bahnhofstraße 5, 50667 Köln, Deutschland');
    expect(receipt!.text_body).toContain(`${ORIGIN}/vertraege-kuendigen/bestaetigen/`);
    expect(receipt!.sent_at).toBeInstanceOf(Date);
    expect(notification).toMatchObject({ recipient: site.email, reply_to: 'juergen@example.test' });
  });

  it('keeps an extraordinary cancellation with its reason and the requested end date', async () => {
    const contract = marker('Hosting');
    const { visitor, security } = await declarationVisitor();
    const end = futureDate(40);
    const body = {
      ...cancellationFields(contract),
      type_of_cancellation: 'extraordinary',
      cancellation_reason: 'Dauerhafte Ausfälle seit März',
      end_of_contract_period: 'date',
      end_of_contract_period_date: end,
    };
    const response = await send(visitor, { ...body, ...security });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const { rows } = await (await getDb()).query<{ requested_end_date: string; cancellation_reason: string; end_of_contract_period: string }>(
      `SELECT to_char(requested_end_date, 'YYYY-MM-DD') AS requested_end_date, cancellation_reason, end_of_contract_period FROM cancellations WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ requested_end_date: todayIso(new Date(Date.now() + 40 * 86_400_000)), cancellation_reason: 'Dauerhafte Ausfälle seit März', end_of_contract_period: 'date' });
    const [receipt] = await mailsContaining(contract);
    expect(receipt!.text_body).toContain('Kündigungsgrund: Dauerhafte Ausfälle seit März');
    expect(receipt!.text_body).toContain(`Vertragsende: ${end}`);
  });

  it('confirms the identity through the link of the receipt mail, once, with a POST', async () => {
    const contract = marker('Zeiterfassung');
    const { visitor, security } = await declarationVisitor();
    const { id } = (await (await send(visitor, { ...cancellationFields(contract), ...security })).json()) as { id: number };
    const [receipt] = await mailsContaining(contract);
    const token = await tokenFromMail(receipt!.text_body);

    // Opening the link (as a mail scanner would) changes nothing: it hands the token to the page.
    const opened = await visitor.call(identityLink, `/vertraege-kuendigen/bestaetigen/${token}`, { params: { token } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/vertraege-kuendigen/bestaetigen#${token}`);
    const db = await getDb();
    const before = await db.query<{ identity_confirmed_at: Date | null }>('SELECT identity_confirmed_at FROM cancellations WHERE id = $1', [id]);
    expect(before.rows[0]!.identity_confirmed_at).toBeNull();

    const confirm = () => visitor.call(identity, '/api/forms/cancellation/identity', { method: 'POST', json: { token } });
    const first = await confirm();
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { id: number; contractName: string; confirmedAt: string };
    expect(answer).toMatchObject({ id, contractName: contract });
    const again = (await (await confirm()).json()) as { confirmedAt: string };
    expect(again.confirmedAt).toBe(answer.confirmedAt);
  });

  it('refuses unknown and malformed identity tokens', async () => {
    const { visitor } = await declarationVisitor();
    const unknown = await visitor.call(identity, '/api/forms/cancellation/identity', { method: 'POST', json: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain('Bestätigungslink ist ungültig');
    const malformed = await visitor.call(identity, '/api/forms/cancellation/identity', { method: 'POST', json: { token: '../x' } });
    expect(malformed.status).toBe(400);
  });

  it('uses the security check up: the same submission again is refused', async () => {
    const { visitor, security } = await declarationVisitor();
    expect((await send(visitor, { ...cancellationFields(marker('A')), ...security })).status).toBe(201);
    const before = await rowCount('cancellations');
    const again = await send(visitor, { ...cancellationFields(marker('B')), ...security });
    expect(again.status).toBe(400);
    expect(await rowCount('cancellations')).toBe(before);
  });

  const bad: BadInput[] = [
    ['contract missing', { contract_name: ' ' }, 'contract_name', 'Bezeichnung des Vertrags ist erforderlich'],
    ['firstname missing', { firstname: '' }, 'firstname', 'Vorname ist erforderlich'],
    ['lastname missing', { lastname: '' }, 'lastname', 'Nachname ist erforderlich'],
    ['email missing', { email: '' }, 'email', 'E-Mail ist erforderlich'],
    ['email malformed', { email: 'juergen@' }, 'email', 'Ungültige E-Mail-Adresse'],
    ['captcha missing', { captcha: '' }, 'captcha', 'Sicherheitscode ist erforderlich'],
    ['type unknown', { type_of_cancellation: 'sofort' }, 'type_of_cancellation', 'Bitte wählen Sie die Art der Kündigung.'],
    ['end unknown', { end_of_contract_period: 'gestern' }, 'end_of_contract_period', 'Bitte wählen Sie, zu wann Sie kündigen.'],
    ['date chosen, none given', { end_of_contract_period: 'date' }, 'end_of_contract_period_date', 'Bitte geben Sie das gewünschte Vertragsende ein.'],
    ['date not a day', { end_of_contract_period: 'date', end_of_contract_period_date: '31.02.2031' }, 'end_of_contract_period_date', 'Bitte geben Sie ein gültiges Datum im Format DD.MM.YYYY ein.'],
    ['date in ISO form', { end_of_contract_period: 'date', end_of_contract_period_date: '2031-01-01' }, 'end_of_contract_period_date', 'Bitte geben Sie ein gültiges Datum im Format DD.MM.YYYY ein.'],
    ['date in the past', { end_of_contract_period: 'date', end_of_contract_period_date: '01.01.2020' }, 'end_of_contract_period_date', 'Das Datum darf nicht in der Vergangenheit liegen.'],
    ['contract too long', { contract_name: 'x'.repeat(201) }, 'contract_name', 'Bitte höchstens 200 Zeichen eingeben.'],
    ['contract not sent at all', { contract_name: undefined }, 'contract_name', 'Bezeichnung des Vertrags ist erforderlich'],
  ];
  for (const input of bad) {
    it(`answers 400 and stores nothing when ${input[0]}`, async () => {
      await expectRefused(send, 'cancellations', cancellationFields(marker('Fehler')), input, declarationVisitor);
    });
  }

  it('answers 403 without CSRF token and 400 for broken JSON', async () => {
    const { visitor, security } = await declarationVisitor();
    expect((await visitor.call(cancellation, '/api/forms/cancellation', { method: 'POST', json: { ...cancellationFields('x'), ...security }, csrf: false })).status).toBe(403);
    const broken = await visitor.call(cancellation, '/api/forms/cancellation', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });
});

/** A logged-in customer (verified address unless told otherwise). */
async function customerVisitor({ verified = true } = {}) {
  const db = await getDb();
  const email = `${marker('kunde').replace(' ', '-')}@example.test`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, display_name, user_type, email_verified_at)
     VALUES ($1, 'Kundin Anna', 'customer', CASE WHEN $2::boolean THEN now() END) RETURNING id`,
    [email, verified],
  );
  const { visitor } = await declarationVisitor();
  const headers = new Headers();
  for (const cookie of await createSession(db, rows[0]!.id, false, false)) headers.append('set-cookie', cookie);
  visitor.remember(new Response(null, { headers }));
  return { visitor, email, userId: rows[0]!.id };
}

describe('POST /api/forms/cancellation (logged-in customer, SPEC §6)', () => {
  it('accepts only the declaration, without address or security check, and mails the account address', async () => {
    const { visitor, email, userId } = await customerVisitor();
    const contract = marker('Webapp Business');
    const response = await send(visitor, { contract_name: contract, type_of_cancellation: 'regular' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const { rows } = await (await getDb()).query<{ user_id: string; email: string; identity_token_hash: string | null; identity_confirmed_at: Date | null }>(
      'SELECT user_id, email, identity_token_hash, identity_confirmed_at FROM cancellations WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ user_id: userId, email, identity_token_hash: null });
    expect(rows[0]!.identity_confirmed_at).toBeInstanceOf(Date);
    const [receipt] = await mailsContaining(contract);
    expect(receipt!.recipient).toBe(email);
    expect(receipt!.text_body).toContain('Kundenkonto: Kundin Anna');
    expect(receipt!.text_body).not.toContain('/vertraege-kuendigen/bestaetigen/');
  });

  it('is not identity-confirmed from an account whose address is unverified: the receipt carries the identity link', async () => {
    const { visitor, email } = await customerVisitor({ verified: false });
    const contract = marker('Webapp Business');
    const response = await send(visitor, { contract_name: contract, type_of_cancellation: 'regular' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const { rows } = await (await getDb()).query<{ identity_token_hash: string | null; identity_confirmed_at: Date | null }>(
      'SELECT identity_token_hash, identity_confirmed_at FROM cancellations WHERE id = $1',
      [id],
    );
    expect(rows[0]!.identity_confirmed_at).toBeNull();
    expect(rows[0]!.identity_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const [receipt] = await mailsContaining(contract);
    expect(receipt!.recipient).toBe(email);
    expect(receipt!.text_body).toContain('/vertraege-kuendigen/bestaetigen/');
    expect(receipt!.text_body).toContain('Bitte bestätigen Sie mit diesem Link, dass sie von Ihnen stammt:');
  });

  it('still requires the contract', async () => {
    const { visitor } = await customerVisitor();
    const response = await send(visitor, { contract_name: '', type_of_cancellation: 'regular' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.contract_name).toBe('Bezeichnung des Vertrags ist erforderlich');
  });

  it('treats an expired or unknown session like a visitor', async () => {
    const { visitor } = await declarationVisitor();
    visitor.cookies.set('session', 'abgelaufen');
    const response = await send(visitor, { contract_name: 'Webapp', type_of_cancellation: 'regular' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors.firstname).toBe('Vorname ist erforderlich');
  });
});

describe('processing by an agent', () => {
  it('records the contract end once and queues the confirmation mail with it', async () => {
    const contract = marker('Webapp Basis 6 Monate');
    const { visitor, security } = await declarationVisitor();
    const { id } = (await (await send(visitor, { ...cancellationFields(contract), ...security })).json()) as { id: number };
    const db = await getDb();
    const mailId = await recordCancellationProcessed(db, id, '2031-06-30');
    expect(mailId).toEqual(expect.any(Number));
    expect(await recordCancellationProcessed(db, id, '2031-07-31')).toBeNull();
    const { rows } = await db.query<{ status: string; end: string; contract_name: string }>(
      `SELECT status, to_char(contract_end_date, 'YYYY-MM-DD') AS end, contract_name FROM cancellations WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ status: 'processed', end: '2031-06-30', contract_name: contract });
    const mail = (await mailsContaining(contract)).find((m) => m.id === mailId)!;
    expect(mail.subject).toBe(`Bestätigung Ihrer Kündigung (Nr. ${id})`);
    expect(mail.recipient).toBe('juergen@example.test');
    expect(mail.text_body).toContain('Vertragsende: 30.06.2031');
    expect(mail.text_body).toContain('ordentliche Kündigung');
  });

  it('builds the confirmation from the stored cancellation', () => {
    const mail = cancellationConfirmationMail(
      {
        id: 7,
        receivedAt: new Date('2031-03-01T23:30:00Z'),
        contractName: 'Hosting\nPaket',
        firstname: 'Jürgen',
        lastname: 'Weiß',
        email: 'j@example.test',
        customerId: '',
        typeOfCancellation: 'extraordinary',
      },
      '2031-03-31',
    );
    expect(mail.to).toBe('j@example.test');
    expect(mail.text).toContain('Guten Tag Jürgen Weiß,');
    expect(mail.text).toContain('außerordentliche Kündigung vom 02.03.2031');
    expect(mail.text).toContain('Vertrag: Hosting Paket');
    expect(mail.text).toContain('Der Vertrag endet mit Ablauf des 31.03.2031.');
    expect(mail.text).not.toContain('Kundennummer');
  });
});

describe('a cancellation ends the contract it names, on the date computed on receipt', () => {
  /** A consumer order with a 6-month package (a contract from today) and hours (none). */
  async function orderedContract(email: string, visitor?: Visitor) {
    const orderNumber = await placeOrder(email, visitor);
    const { rows } = await (await getDb()).query<{ contract_number: string; name: string }>(
      'SELECT c.contract_number, c.name FROM contracts c JOIN orders o ON o.id = c.order_id WHERE o.order_number = $1',
      [orderNumber],
    );
    expect(rows).toHaveLength(1);
    return { orderNumber, ...rows[0]! };
  }

  async function contractEnd(contractNumber: string) {
    const { rows } = await (await getDb()).query<{ ends_on: string | null; cancellation_id: number | null }>(
      `SELECT to_char(ends_on, 'YYYY-MM-DD') AS ends_on, cancellation_id FROM contracts WHERE contract_number = $1`,
      [contractNumber],
    );
    return rows[0]!;
  }

  // A notice of 10 days to the end of the 6-month minimum term, counted from today.
  const minimumTermEnd = () => periodEnd(todayIso(), 6);

  it('in the customer area: the chosen contract of the account, once; a contract of another account is unknown', async () => {
    const { visitor, email } = await customerVisitor();
    const { contract_number, name } = await orderedContract(email, visitor);
    const response = await send(visitor, { contract_name: name, contract_number, type_of_cancellation: 'regular', end_of_contract_period: 'asap' });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { id: number; contract: { contractNumber: string; name: string; endsOn: string } };
    expect(answer.contract).toEqual({ contractNumber: contract_number, name, endsOn: minimumTermEnd() });
    expect(await contractEnd(contract_number)).toEqual({ ends_on: minimumTermEnd(), cancellation_id: answer.id });
    const { rows } = await (await getDb()).query<{ contract_id: number; computed_end_date: string }>(
      `SELECT contract_id, to_char(computed_end_date, 'YYYY-MM-DD') AS computed_end_date FROM cancellations WHERE id = $1`,
      [answer.id],
    );
    expect(rows[0]!.computed_end_date).toBe(minimumTermEnd());

    const receipt = (await mailsContaining(contract_number)).find((mail) => mail.recipient === email)!;
    expect(receipt.text_body).toContain(`Der Vertrag endet am: ${germanDate(minimumTermEnd())}`);
    expect(receipt.text_body).toContain('Ihre Kündigung ist mit dem Eingang bei uns wirksam.');

    const again = await send(visitor, { contract_name: name, contract_number, type_of_cancellation: 'regular' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { errors: Record<string, string> }).errors.contract_number).toBe('Dieser Vertrag ist bereits gekündigt.');

    const stranger = await customerVisitor();
    const { contract_number: foreign } = await orderedContract(`${marker('fremd').replace(' ', '-')}@example.test`);
    for (const number of [foreign, 'V-999999']) {
      const refused = await send(stranger.visitor, { contract_name: 'Webapp', contract_number: number, type_of_cancellation: 'regular' });
      expect(refused.status).toBe(404);
    }
    expect((await contractEnd(foreign)).ends_on).toBeNull();
  });

  it('keeps a later date asked for; an extraordinary cancellation ends nothing on receipt, it waits for our decision', async () => {
    const { visitor, email } = await customerVisitor();
    const later = await orderedContract(email, visitor);
    const asked = addDays(minimumTermEnd(), 40);
    const dated = await send(visitor, { contract_name: later.name, contract_number: later.contract_number, type_of_cancellation: 'regular', end_of_contract_period: 'date', end_of_contract_period_date: germanDate(asked) });
    expect(((await dated.json()) as { contract: { endsOn: string } }).contract.endsOn).toBe(asked);

    // Issue 33: 'zu einem bestimmten Datum' asked 31.12., answered 'Der Vertrag endet am' the day of receipt.
    const now = await orderedContract(email, visitor);
    const wished = futureDate(40);
    const extraordinary = await send(visitor, {
      contract_name: now.name,
      contract_number: now.contract_number,
      type_of_cancellation: 'extraordinary',
      cancellation_reason: 'Umzug',
      end_of_contract_period: 'date',
      end_of_contract_period_date: wished,
    });
    expect(extraordinary.status).toBe(201);
    const answer = (await extraordinary.json()) as { id: number; contract: { contractNumber: string; endsOn: string | null } };
    expect(answer.contract).toEqual({ contractNumber: now.contract_number, name: now.name, endsOn: null });
    expect(await contractEnd(now.contract_number)).toEqual({ ends_on: null, cancellation_id: null });
    const receipt = (await mailsContaining(now.contract_number)).find((mail) => mail.recipient === email)!;
    expect(receipt.text_body).toContain(`Gewünschtes Vertragsende: ${wished}`);
    expect(receipt.text_body).not.toContain('Der Vertrag endet am');
    expect(receipt.text_body).toContain('Über eine außerordentliche Kündigung und das Vertragsende entscheiden wir nach Prüfung des Grundes');
    const { rows } = await (await getDb()).query<{ attributed_by: string; computed_end_date: string | null }>(
      'SELECT attributed_by, computed_end_date FROM cancellations WHERE id = $1',
      [answer.id],
    );
    expect(rows[0]).toEqual({ attributed_by: 'account', computed_end_date: null });
  });

  it('from the public form: a candidate only among the contracts of the address typed, named in the mail alone; nothing ends on receipt', async () => {
    const email = `${marker('gast').replace(' ', '-')}@example.test`;
    const { contract_number, name, orderNumber } = await orderedContract(email);
    const unmatched = marker('Hosting');
    const first = await declarationVisitor();
    const none = await send(first.visitor, { ...cancellationFields(unmatched), email, ...first.security });
    expect(((await none.json()) as { contract: unknown }).contract).toBeNull();
    const [noMatch] = await mailsContaining(unmatched);
    expect(noMatch!.text_body).toContain('Betroffener Vertrag: Zu Ihren Angaben passt kein laufender Vertrag dieser E-Mail-Adresse eindeutig.');
    expect((await contractEnd(contract_number)).ends_on).toBeNull();

    // The same name under another address is none of this sender's contracts.
    const other = await declarationVisitor();
    const elsewhere = await send(other.visitor, { ...cancellationFields('Webapp Basis'), order_id: orderNumber, ...other.security });
    const { id: elsewhereId } = (await elsewhere.json()) as { id: number };
    const { rows: stranger } = await (await getDb()).query<{ contract_id: number | null }>('SELECT contract_id FROM cancellations WHERE id = $1', [elsewhereId]);
    expect(stranger[0]!.contract_id).toBeNull();

    const second = await declarationVisitor();
    const text = marker('webapp basis');
    const matched = await send(second.visitor, { ...cancellationFields('webapp basis'), order_id: orderNumber.toLowerCase(), annotation: text, email, ...second.security });
    const answer = (await matched.json()) as { id: number; contract: unknown };
    expect(answer.contract).toBeNull();
    const { rows } = await (await getDb()).query<{ contract_id: string; computed_end_date: string; attributed_at: Date | null }>(
      `SELECT contract_id, to_char(computed_end_date, 'YYYY-MM-DD') AS computed_end_date, attributed_at FROM cancellations WHERE id = $1`,
      [answer.id],
    );
    expect(rows[0]).toMatchObject({ computed_end_date: minimumTermEnd(), attributed_at: null });
    expect(await contractEnd(contract_number)).toEqual({ ends_on: null, cancellation_id: null });
    const [receipt] = await mailsContaining(text);
    expect(receipt!.recipient).toBe(email);
    expect(receipt!.text_body).toContain(`Betroffener Vertrag: ${name} (Vertragsnummer ${contract_number})`);
    expect(receipt!.text_body).toContain(`Vertragsende: ${germanDate(minimumTermEnd())} – gilt, sobald die Kündigung bestätigt ist`);
  });
});
