import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import { marker, mailsContaining } from '../forms/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { agentsList, inbox, inboxAction, seed, type InboxItem, type InboxPage } from './helpers.ts';

let agent: Visitor;
let agentId: string;

beforeAll(async () => {
  ({ visitor: agent, userId: agentId } = await loggedInAgent());
});

async function page(query = ''): Promise<InboxPage> {
  const response = await inbox(agent, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InboxPage;
}

async function act(type: string, id: number | string, body: unknown): Promise<InboxItem> {
  const response = await inboxAction(agent, type, id, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { item: InboxItem }).item;
}

const detail = (item: InboxItem, label: string) => item.details.find((d) => d.label === label);

describe('agent inbox: access', () => {
  it('answers 401 without a session and 403 to customers, on every inbox endpoint', async () => {
    const id = await seed.withdrawal(marker('Zugriff'));
    const { visitor: customer } = await loggedIn();
    const anonymous = await primed();
    for (const [who, status, message] of [
      [anonymous, 401, 'Nicht angemeldet.'],
      [customer, 403, 'Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.'],
    ] as const) {
      for (const answer of [
        await inbox(who),
        await inbox(who, '?type=withdrawal&status=new&page=1'),
        await inboxAction(who, 'withdrawal', id, { action: 'setStatus', status: 'done' }),
        await agentsList(who),
      ]) {
        expect(answer.status).toBe(status);
        expect(await answer.json()).toEqual({ message });
      }
    }
    const { rows } = await (await getDb()).query<{ inbox_status: string }>('SELECT inbox_status FROM withdrawals WHERE id = $1', [id]);
    expect(rows[0]!.inbox_status).toBe('new');
  });

  it('refuses a PATCH without CSRF token', async () => {
    const id = await seed.withdrawal(marker('CSRF'));
    const response = await inboxAction(agent, 'withdrawal', id, { action: 'setStatus', status: 'done' }, false);
    expect(response.status).toBe(403);
    expect((await page('?type=withdrawal')).items.find((i) => i.id === id)?.status ?? 'new').toBe('new');
  });

  it('lists the agents for the assignment', async () => {
    const response = await agentsList(agent);
    expect(response.status).toBe(200);
    const { agents } = (await response.json()) as { agents: { id: string; displayName: string }[] };
    expect(agents).toContainEqual({ id: agentId, displayName: 'Erika Mustermann' });
    const { rows } = await (await getDb()).query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE user_type = 'agent'");
    expect(agents).toHaveLength(rows[0]!.n);
  });
});

describe('agent inbox: list', () => {
  it('pages 20 items newest first, with bounds like the conversations', async () => {
    const before = (await page('?type=withdrawal')).totalItems;
    const contract = marker('Seiten');
    const base = Date.now() + 3_600_000; // newer than anything else in the table
    for (let i = 0; i < 21; i += 1) await seed.withdrawal(`${contract} ${i}`, new Date(base + i * 1000));

    const first = await page('?type=withdrawal');
    expect(first.totalItems).toBe(before + 21);
    expect(first.totalPages).toBe(Math.ceil((before + 21) / 20));
    expect(first.currentPage).toBe(1);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe(`Widerruf von Jürgen Weiß: ${contract} 20`);
    expect(first.items.every((item) => item.type === 'withdrawal' && item.status === 'new')).toBe(true);
    const times = first.items.map((item) => Date.parse(item.receivedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.items[0]!.details).toEqual([
      { label: 'Vertrag oder Produkt', kind: 'text', value: `${contract} 20` },
      { label: 'Name', kind: 'text', value: 'Jürgen Weiß' },
      { label: 'E-Mail', kind: 'email', value: 'juergen@example.test' },
      // Issue 33: which orders it names, and that it changes none before it is attributed.
      { label: 'Genannte Bestellungen', kind: 'text', value: 'keine eindeutig – bitte anhand der Angaben prüfen' },
      { label: 'Identität bestätigt', kind: 'text', value: 'noch nicht' },
      {
        label: 'Zugeordnet',
        kind: 'text',
        value: 'noch nicht – der Vertrag bleibt unverändert, bis der Kunde den Bestätigungslink bestätigt oder Sie die Erklärung bearbeiten',
      },
    ]);
    expect(first.items[0]!.withdrawal).toEqual({ orderNumbers: [], attribution: null });

    const second = await page('?type=withdrawal&page=2');
    expect(second.items.length).toBe(Math.min(20, before + 1));
    expect(second.items[0]!.title).toBe(`Widerruf von Jürgen Weiß: ${contract} 0`);

    const beyond = await page(`?type=withdrawal&page=${first.totalPages + 1}`);
    expect(beyond).toMatchObject({ items: [], currentPage: first.totalPages + 1, totalPages: first.totalPages, totalItems: before + 21 });
    expect((await page('?type=withdrawal&page=99999999999999999999')).items).toEqual([]);
  });

  it('refuses bad page numbers and unknown filters with German messages', async () => {
    for (const bad of ['0', '-1', 'abc', '1.5', '', ' 1']) {
      const response = await inbox(agent, `?page=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(body.errors.page).toBe('Die Seitenzahl muss eine ganze Zahl ab 1 sein.');
    }
    const type = await inbox(agent, '?type=spam');
    expect(type.status).toBe(400);
    expect(((await type.json()) as { errors: Record<string, string> }).errors.type).toBe('Diese Art von Eingang gibt es nicht.');
    const status = await inbox(agent, '?status=archived');
    expect(status.status).toBe(400);
    expect(((await status.json()) as { errors: Record<string, string> }).errors.status).toBe('Der Status muss „Neu“, „In Bearbeitung“ oder „Erledigt“ sein.');
  });

  it('filters by type and status and counts new items per type', async () => {
    const subject = marker('Filter');
    const contactId = await seed.contact(subject);
    const all = await page();
    expect(all.newCounts.contact).toBeGreaterThanOrEqual(1);
    const newContacts = all.newCounts.contact!;
    const contacts = await page('?type=contact&status=new');
    expect(contacts.totalItems).toBe(newContacts);
    expect(contacts.items.every((i) => i.type === 'contact' && i.status === 'new')).toBe(true);
    expect(contacts.items.find((i) => i.id === contactId)?.title).toBe(`Kontaktanfrage von Erika Mustermann: ${subject}`);

    await act('contact', contactId, { action: 'setStatus', status: 'in_progress' });
    const after = await page();
    expect(after.newCounts.contact).toBe(newContacts - 1);
    expect((await page('?type=contact&status=new')).items.some((i) => i.id === contactId)).toBe(false);
    expect((await page('?type=contact&status=in_progress')).items.some((i) => i.id === contactId)).toBe(true);
    // Empty filters are "all", as the dashboard's "Alle" option sends them.
    expect((await page('?type=&status=')).totalItems).toBe(after.totalItems);
  });

  it('shows every type with its German title and labelled details', async () => {
    const db = await getDb();
    const tag = marker('Alle');
    const one = async (sql: string, params: unknown[]) => Number((await db.query<{ id: string }>(sql, params)).rows[0]!.id);
    const ids = {
      configurator: await one(
        "INSERT INTO inquiries (kind, name, email, message, details) VALUES ('configurator', $1, 'k@example.test', 'Bitte Angebot', '{\"hours\": 3}') RETURNING id",
        [tag],
      ),
      'click-dummy': await one("INSERT INTO click_dummy_requests (name, email, prompt, trigger) VALUES ($1, 'c@example.test', 'Ein Shop', 'save') RETURNING id", [tag]),
      'order-inquiry': await one(
        `INSERT INTO order_inquiries (name, email, inquiry, maximum_budget_cents, topic, rental_or_purchase, features, user_documentation,
           source_code_documentation, admin_documentation, interested_in, service_level_agreement, bugfixing, testing)
         VALUES ($1, 'o@example.test', 'Portal gesucht', 500000, 'portal', 'rental', '{login,api}', true, false, false, 'offer', true, false, true) RETURNING id`,
        [tag],
      ),
      'av-request': await one("INSERT INTO av_requests (customer_id, postal_code, email) VALUES (4711, '50667', $1) RETURNING id", [`${tag.replace(' ', '.')}@example.test`]),
      'demo-request': await one("INSERT INTO demo_requests (name, email, company, product, preferred_date) VALUES ('Dora Demo', 'd@example.test', $1, 'timetracking', '2027-01-15') RETURNING id", [
        tag,
      ]),
      order: await seed.order(tag),
    };
    const found = async (type: string, id: number) => (await page(`?type=${type}`)).items.find((i) => i.id === id)!;

    const configurator = await found('configurator', ids.configurator);
    expect(configurator.title).toBe(`Konfigurator-Anfrage von ${tag}`);
    expect(detail(configurator, 'Konfiguration')).toMatchObject({ kind: 'text', value: expect.stringContaining('"hours": 3') });
    expect((await found('click-dummy', ids['click-dummy'])).details).toContainEqual({ label: 'Auslöser', kind: 'text', value: 'Speichern' });
    const inquiry = await found('order-inquiry', ids['order-inquiry']);
    expect(inquiry.title).toBe(`Auftragsanfrage von ${tag}: Online-Portal`);
    expect(detail(inquiry, 'Maximales Budget')).toMatchObject({ kind: 'money', cents: 500000 });
    expect(detail(inquiry, 'Funktionen')).toMatchObject({ kind: 'list', value: ['Anmeldung und Benutzerkonten', 'Schnittstellen (API)'] });
    expect(detail(inquiry, 'Benutzerdokumentation')).toMatchObject({ kind: 'boolean', value: true });
    expect((await found('av-request', ids['av-request'])).title).toBe('AV-Vertrag-Anfrage von Kundennummer 4711');
    const demo = await found('demo-request', ids['demo-request']);
    expect(demo.title).toBe(`Demo-Anfrage von ${tag}: Zeiterfassung`);
    expect(detail(demo, 'Wunschtermin')).toEqual({ label: 'Wunschtermin', kind: 'date', value: '2027-01-15' });
    const order = await found('order', ids.order);
    expect(order.title).toMatch(new RegExp(`^Bestellung KW-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4} von ${tag}$`));
    // Whether it is paid is read from its invoices (issue 34): none yet.
    expect(order.billing).toEqual({ orderNumber: expect.stringMatching(/^KW-/), invoices: [] });
  });
});

describe('agent inbox: actions', () => {
  it('changes the status and records who did it', async () => {
    const id = await seed.withdrawal(marker('Status'));
    const item = await act('withdrawal', id, { action: 'setStatus', status: 'done' });
    expect(item).toMatchObject({ type: 'withdrawal', id, status: 'done', statusChangedBy: 'Erika Mustermann' });
    expect(Date.parse(item.statusChangedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const back = await act('withdrawal', id, { action: 'setStatus', status: 'new' });
    expect(back.status).toBe('new');
  });

  it('no longer marks an order paid: payments are recorded on its invoices (issue 34)', async () => {
    const id = await seed.order();
    const item = await act('order', id, { action: 'setStatus', status: 'in_progress' });
    expect(detail(item, 'Jetzt fällig (brutto)')).toMatchObject({ kind: 'money', cents: 11900 });
    expect(detail(item, 'Danach')).toMatchObject({ kind: 'list', value: ['ab dem 2. Monat monatlich: 119,00\u00a0€ inkl. 19\u00a0% USt. 19,00\u00a0€'] });
    expect(item.details.map((d) => d.label)).not.toContain('Zahlungsstatus');
    const answer = await inboxAction(agent, 'order', id, { action: 'markPaid' });
    expect(answer.status).toBe(400);
  });

  it('processes a cancellation: exactly one confirmation with the end date, status done', async () => {
    const contract = marker('Hosting Kündigung');
    const id = await seed.cancellation(contract);
    const item = await act('cancellation', id, { action: 'processCancellation', endDate: '2027-03-31' });
    expect(item.status).toBe('done');
    expect(item.statusChangedBy).toBe('Erika Mustermann');
    expect(item.cancellation).toMatchObject({ processed: true, contractEndDate: '2027-03-31' });

    const mails = await mailsContaining(contract);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('kuendigung@example.test');
    expect(mails[0]!.subject).toBe(`Bestätigung Ihrer Kündigung (Nr. ${id})`);
    expect(mails[0]!.text_body).toContain('Vertragsende: 31.03.2027');

    const again = await inboxAction(agent, 'cancellation', id, { action: 'processCancellation', endDate: '2027-04-30' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('Diese Kündigung wurde bereits bearbeitet.');
    expect(await mailsContaining(contract)).toHaveLength(1);
  });

  it('refuses bad input with German messages and changes nothing', async () => {
    const contract = marker('Falsch');
    const id = await seed.cancellation(contract);
    const cases: [type: string, id: string | number, body: unknown, status: number, message: string][] = [
      ['spam', id, { action: 'setStatus', status: 'done' }, 404, 'Diese Art von Eingang gibt es nicht.'],
      ['cancellation', 'abc', { action: 'setStatus', status: 'done' }, 404, 'Diesen Eingang gibt es nicht.'],
      ['cancellation', '0', { action: 'setStatus', status: 'done' }, 404, 'Diesen Eingang gibt es nicht.'],
      ['cancellation', 999_999_999, { action: 'setStatus', status: 'done' }, 404, 'Diesen Eingang gibt es nicht.'],
      ['contact', id + 1_000_000, { action: 'setStatus', status: 'done' }, 404, 'Diesen Eingang gibt es nicht.'],
      ['cancellation', id, { action: 'setStatus', status: 'archived' }, 400, 'Bitte überprüfen Sie Ihre Eingaben.'],
      ['cancellation', id, { action: 'delete' }, 400, 'Bitte überprüfen Sie Ihre Eingaben.'],
      ['cancellation', id, { action: 'processCancellation', endDate: '31.03.2027' }, 400, 'Bitte überprüfen Sie Ihre Eingaben.'],
      ['cancellation', id, { action: 'processCancellation', endDate: '2027-02-30' }, 400, 'Bitte überprüfen Sie Ihre Eingaben.'],
      ['cancellation', id, { action: 'processCancellation' }, 400, 'Bitte überprüfen Sie Ihre Eingaben.'],
    ];
    for (const [type, itemId, body, status, message] of cases) {
      const response = await inboxAction(agent, type, itemId, body);
      expect(response.status, `${type}/${itemId} ${JSON.stringify(body)}`).toBe(status);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const errors = async (body: unknown) => ((await (await inboxAction(agent, 'cancellation', id, body)).json()) as { errors: Record<string, string> }).errors;
    expect(await errors({ action: 'setStatus', status: 'archived' })).toEqual({ status: 'Der Status muss „Neu“, „In Bearbeitung“ oder „Erledigt“ sein.' });
    expect(await errors({ action: 'delete' })).toEqual({ action: 'Diese Aktion gibt es nicht.' });
    expect(await errors({ action: 'processCancellation', endDate: '2027-02-30' })).toEqual({ endDate: 'Bitte geben Sie das Vertragsende als gültiges Datum an.' });

    const { rows } = await (await getDb()).query<{ status: string; inbox_status: string }>('SELECT status, inbox_status FROM cancellations WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ status: 'received', inbox_status: 'new' });
    expect(await mailsContaining(contract)).toEqual([]);
  });
});
