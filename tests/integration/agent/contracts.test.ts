import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentContract, ContractPage } from '../../../src/lib/agent/contract-types.ts';
import { cancellationEnd, minimumTermEnd, type ContractTerms } from '../../../src/lib/contracts/ends.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import { placeOrder } from '../auth/guest-orders.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import { mailsContaining, marker } from '../forms/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { contractList, inboxAction, type InboxItem } from './helpers.ts';

let agent: Visitor;

beforeAll(async () => {
  ({ visitor: agent } = await loggedInAgent());
});

interface StoredContract extends ContractTerms {
  id: number;
  number: string;
  orderNumber: string;
  name: string;
}

const uniqueEmail = () => `vertrag.${Math.random().toString(36).slice(2, 10)}@example.test`;

/** The contract a placed order made (the package; the hours make none). */
async function contractOf(orderNumber: string): Promise<StoredContract> {
  const { rows } = await (await getDb()).query<{ id: string; contract_number: string; name: string; starts_on: string; minimum_months: number; notice_days: number }>(
    `SELECT k.id, k.contract_number, k.name, to_char(k.starts_on, 'YYYY-MM-DD') AS starts_on, k.minimum_months, k.notice_days
     FROM contracts k JOIN orders o ON o.id = k.order_id WHERE o.order_number = $1`,
    [orderNumber],
  );
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  return {
    id: Number(row.id),
    number: row.contract_number,
    orderNumber,
    name: row.name,
    startsOn: row.starts_on,
    minimumMonths: Number(row.minimum_months),
    noticeDays: Number(row.notice_days),
    customerType: 'consumer',
  };
}

/**
 * A cancellation received today and matched to the contract, as it stands once attributed to
 * the customer through the identity link (decisions 0027, 0054): the computed end on the
 * cancellation, the contract cancelled to it.
 */
