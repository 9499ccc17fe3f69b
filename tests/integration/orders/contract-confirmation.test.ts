import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import confirmationDownload from '../../../netlify/functions/account-order-confirmation.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { formatStand } from '../../../src/lib/legal.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { formatOrderTime } from '../../../src/server/orders/order-texts.ts';
import { orderDocumentMessages } from '../../../src/server/orders/order-documents.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { accepted } from './decisions.ts';
import { withProofOfWork } from './proof-of-work.ts';

/**
 * Issue 19: the contract confirmation on a durable medium. Every accepted order stores one PDF
 * with the order, mails the same bytes with our acceptance and serves it to the account that
 * ordered (issue 33: an order accepted at once gets it with its order confirmation, an order we
 * review with the agent's Auftragsbestätigung, made from the order as it was placed). The PDF is
 * read back with PDF.js (tests/support/pdf-text.ts), not with the code that wrote it.
 */

const WEBAPP_6M = { id: 'webapp-basis-6m', quantity: 1 };
const DEV_HOURS = { id: 'software-development', quantity: 3 };
const DOMAIN = { id: 'domain-de:müller-bau', quantity: 1 };
const BACKUP = { id: 'restore-backup', quantity: 1 };

// A name outside Latin-1 (Polish, Turkish): it must come back exactly from the customer's own contract.
const consumer = {
  type: 'consumer',
  name: 'Łukasz Şahin',
  street: 'Heidestraße 17',
  postalCode: '51147',
  city: 'Köln',
  country: 'Deutschland',
  email: 'lukasz@example.test',
};
const business = { ...consumer, type: 'business', name: 'Erika Mustermann', company: 'Mustermann Bau GmbH', vatId: 'DE123456788', email: 'einkauf@example.test' };
const consumerConsents = { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true };

let keyCounter = 0;
const newKey = () => `pdf-key-${Date.now()}-${++keyCounter}`;

/** Intl and our texts use no-break spaces before '€' and '%'; compare with plain spaces. */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

function place(visitor: Visitor, body: Record<string, unknown>, key: string = newKey()) {
  return visitor.call(orders, '/api/orders', { method: 'POST', json: withProofOfWork(body), headers: { 'Idempotency-Key': key } });
}

/** Hours and a domain: an order an agent reviews and accepts. */
function consumerOrder(email: string) {
  return { items: [WEBAPP_6M, DEV_HOURS, DOMAIN], customer: { ...consumer, email }, paymentMethod: 'invoice', consents: consumerConsents };
}

/** A package and a fixed one-off service: accepted at once. */
function acceptedAtOnce(email: string) {
  return { items: [WEBAPP_6M, BACKUP], customer: { ...consumer, email }, paymentMethod: 'invoice', consents: consumerConsents };
}

function download(visitor: Visitor, orderNumber: string) {
  return visitor.call(confirmationDownload, `/api/account/orders/${encodeURIComponent(orderNumber)}/confirmation`, { params: { orderNumber } });
}

interface StoredDocument {
  order_id: number;
  kind: string;
  file_name: string;
  content: Uint8Array;
}

async function documentsOf(orderNumber: string): Promise<StoredDocument[]> {
  const { rows } = await (await getDb()).query<StoredDocument>(
    'SELECT d.order_id, d.kind, d.file_name, d.content FROM order_documents d JOIN orders o ON o.id = d.order_id WHERE o.order_number = $1',
    [orderNumber],
  );
  return rows;
}

async function contractNumbersOf(orderNumber: string): Promise<string[]> {
  const { rows } = await (await getDb()).query<{ contract_number: string }>(
    'SELECT c.contract_number FROM contracts c JOIN orders o ON o.id = c.order_id WHERE o.order_number = $1 ORDER BY c.order_position',
    [orderNumber],
  );
  return rows.map((row) => row.contract_number);
}

async function orderTime(orderNumber: string, column: 'created_at' | 'accepted_at' = 'created_at'): Promise<string> {
  const { rows } = await (await getDb()).query<{ at: Date }>(`SELECT ${column} AS at FROM orders WHERE order_number = $1`, [orderNumber]);
  return formatOrderTime(rows[0]!.at);
}

