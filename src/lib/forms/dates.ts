/**
 * Dates of the legal forms: typed as DD.MM.YYYY (SPEC §4), stored as ISO days, and times of
 * receipt shown in German local time – the same in the browser, the mails and the tests.
 */

const ZONE = 'Europe/Berlin';

/** 'DD.MM.YYYY' (single-digit day and month allowed) → 'YYYY-MM-DD', or null when there is no such day. */
export function isoFromGermanDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'. */
export function germanDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/** Today's date in Germany as 'YYYY-MM-DD' (a form sent at 00:30 in Köln counts for that day). */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const receiptFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Date and time of receipt, e.g. '23.11.2026 um 11:19:39 Uhr' (German time). */
export function formatReceivedAt(at: Date | string): { date: string; time: string; text: string } {
  const parts = Object.fromEntries(receiptFormat.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const date = `${parts.day}.${parts.month}.${parts.year}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second} Uhr`;
  return { date, time, text: `${date} um ${time}` };
}