async function cancelContract(contract: StoredContract, email: string): Promise<{ id: number; end: string; contractName: string }> {
  const end = cancellationEnd(contract, todayIso(), { type: 'regular', end: 'earliest' });
  const contractName = marker(contract.name);
  const db = await getDb();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO cancellations (contract_name, type_of_cancellation, end_of_contract_period, firstname, lastname, email, customer_id, contract_id,
       computed_end_date, identity_confirmed_at, attributed_at, attributed_by)
     VALUES ($1, 'regular', 'earliest', 'Erika', 'Mustermann', $2, '', $3, $4::date, now(), now(), 'identity-link') RETURNING id`,
    [contractName, email, contract.id, end],
  );
  const id = Number(rows[0]!.id);
  await db.query('UPDATE contracts SET ends_on = $2::date, cancellation_id = $3 WHERE id = $1', [contract.id, end, id]);
  return { id, end, contractName };
}

async function list(query: string): Promise<ContractPage> {
  const response = await contractList(agent, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ContractPage;
}

async function listed(contract: StoredContract): Promise<AgentContract> {
  const page = await list(`?q=${encodeURIComponent(contract.number)}`);
  expect(page.customers).toHaveLength(1);
  return page.customers[0]!.contracts[0]!;
}

async function contractRow(id: number) {
  const { rows } = await (await getDb()).query<{ ends_on: string | null; end_note: string | null; cancellation_id: number | null }>(
    "SELECT to_char(ends_on, 'YYYY-MM-DD') AS ends_on, end_note, cancellation_id::int FROM contracts WHERE id = $1",
    [id],
  );
  return rows[0]!;
}

const process = (id: number, body: Record<string, unknown>) => inboxAction(agent, 'cancellation', id, { action: 'processCancellation', ...body });

describe('agent contracts: access', () => {
  it('answers 401 without a session and 403 to customers', async () => {
    const { visitor: customer } = await loggedIn();
    for (const [who, status, message] of [
      [await primed(), 401, 'Nicht angemeldet.'],
      [customer, 403, 'Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.'],
    ] as const) {
      const answer = await contractList(who, '?q=example&page=1');
      expect(answer.status).toBe(status);
      expect(await answer.json()).toEqual({ message });
    }
  });
});

describe('agent contracts: list', () => {
  it("shows a placed order's contract as running, with its terms and the next possible end", async () => {
    const email = uniqueEmail();
    const contract = await contractOf(await placeOrder(email));
    const today = todayIso();
    const page = await list(`?q=${encodeURIComponent(email)}`);
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalCustomers: 1, today });
    expect(page.customers).toEqual([
      {
        email,
        customerType: 'consumer',
        contracts: [
          {
            contractNumber: contract.number,
            orderNumber: contract.orderNumber,
            name: contract.name,
            quantity: 1,
            periodCents: expect.any(Number) as number,
            priceBasis: 'gross',
            billingMonths: expect.any(Number) as number,
            startsOn: today,
            minimumTermEnd: minimumTermEnd(contract),
            status: 'running',
            endsOn: null,
            // Cancelled today, a consumer's 6-month contract with 10 days' notice ends with its minimum term.
            nextPossibleEnd: minimumTermEnd(contract),
            cancellationId: null,
            endNote: null,
            pendingCancellation: null,
          },
        ],
      },
    ]);
    expect(page.customers[0]!.contracts[0]!.periodCents).toBeGreaterThan(0);
  });

  it('shows a cancelled contract with its end and cancellation, and an ended one as ended', async () => {
    const email = uniqueEmail();
    const contract = await contractOf(await placeOrder(email));
    const { id, end } = await cancelContract(contract, email);
    expect(await listed(contract)).toMatchObject({ status: 'cancelled', endsOn: end, nextPossibleEnd: null, cancellationId: id });

    await (await getDb()).query("UPDATE contracts SET ends_on = (now() AT TIME ZONE 'Europe/Berlin')::date - 1 WHERE id = $1", [contract.id]);
    expect(await listed(contract)).toMatchObject({ status: 'ended', nextPossibleEnd: null });
  });

  it('groups the contracts of one address and finds them by e-mail, contract or order number, case-insensitively', async () => {
    const email = uniqueEmail();
    const first = await contractOf(await placeOrder(email));
    const second = await contractOf(await placeOrder(email.toUpperCase()));
    const other = await contractOf(await placeOrder(uniqueEmail()));

    const byEmail = await list(`?q=${encodeURIComponent(email.slice(0, -4).toUpperCase())}`);
    expect(byEmail.totalCustomers).toBe(1);
    expect(byEmail.customers[0]!.contracts.map((c) => c.contractNumber)).toEqual([first.number, second.number]);

    const byContract = await list(`?q=${second.number.toLowerCase()}`);
    expect(byContract.customers.flatMap((c) => c.contracts.map((k) => k.contractNumber))).toEqual([second.number]);
    const byOrder = await list(`?q=${encodeURIComponent(` ${other.orderNumber.toLowerCase()} `)}`);
    expect(byOrder.customers.flatMap((c) => c.contracts.map((k) => k.contractNumber))).toEqual([other.number]);

    // Matched literally: '%' and '_' are no wildcards.
    expect(await list('?q=%25')).toMatchObject({ customers: [], totalCustomers: 0, totalPages: 1 });
    expect(await list(`?q=${encodeURIComponent(email.replace('.', '_'))}`)).toMatchObject({ customers: [], totalCustomers: 0 });
  });

  it('pages 20 customers, and a page beyond the last is empty but knows the total', async () => {
    const all = await list('');
    expect(all.customers.length).toBe(Math.min(20, all.totalCustomers));
    expect(all.totalPages).toBe(Math.max(1, Math.ceil(all.totalCustomers / 20)));
    const beyond = await list(`?page=${all.totalPages + 1}`);
    expect(beyond).toMatchObject({ customers: [], currentPage: all.totalPages + 1, totalCustomers: all.totalCustomers });
  });

  it('refuses a bad page or an overlong search with German messages', async () => {
    for (const [query, field, message] of [
      ['?page=0', 'page', 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.'],
      ['?page=abc', 'page', 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.'],
      [`?q=${'a'.repeat(101)}`, 'q', 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.'],
    ] as const) {
      const response = await contractList(agent, query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ [field]: message });
    }
  });
});

describe('agent contracts: processing a matched cancellation', () => {
  it('shows the contract in the inbox; the computed end ends it and the confirmation states date and contract number', async () => {
    const email = uniqueEmail();
    const contract = await contractOf(await placeOrder(email));
    const { id, end, contractName } = await cancelContract(contract, email);

    const opened = await inboxAction(agent, 'cancellation', id, { action: 'setStatus', status: 'in_progress' });
    const item = ((await opened.json()) as { item: InboxItem }).item;
    expect(item.cancellation).toMatchObject({ processed: false, computedEndDate: end });
    const detail = (label: string) => item.details.find((d) => d.label === label);
    expect(detail('Passender Vertrag')).toMatchObject({ value: `${contract.number} – ${contract.name}` });
    expect(detail('Vertragsstatus')).toMatchObject({ value: `gekündigt zum ${germanDate(end)}` });
    expect(detail('Berechnetes Vertragsende')).toMatchObject({ kind: 'date', value: end });

    const response = await process(id, { endDate: end });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { item: InboxItem }).item.cancellation).toMatchObject({ processed: true, contractEndDate: end });
    expect(await contractRow(contract.id)).toEqual({ ends_on: end, end_note: null, cancellation_id: id });

    const mails = await mailsContaining(contractName);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(email);
    expect(mails[0]!.text_body).toContain(`Vertragsnummer: ${contract.number}`);
    expect(mails[0]!.text_body).toContain(`Vertragsende: ${germanDate(end)}`);
  });

  it('needs a note for another end: without one 400 and nothing changes, with one the contract ends then and keeps it', async () => {
    const email = uniqueEmail();
    const contract = await contractOf(await placeOrder(email));
    const { id, end, contractName } = await cancelContract(contract, email);
    const later = `${Number(end.slice(0, 4)) + 1}${end.slice(4, 8)}01`;

    for (const [body, message] of [
      [{ endDate: later }, 'Bitte begründen Sie, warum das Vertragsende vom berechneten Datum abweicht.'],
      [{ endDate: later, note: '   ' }, 'Bitte begründen Sie, warum das Vertragsende vom berechneten Datum abweicht.'],
      [{ endDate: later, note: 'x'.repeat(501) }, 'Die Begründung darf höchstens 500 Zeichen lang sein.'],
    ] as const) {
      const refused = await process(id, body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({ note: message });
    }
    expect(await contractRow(contract.id)).toEqual({ ends_on: end, end_note: null, cancellation_id: id });
    const { rows } = await (await getDb()).query<{ status: string }>('SELECT status FROM cancellations WHERE id = $1', [id]);
    expect(rows[0]!.status).toBe('received');
    expect(await mailsContaining(contractName)).toEqual([]);

    const note = 'Kundin bat telefonisch um das Ende zum Monatsersten.';
    const response = await process(id, { endDate: later, note });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await contractRow(contract.id)).toEqual({ ends_on: later, end_note: note, cancellation_id: id });
    expect(await listed(contract)).toMatchObject({ status: 'cancelled', endsOn: later, endNote: note });
    const mails = await mailsContaining(contractName);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`Vertragsende: ${germanDate(later)}`);
  });
});

describe('agent contracts: assigning a cancellation that named no contract', () => {
  /** A cancellation as the public form stores one it could not match (no contract, no computed end). */
  async function unmatchedCancellation(email: string): Promise<{ id: number; contractName: string }> {
    const contractName = marker('Mein Paket');
    const { rows } = await (await getDb()).query<{ id: string }>(
      `INSERT INTO cancellations (contract_name, type_of_cancellation, end_of_contract_period, firstname, lastname, email, customer_id)
       VALUES ($1, 'regular', 'earliest', 'Erika', 'Mustermann', $2, '') RETURNING id`,
      [contractName, email],
    );
    return { id: Number(rows[0]!.id), contractName };
  }

  it('ends the contract the agent names on the chosen day; an unknown or cancelled number is refused and changes nothing', async () => {
    const email = uniqueEmail();
    const contract = await contractOf(await placeOrder(email));
    const { id, contractName } = await unmatchedCancellation(email);
    const end = minimumTermEnd(contract);

    const other = await contractOf(await placeOrder(uniqueEmail()));
    await cancelContract(other, 'jemand@example.test');
    for (const [contractNumber, message] of [
      ['V-999999999', 'Einen laufenden Vertrag mit dieser Nummer gibt es nicht.'],
      [other.number, 'Einen laufenden Vertrag mit dieser Nummer gibt es nicht.'],
      ['42', 'Bitte geben Sie eine Vertragsnummer wie V-000042 an.'],
    ] as const) {
      const refused = await process(id, { endDate: end, contractNumber });
      expect(refused.status, contractNumber).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({ contractNumber: message });
    }
    const before = await (await getDb()).query<{ status: string; contract_id: string | null }>('SELECT status, contract_id FROM cancellations WHERE id = $1', [id]);
    expect(before.rows[0]).toEqual({ status: 'received', contract_id: null });
    expect(await contractRow(contract.id)).toEqual({ ends_on: null, end_note: null, cancellation_id: null });

    const response = await process(id, { endDate: end, contractNumber: contract.number.toLowerCase() });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await contractRow(contract.id)).toEqual({ ends_on: end, end_note: null, cancellation_id: id });
    expect(await listed(contract)).toMatchObject({ status: 'cancelled', endsOn: end });
    const mails = await mailsContaining(contractName);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`Vertragsnummer: ${contract.number}`);
    expect(mails[0]!.text_body).toContain(`Vertragsende: ${germanDate(end)}`);
  });
});