async function placed(visitor: Visitor, body: Record<string, unknown>): Promise<string> {
  const response = await place(visitor, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

describe('the contract confirmation PDF of a consumer order', () => {
  it('holds the order, every contract with its terms, the declarations with their times, the AGB in full, the Widerrufsbelehrung and the Muster-Widerrufsformular', async () => {
    const visitor = await primed();
    const orderNumber = await placed(visitor, consumerOrder(`pdf-verbraucher.${Date.now()}@example.test`));
    // Nothing before our acceptance; the agent's acceptance makes it from the order as placed.
    expect(await documentsOf(orderNumber)).toEqual([]);
    await accepted(orderNumber);
    const [document, ...more] = await documentsOf(orderNumber);
    expect(more).toEqual([]);
    expect(document).toMatchObject({ kind: 'contract-confirmation', file_name: `Vertragsbestaetigung-${orderNumber}.pdf` });
    const bytes = document!.content;
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const { text, lines, info } = await pdfText(bytes);
    // Sentences wrap anywhere: compare with every line break as a space.
    const body = plain(text).replace(/\s+/gu, ' ');
    expect(info).toMatchObject({ Title: `Vertragsbestätigung ${orderNumber}`, Author: 'Kraus Webentwicklung GmbH' });
    expect(lines).toContain('Vertragsbestätigung');
    const at = await orderTime(orderNumber);
    expect(body).toContain(`Bestellung ${orderNumber} vom ${at}`);
    expect(body).toContain(`Vertragsschluss: am ${await orderTime(orderNumber, 'accepted_at')} mit unserer Annahme Ihrer Bestellung (§ 3 AGB)`);
    expect(body).toContain('die Verträge sind damit zustande gekommen, und die Widerrufsfrist läuft ab diesem Tag');
    expect(body).toContain('Sie erhalten dieses Dokument mit unserer Auftragsbestätigung.');
    expect(body).toContain('Łukasz Şahin');
    expect(body).toContain('Heidestraße 17');

    // The amounts exactly as the order mail states them (amounts by billing rhythm, gross for consumers).
    expect(body).toContain('1 × 90,00 € pro Monat = 540,00 €, im Voraus je 6 Monate');
    expect(body).toContain('3 × 95,20 € pro Stunde = 285,60 €, gebuchte Stunden, einmalig zu zahlen');
    expect(body).toContain('837,60 € inkl. 19 % USt. 133,73 €');
    expect(body).toContain('Danach ab dem 7. Monat je 6 Monate 540,00 € inkl. 19 % USt. 86,22 €');
    expect(body).toContain('Danach ab dem 2. Jahr jährlich 12,00 € inkl. 19 % USt. 1,92 €');

    // Each contract with number, price per billing period, start, minimum term and its end, terms and next end.
    const contracts = await contractNumbersOf(orderNumber);
    expect(contracts).toHaveLength(2);
    for (const contract of contracts) expect(body).toContain(`Vertrag ${contract}:`);
    expect(body).toContain('Vertrag ' + contracts[0] + ': Webapp Basis (6 Monate)');
    expect(body).toContain('540,00 € inkl. 19 % USt., im Voraus je 6 Monate');
    expect(body).toContain('12,00 € inkl. 19 % USt., jährlich im Voraus');
    expect(body).toMatch(/Mindestlaufzeit 6 Monate, bis einschließlich \d{2}\.\d{2}\.\d{4}/u);
    expect(body).toContain('Danach läuft der Vertrag auf unbestimmte Zeit weiter');
    expect(body).toMatch(/Nächstmögliches Vertragsende \d{2}\.\d{2}\.\d{4}, wenn Ihre Kündigung bis zum \d{2}\.\d{2}\.\d{4} bei uns eingeht/u);

    // The declarations with their timestamps and the AGB version.
    expect(body).toContain(`AGB akzeptiert am ${at}.`);
    expect(body).toContain(`Ausdrücklich verlangt, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen, am ${at}.`);
    expect(body).toContain(`Kenntnis bestätigt, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung durch uns verlieren, am ${at}.`);
    expect(body).toContain(`Fassung ${agb.version}`);

    // The legal texts in full, each under its heading.
    expect(lines).toContain(`Allgemeine Geschäftsbedingungen (Stand ${formatStand(new Date(agb.stand))})`);
    for (const section of ['§ 1 Geltungsbereich', '§ 9 Laufzeit, Verlängerung und Kündigung', '§ 10 Widerrufsrecht', '§ 17 Schlussbestimmungen']) expect(lines).toContain(section);
    // The company placeholders are filled in, relative links print as full addresses.
    expect(body).toContain('zwischen Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln');
    expect(body).toContain('Preisliste (http://127.0.0.1:4321/preisliste)');
    expect(body).not.toContain('{{');
    expect(lines).toContain('Widerrufsbelehrung');
    expect(lines).toContain('Folgen des Widerrufs');
    expect(body).toContain('Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.');
    expect(lines).toContain('Muster-Widerrufsformular');
    expect(body).toContain('Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag');
    // Page numbers on every page.
    const pages = (await pdfText(bytes)).pages;
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${pages.length}`));
  });

  it('is attached to the Auftragsbestätigung with the same bytes as stored, and the mail says so; the receipt before carries none', async () => {
    const visitor = await primed();
    const email = `pdf-anhang.${Date.now()}@example.test`;
    const orderNumber = await placed(visitor, consumerOrder(email));
    await accepted(orderNumber);
    const [stored] = await documentsOf(orderNumber);
    const db = await getDb();
    const { rows } = await db.query<{ subject: string; text_body: string; attachments: { filename: string; contentType: string; encoding: string; content: string }[] | null }>(
      'SELECT subject, text_body, attachments FROM mail_outbox WHERE recipient = $1 ORDER BY id',
      [email],
    );
    // The receipt, the acceptance, and then the first invoice.
    expect(rows.map((row) => row.subject)).toEqual([
      `Eingangsbestätigung Ihrer Bestellung ${orderNumber}`,
      `Auftragsbestätigung Ihrer Bestellung ${orderNumber}`,
      expect.stringMatching(new RegExp(`^Ihre Rechnung RE-\\d{6} zur Bestellung ${orderNumber}`)),
    ]);
    const [receipt, mail] = rows;
    expect(receipt!.attachments).toBeNull();
    expect(receipt!.text_body).toContain('Die Vertragsbestätigung (PDF) mit dem vollständigen Text der Vertragsbedingungen erhalten Sie mit unserer Auftragsbestätigung.');
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({ filename: `Vertragsbestaetigung-${orderNumber}.pdf`, contentType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(attachment!.content, 'base64').equals(Buffer.from(stored!.content))).toBe(true);
    expect(mail!.text_body).toContain(`Im Anhang erhalten Sie Ihre Vertragsbestätigung als PDF (Vertragsbestaetigung-${orderNumber}.pdf)`);
    expect(mail!.text_body).toContain('die Widerrufsbelehrung und das Muster-Widerrufsformular');
    expect(mail!.text_body).not.toContain('Den Vertragstext senden wir Ihnen');

    // What left (the local .eml copy, byte for byte what SMTP transmits) carries the same PDF.
    await visitor.settled();
    const dir = join(env().dataDir, 'mail');
    const sent = await Promise.all((await readdir(dir)).map(async (file) => simpleParser(await readFile(join(dir, file)))));
    const message = sent.find((parsed) => parsed.subject === `Auftragsbestätigung Ihrer Bestellung ${orderNumber}`);
    expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`Vertragsbestaetigung-${orderNumber}.pdf`, 'application/pdf']]);
    expect(message!.attachments[0]!.content.equals(Buffer.from(stored!.content))).toBe(true);

    // The shop's copy names the PDF without carrying it (it is stored with the order).
    const copy = await db.query<{ text_body: string; attachments: unknown }>('SELECT text_body, attachments FROM mail_outbox WHERE subject LIKE $1', [
      `Neue Bestellung zur Prüfung ${orderNumber} %`,
    ]);
    expect(copy.rows[0]).toMatchObject({ attachments: null });
    expect(copy.rows[0]!.text_body).toContain('Die Vertragsbestätigung (PDF) entsteht erst mit der Annahme im Dashboard');
  });

  it('of an order accepted at once travels with its order confirmation, which is also the acceptance', async () => {
    const visitor = await primed();
    const email = `pdf-sofort.${Date.now()}@example.test`;
    const orderNumber = await placed(visitor, acceptedAtOnce(email));
    const [stored] = await documentsOf(orderNumber);
    const { rows } = await (await getDb()).query<{ subject: string; text_body: string; attachments: { content: string }[] | null }>(
      'SELECT subject, text_body, attachments FROM mail_outbox WHERE recipient = $1',
      [email],
    );
    expect(rows.map((row) => row.subject)).toEqual([`Bestellbestätigung und Auftragsbestätigung Ihrer Bestellung ${orderNumber}`]);
    expect(Buffer.from(rows[0]!.attachments![0]!.content, 'base64').equals(Buffer.from(stored!.content))).toBe(true);
    const body = plain((await pdfText(stored!.content)).text).replace(/\s+/gu, ' ');
    expect(body).toContain(`Vertragsschluss: am ${await orderTime(orderNumber)} mit unserer Annahme Ihrer Bestellung (§ 3 AGB)`);
    expect(body).toContain('1 × 20,00 € einmalig = 20,00 €');
  });
});

describe('the contract confirmation PDF of a business order', () => {
  it('states net amounts and the renewal by term, and has no Widerrufsbelehrung or Muster-Widerrufsformular', async () => {
    const visitor = await primed();
    const orderNumber = await placed(visitor, {
      items: [WEBAPP_6M, BACKUP],
      customer: { ...business, email: `pdf-unternehmer.${Date.now()}@example.test` },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version },
    });
    const [document] = await documentsOf(orderNumber);
    const { text, lines } = await pdfText(document!.content);
    const body = plain(text).replace(/\s+/gu, ' ');
    expect(body).toContain(orderNumber);
    const [contract] = await contractNumbersOf(orderNumber);
    expect(body).toContain(`Vertrag ${contract}: Webapp Basis (6 Monate)`);
    expect(body).toContain('Mustermann Bau GmbH');
    expect(body).toContain('1 × 75,63 € netto pro Monat = 453,78 € netto, im Voraus je 6 Monate');
    expect(body).toContain('453,78 € netto zzgl. 19 % USt., im Voraus je 6 Monate');
    expect(body).toContain('Danach verlängert sich der Vertrag jeweils um 6 Monate');
    expect(body).toContain('Als Unternehmer steht Ihnen kein Widerrufsrecht zu (§ 10 Abs. 2 unserer AGB).');
    expect(lines).toContain('§ 9 Laufzeit, Verlängerung und Kündigung');
    // The AGB's § 10 names the Widerrufsbelehrung in a sentence; the text itself is not there.
    expect(lines).not.toContain('Widerrufsbelehrung');
    expect(lines).not.toContain('Muster-Widerrufsformular');
    expect(body).not.toContain('Ende der Widerrufsbelehrung');
    expect(body).not.toContain('Sie haben das Recht, binnen vierzehn Tagen');
    expect(body).not.toContain('Ausdrücklich verlangt');
  });
});

describe('GET /api/account/orders/:orderNumber/confirmation', () => {
  it('answers the stored PDF to the account that ordered, and the same 404 to another account, a guest and an unknown or malformed number', async () => {
    const { visitor: owner } = await loggedIn();
    const orderNumber = await placed(owner, acceptedAtOnce(`pdf-download.${Date.now()}@example.test`));
    const [stored] = await documentsOf(orderNumber);

    const response = await download(owner, orderNumber);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Vertragsbestaetigung-${orderNumber}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(stored!.content))).toBe(true);

    const { visitor: stranger } = await loggedIn();
    const guest = await primed();
    const refusals = [
      await download(stranger, orderNumber),
      await download(guest, orderNumber),
      await download(owner, 'KW-999999'),
      await download(owner, 'KW-1; DROP TABLE orders'),
      await download(owner, ''),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(404);
      expect(refusal.headers.get('content-type')).toMatch(/^application\/json/u);
      expect(await refusal.json()).toEqual({ message: orderDocumentMessages.notFound });
    }
  });

  it('does not serve an order placed without an account, even to someone who logs in later', async () => {
    const guest = await primed();
    const orderNumber = await placed(guest, acceptedAtOnce(`pdf-gast.${Date.now()}@example.test`));
    expect(await documentsOf(orderNumber)).toHaveLength(1);
    const { visitor } = await loggedIn();
    expect((await download(visitor, orderNumber)).status).toBe(404);
  });
});

describe('idempotency', () => {
  it('a repeated Idempotency-Key and concurrent submits store one PDF and mail it once', async () => {
    const visitor = await primed();
    const email = `pdf-einmal.${Date.now()}@example.test`;
    const body = acceptedAtOnce(email);
    const key = newKey();
    const first = await place(visitor, body, key);
    expect(first.status).toBe(201);
    const responses = await Promise.all(Array.from({ length: 5 }, () => place(visitor, body, key)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const { orderId } = (await first.json()) as { orderId: string };
    expect(await documentsOf(orderId)).toHaveLength(1);
    const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND attachments IS NOT NULL', [email]);
    expect(rows[0]!.n).toBe(1);
  });
});
