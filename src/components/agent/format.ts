import { formatReceivedAt, germanDate } from '../../lib/forms/dates.ts';

/** German date and time in German time, e.g. '23.11.2026, 11:19 Uhr'. */
export function dateTime(iso: string): string {
  const { date, time } = formatReceivedAt(iso);
  return `${date}, ${time.replace(/:\d\d Uhr$/, ' Uhr')}`;
}

export { germanDate };
