import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/data/catalogue.ts';
import { priceCart } from '../../../src/lib/order.ts';
import { acceptanceDeadline, acceptedAtOnce, reviewReasons, reviewReasonsText } from '../../../src/lib/orders/acceptance.ts';
import { orderStatusText } from '../../../src/lib/orders/status.ts';

/** Which orders we accept at once and which an agent reviews first (issue 33, decision 0053). */

const CONFIGURED_SETUP = 'konfiguration-einrichtung:app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';
const CONFIGURED_OPERATION = 'konfiguration-betrieb:app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';

const linesOf = (...ids: string[]) => priceCart(catalogue, ids.map((id) => ({ id, quantity: 1 }))).lines;

describe('which orders are accepted at once', () => {
  it.each([
    ['a webapp package', ['webapp-basis-6m']],
    ['every package, the time tracking and the hosting add-ons', ['webapp-basis-1m', 'webapp-business-plus-6m', 'timetracking-rental', 'extra-storage-50gb', 'onsite-hosting-surcharge']],
    ['the click-dummy service', ['click-dummy']],
    ['a fixed one-off service', ['webapp-basis-6m', 'restore-backup']],
  ])('%s: accepted with the order confirmation', (_, ids) => {
    const lines = linesOf(...ids);
    expect(lines.every((line) => line.entry !== undefined)).toBe(true);
    expect(reviewReasons(lines)).toEqual([]);
    expect(acceptedAtOnce(lines)).toBe(true);
  });

  it.each([
    ['development hours', ['software-development'], ['hours']],
    ['backend development, remote hands, support hours and customisation', ['backend-development', 'remote-hands', 'support-hour', 'anpassung'], ['hours']],
    ['a domain beside a package', ['webapp-basis-6m', 'domain-de:müller-bau'], ['domain']],
    ['a configured application', [CONFIGURED_SETUP, CONFIGURED_OPERATION], ['configured']],
    ['all three, named once each in a fixed order', ['domain-de:müller-bau', 'software-development', CONFIGURED_OPERATION, 'webapp-basis-6m'], ['configured', 'hours', 'domain']],
  ])('%s: reviewed by an agent first', (_, ids, reasons) => {
    const lines = linesOf(...ids);
    expect(lines.every((line) => line.entry !== undefined)).toBe(true);
    expect(reviewReasons(lines)).toEqual(reasons);
    expect(acceptedAtOnce(lines)).toBe(false);
  });

  it('decides stored lines (cart id and unit) the same way as priced ones', () => {
    expect(reviewReasons([{ id: 'remote-hands', unit: 'hour' }, { id: 'domain-com:beispiel', unit: 'year' }])).toEqual(['hours', 'domain']);
    expect(reviewReasons([{ id: 'webapp-basis-6m', unit: 'month' }])).toEqual([]);
  });

  it('names the reasons in one German sentence part', () => {
    expect(reviewReasonsText(['domain'])).toBe('eine Domain, deren Vergabe die Registrierungsstelle entscheidet');
    expect(reviewReasonsText(['configured', 'hours', 'domain'])).toBe(
      'eine im Auftragskonfigurator zusammengestellte Anwendung, nach Stunden abgerechnete Leistungen und eine Domain, deren Vergabe die Registrierungsstelle entscheidet',
    );
  });
});

describe('the acceptance deadline (AGB § 3 Abs. 4: 2 days, §§ 187, 188, 193 BGB, Köln)', () => {
  it.each([
    ['2026-11-24', '2026-11-26'], // Tuesday → Thursday
    ['2026-11-26', '2026-11-30'], // Thursday → Saturday → Monday
    ['2026-11-28', '2026-11-30'], // Saturday → Monday
    ['2026-12-23', '2026-12-28'], // Wednesday → Christmas Day → Monday
    ['2027-03-24', '2027-03-30'], // Wednesday → Good Friday → after Easter Monday
    ['2027-01-29', '2027-02-01'], // over a month end and a weekend
    ['2026-04-29', '2026-05-04'], // Wednesday → 1 May (Friday) → Monday
  ])('ordered on %s: accepted on %s at the latest', (orderedOn, deadline) => {
    expect(acceptanceDeadline(orderedOn)).toBe(deadline);
  });
});

describe('where an order stands, in the words of customer area and dashboard', () => {
  const base = { acceptanceDeadline: '2026-11-30', acceptedAt: null, decidedAt: null, rejectionReason: null };
  it('words every status', () => {
    expect(orderStatusText({ ...base, status: 'received' })).toBe('in Prüfung – Annahme bis 30.11.2026');
    expect(orderStatusText({ ...base, status: 'accepted', acceptedAt: '2026-11-29T23:30:00.000Z' })).toBe('angenommen am 30.11.2026');
    expect(orderStatusText({ ...base, status: 'rejected', decidedAt: '2026-11-29T10:00:00.000Z', rejectionReason: 'Die Domain ist vergeben.' })).toBe(
      'abgelehnt am 29.11.2026: Die Domain ist vergeben.',
    );
    expect(orderStatusText({ ...base, status: 'lapsed', decidedAt: '2026-12-01T04:00:00.000Z' })).toBe('nicht zustande gekommen (Annahmefrist abgelaufen)');
    expect(orderStatusText({ ...base, status: 'withdrawn' })).toBe('widerrufen vor unserer Annahme');
  });
});
