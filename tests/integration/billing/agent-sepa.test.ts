import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import type { DueDebits, InvoicePage, SepaExportSummary } from '../../../src/features/billing/agent-types.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { collectionDay, isBankDay, sepaText } from '../../../src/features/billing/server/sepa-export.ts';
import { FIXTURE_IBAN, fixtureCancellation, fixtureInvoice, fixtureOrder, type FixtureInvoice } from '../../support/invoice-fixture.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { createSepaExport, invoiceList, sepaDebits, sepaExport, sepaExports } from './agent-invoices-helpers.ts';

let agent: Visitor;
const today = todayIso();

beforeAll(async () => {
  ({ visitor: agent } = await loggedInAgent());
});

// --- The file as the bank reads it.

interface Transaction {
  PmtId: { InstrId: string; EndToEndId: string };
  InstdAmt: { '#text': string; '@_Ccy': string };
  DrctDbtTx: { MndtRltdInf: { MndtId: string; DtOfSgntr: string; AmdmntInd: string } };
  DbtrAgt: { FinInstnId: { Othr: { Id: string } } };
  Dbtr: { Nm: string };
  DbtrAcct: { Id: { IBAN: string } };
  RmtInf: { Ustrd: string };
}

interface PaymentBlock {
  PmtInfId: string;
  PmtMtd: string;
  NbOfTxs: string;
  CtrlSum: string;
  PmtTpInf: { SvcLvl: { Cd: string }; LclInstrm: { Cd: string }; SeqTp: string };
  ReqdColltnDt: string;
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
  CdtrAgt: { FinInstnId: { BICFI: string } };
  CdtrSchmeId: { Id: { PrvtId: { Othr: { Id: string } } } };
  DrctDbtTxInf: Transaction[];
}

interface PainFile {
  namespace: string;
  header: { MsgId: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
  blocks: PaymentBlock[];
  transactions: (Transaction & { block: PaymentBlock })[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'PmtInf' || name === 'DrctDbtTxInf',
});

function parsePain(xml: string): PainFile {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const doc = parser.parse(xml) as { Document: { '@_xmlns': string; CstmrDrctDbtInitn: { GrpHdr: PainFile['header']; PmtInf: PaymentBlock[] } } };
  const root = doc.Document.CstmrDrctDbtInitn;
  return {
    namespace: doc.Document['@_xmlns'],
    header: root.GrpHdr,
    blocks: root.PmtInf,
    transactions: root.PmtInf.flatMap((block) => block.DrctDbtTxInf.map((tx) => ({ ...tx, block }))),
  };
}

/** Cents of a decimal amount of the file ('119.00'), without floating point. */
const cents = (amount: string) => {
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  return Number(amount.replace('.', ''));
};

/** Count and control sums agree with the transactions, per block and in the header. */
function expectConsistent(file: PainFile): void {
  for (const block of file.blocks) {
    expect(Number(block.NbOfTxs)).toBe(block.DrctDbtTxInf.length);
    expect(cents(block.CtrlSum)).toBe(block.DrctDbtTxInf.reduce((sum, tx) => sum + cents(tx.InstdAmt['#text']), 0));
  }
  expect(Number(file.header.NbOfTxs)).toBe(file.transactions.length);
  expect(cents(file.header.CtrlSum)).toBe(file.blocks.reduce((sum, block) => sum + cents(block.CtrlSum), 0));
}

async function exportNow(): Promise<{ id: string; xml: string; file: PainFile; response: Response }> {
  const response = await createSepaExport(agent);
  expect(response.status, response.status === 201 ? '' : await response.clone().text()).toBe(201);
  const xml = await response.clone().text();
  return { id: response.headers.get('sepa-export-id')!, xml, file: parsePain(xml), response };
}

async function due(): Promise<DueDebits> {
  const response = await sepaDebits(agent);
  expect(response.status).toBe(200);
  return (await response.json()) as DueDebits;
}

const inFile = (file: PainFile, invoice: FixtureInvoice) => file.transactions.filter((tx) => tx.PmtId.EndToEndId === invoice.number);

describe('SEPA bank days and texts', () => {
  it('collects on bank days only: never on weekends, TARGET holidays, today or before', () => {
    expect(isBankDay('2026-12-24')).toBe(true); // Thursday
    expect(isBankDay('2026-12-25')).toBe(false);
    expect(isBankDay('2026-12-26')).toBe(false); // Saturday anyway
    expect(isBankDay('2027-03-26')).toBe(false); // Good Friday
    expect(isBankDay('2027-03-29')).toBe(false); // Easter Monday
    expect(isBankDay('2027-05-01')).toBe(false);
    expect(isBankDay('2027-10-04')).toBe(true); // Monday; German Unity Day is a bank day for TARGET
    expect(collectionDay('2026-12-10', '2026-12-01')).toBe('2026-12-10');
    expect(collectionDay('2026-12-12', '2026-12-01')).toBe('2026-12-14'); // Saturday → Monday
    expect(collectionDay('2026-12-01', '2026-12-01')).toBe('2026-12-02'); // today is too late
    expect(collectionDay('2026-11-20', '2026-12-24')).toBe('2026-12-28'); // past, then Christmas and a weekend
  });

  it('writes names in the EPC character set: umlauts written out, other scripts transliterated, kanji left out, 70 characters at most', () => {
    expect(sepaText('Jürgen Weiß & Söhne')).toBe('Juergen Weiss Soehne');
    expect(sepaText('ÖZDEMİR, Ümit')).toBe('OeZDEMIR, Uemit');
    expect(sepaText('Zoë Łukasz-Núñez')).toBe('Zoe Lukasz-Nunez');
    expect(sepaText('Müller <script> "GmbH"')).toBe('Mueller script GmbH');
    expect(sepaText('Γεώργιος Παπαδόπουλος')).toBe('Georgios Papadopoylos');
    expect(sepaText('Іван Петренко')).toBe('Ivan Petrenko');
    expect(sepaText('やまだ たろう')).toBe('yamada tarou');
    expect(sepaText('Taro Yamada 山田太郎')).toBe('Taro Yamada');
    expect(sepaText('山田太郎')).toBe('');
    const long = 'Maximiliane Friederike Wilhelmine von Hohenzollern-Sigmaringen-Württemberg';
    expect(sepaText(long)).toBe('Maximiliane Friederike Wilhelmine von');
    expect(sepaText('x'.repeat(80))).toBe('x'.repeat(70));
    for (const text of ['Jürgen Weiß & Söhne', 'Γεώργιος', '€ 5 * % $ @ # _ ~ "', long]) expect(sepaText(text)).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]{0,70}$/);
  });
});

