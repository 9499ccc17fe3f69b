import { formatReceivedAt, germanDate } from '../../lib/forms/dates.ts';

/** German date and time in German time, e.g. '23.11.2026, 11:19 Uhr'. */
export function dateTime(iso: string): string {
  const { date, time } = formatReceivedAt(iso);
  return `${date}, ${time.replace(/:\d\d Uhr$/, ' Uhr')}`;
}

export { germanDate };

/** A German count with its noun, e.g. '1 Kunde', '3 Kunden'. */
export function countOf(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}