describe('SEPA direct debits', () => {
  it('lists the due debits less refunds; transfers, paid, fully cancelled and later ones are not due', async () => {
    const db = await getDb();
    const order = await fixtureOrder(db, { paymentMethod: 'sepa', name: 'Lastschrift Liste' });
    const dueSoon = await fixtureInvoice(db, order, { debitOn: addDays(today, 3) });
    const partly = await fixtureInvoice(db, order, { debitOn: addDays(today, 4), grossCents: 5000 });
    await fixtureCancellation(db, partly, 1200);
    const cancelled = await fixtureInvoice(db, order, { debitOn: addDays(today, 4) });
    await fixtureCancellation(db, cancelled);
    const paid = await fixtureInvoice(db, order, { debitOn: addDays(today, 2) });
    await db.query('INSERT INTO invoice_payments (invoice_id, received_on, amount_cents) VALUES ($1, $2, $3)', [paid.id, today, paid.grossCents]);
    const later = await fixtureInvoice(db, order, { debitOn: addDays(today, 30) });
    const transfer = await fixtureInvoice(db, await fixtureOrder(db), {});

    const { debits, totalCents } = await due();
    const mine = debits.filter((d) => d.orderNumber === order.orderNumber);
    expect(mine).toEqual([
      {
        invoiceNumber: dueSoon.number,
        orderNumber: order.orderNumber,
        debtorName: 'Lastschrift Liste',
        amountCents: 11900,
        mandateReference: order.mandateReference,
        debitOn: addDays(today, 3),
        collectionOn: collectionDay(addDays(today, 3), today),
        sequenceType: 'FRST',
      },
      expect.objectContaining({ invoiceNumber: partly.number, amountCents: 3800, sequenceType: 'RCUR' }),
    ]);
    expect(totalCents).toBe(debits.reduce((sum, d) => sum + d.amountCents, 0));
    for (const absent of [cancelled, paid, later, transfer]) expect(debits.some((d) => d.invoiceNumber === absent.number)).toBe(false);
  });

  it('writes every due debit into a pain.008 file once, with creditor, mandates, amounts and sums, and keeps the file', async () => {
    const db = await getDb();
    const mandateAt = new Date('2026-11-20T23:30:00Z'); // 21.11. in Germany
    const first = await fixtureOrder(db, { paymentMethod: 'sepa', name: 'Jürgen Weiß', iban: 'DE89 3704 0044 0532 0130 00', mandateAt });
    const second = await fixtureOrder(db, { paymentMethod: 'sepa', name: 'Erika Mustermann' });
    const a = await fixtureInvoice(db, first, { grossCents: 11990, debitOn: addDays(today, 2) });
    const b = await fixtureInvoice(db, first, { grossCents: 1010, debitOn: addDays(today, 9) });
    const c = await fixtureInvoice(db, second, { grossCents: 2030, debitOn: addDays(today, -3) });

    const { id, file, response, xml } = await exportNow();
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="KW-LS-\d{8}-\d{6}\.xml"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(file.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(file.header.MsgId).toBe(`KW-LS-${today.replaceAll('-', '')}-${id.padStart(6, '0')}`);
    expect(file.header.InitgPty.Nm).toBe(site.name);
    expectConsistent(file);
    for (const block of file.blocks) {
      expect(block).toMatchObject({
        PmtMtd: 'DD',
        PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'CORE' } },
        Cdtr: { Nm: site.name },
        CdtrAcct: { Id: { IBAN: site.bankAccount.iban } },
        CdtrAgt: { FinInstnId: { BICFI: site.bankAccount.bic } },
        CdtrSchmeId: { Id: { PrvtId: { Othr: { Id: site.sepaCreditorId } } } },
      });
      expect(isBankDay(block.ReqdColltnDt)).toBe(true);
      expect(block.ReqdColltnDt > today).toBe(true);
    }

    const [txA, txB, txC] = [a, b, c].map((invoice) => {
      const found = inFile(file, invoice);
      expect(found, invoice.number).toHaveLength(1);
      return found[0]!;
    }) as [Transaction & { block: PaymentBlock }, Transaction & { block: PaymentBlock }, Transaction & { block: PaymentBlock }];
    expect(txA).toMatchObject({
      InstdAmt: { '#text': '119.90', '@_Ccy': 'EUR' },
      DrctDbtTx: { MndtRltdInf: { MndtId: first.mandateReference, DtOfSgntr: '2026-11-21', AmdmntInd: 'false' } },
      DbtrAgt: { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } },
      Dbtr: { Nm: 'Juergen Weiss' },
      DbtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
      RmtInf: { Ustrd: `Rechnung ${a.number}` },
    });
    expect(txA.block).toMatchObject({ ReqdColltnDt: collectionDay(addDays(today, 2), today), PmtTpInf: { SeqTp: 'FRST' } });
    // The mandate's second debit in the same file is a recurring one.
    expect(txB).toMatchObject({ InstdAmt: { '#text': '10.10' }, DrctDbtTx: { MndtRltdInf: { MndtId: first.mandateReference } } });
    expect(txB.block).toMatchObject({ ReqdColltnDt: collectionDay(addDays(today, 9), today), PmtTpInf: { SeqTp: 'RCUR' } });
    // A debit whose day has passed is collected on the next bank day after today.
    expect(txC).toMatchObject({ InstdAmt: { '#text': '20.30' }, DbtrAcct: { Id: { IBAN: FIXTURE_IBAN } } });
    expect(txC.block).toMatchObject({ ReqdColltnDt: collectionDay(today, today), PmtTpInf: { SeqTp: 'FRST' } });

    // Stored: listed with count and sum, served again byte for byte, marked on the invoices.
    const listed = (await (await sepaExports(agent)).json()) as { exports: SepaExportSummary[] };
    expect(listed.exports[0]).toMatchObject({
      id: Number(id),
      fileName: `${file.header.MsgId}.xml`,
      debitCount: file.transactions.length,
      totalCents: cents(file.header.CtrlSum),
    });
    const again = await sepaExport(agent, id);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-disposition')).toBe(`attachment; filename="${file.header.MsgId}.xml"`);
    expect(await again.text()).toBe(xml);
    const page = (await (await invoiceList(agent, `?q=${a.number}`)).json()) as InvoicePage;
    expect(page.invoices[0]).toMatchObject({ number: a.number, sepaExportId: Number(id) });

    // Nothing is due twice: the debits are gone from the list and a new file has none of them.
    expect((await due()).debits.filter((d) => [a, b, c].some((i) => i.number === d.invoiceNumber))).toEqual([]);
    const next = await createSepaExport(agent);
    if (next.status === 201) {
      const nextFile = parsePain(await next.text());
      for (const invoice of [a, b, c]) expect(inFile(nextFile, invoice)).toEqual([]);
    } else {
      expect(next.status).toBe(409);
      expect(await next.json()).toEqual({ message: 'Zurzeit sind keine Lastschriften fällig. Es wurde keine Datei erstellt.' });
    }

    // A mandate used in an earlier file collects as a recurring debit from then on.
    const d = await fixtureInvoice(db, first, { grossCents: 5000, debitOn: addDays(today, 5) });
    const { file: later } = await exportNow();
    expect(inFile(later, d)[0]!.block.PmtTpInf.SeqTp).toBe('RCUR');

    expect((await sepaExport(agent, '999999999')).status).toBe(404);
    expect((await sepaExport(agent, 'abc')).status).toBe(404);
  });

  it('writes Greek, Japanese, umlaut and overlong debtor names into the file in Latin letters, never an empty name', async () => {
    const db = await getDb();
    const names = {
      'Γεώργιος Παπαδόπουλος': 'Georgios Papadopoylos',
      'やまだ たろう (山田太郎)': 'yamada tarou',
      // Kanji alone, from an order placed before the checkout refused them: a reading rather than no name.
      '山田 太郎': 'ShanTian TaiLang',
      'Jürgen Weiß': 'Juergen Weiss',
      'Maximiliane Friederike Wilhelmine von Hohenzollern-Sigmaringen-Württemberg': 'Maximiliane Friederike Wilhelmine von',
    } as const;
    const invoices = new Map<FixtureInvoice, string>();
    for (const [name, written] of Object.entries(names)) {
      invoices.set(await fixtureInvoice(db, await fixtureOrder(db, { paymentMethod: 'sepa', name }), { debitOn: addDays(today, 2) }), written);
    }
    const { file, xml } = await exportNow();
    for (const [invoice, written] of invoices) {
      const [tx] = inFile(file, invoice);
      expect(tx!.Dbtr.Nm).toBe(written);
      expect(tx!.RmtInf.Ustrd).toBe(`Rechnung ${invoice.number}`);
    }
    expect(xml).not.toContain('<Nm/>');
    expect([...xml].every((c) => c.charCodeAt(0) < 128)).toBe(true);
  });

  it('never puts a debit into two files, also when two agents export at the same moment', async () => {
    const db = await getDb();
    const { visitor: colleague } = await loggedInAgent();
    const made: FixtureInvoice[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await fixtureOrder(db, { paymentMethod: 'sepa', name: `Gleichzeitig ${i}` });
      made.push(await fixtureInvoice(db, order, { grossCents: 1000 + i, debitOn: addDays(today, 1 + i) }));
    }
    const answers = await Promise.all([createSepaExport(agent), createSepaExport(colleague)]);
    const files = await Promise.all(answers.filter((a) => a.status === 201).map(async (a) => parsePain(await a.text())));
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expect(answer.status).toBe(409);
    const endToEnd = files.flatMap((file) => file.transactions.map((tx) => tx.PmtId.EndToEndId));
    expect(new Set(endToEnd).size).toBe(endToEnd.length);
    for (const invoice of made) expect(endToEnd.filter((number) => number === invoice.number)).toHaveLength(1);
    for (const file of files) expectConsistent(file);
    const { rows } = await db.query<{ n: number }>('SELECT count(DISTINCT export_id)::int AS n FROM sepa_export_invoices WHERE invoice_id = ANY($1::bigint[])', [
      made.map((i) => i.id),
    ]);
    expect(rows[0]!.n).toBe(files.length);
  });
});
