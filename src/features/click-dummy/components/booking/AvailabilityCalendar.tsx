import { formatMonth, monthGrid, nextMonth } from '../../calendar.ts';
import type { Accommodation, StayInput } from '../../booking.ts';

const WEEKDAYS = [
  ['Mo', 'Montag'],
  ['Di', 'Dienstag'],
  ['Mi', 'Mittwoch'],
  ['Do', 'Donnerstag'],
  ['Fr', 'Freitag'],
  ['Sa', 'Samstag'],
  ['So', 'Sonntag'],
] as const;

type DayState = 'past' | 'booked' | 'chosen' | 'free';

function dayState(day: string, accommodation: Accommodation, stay: StayInput, today: string): DayState {
  if (day < today) return 'past';
  if (accommodation.booked.some(([from, to]) => from <= day && day < to)) return 'booked';
  if (stay.arrival && stay.departure && stay.arrival <= day && day < stay.departure) return 'chosen';
  return 'free';
}

const cellClass: Record<DayState, string> = {
  past: 'text-slate-500 dark:text-slate-400',
  booked: 'bg-rose-100 text-rose-900 line-through dark:bg-rose-950 dark:text-rose-100',
  chosen: 'bg-teal-700 font-bold text-white',
  free: 'text-slate-900 dark:text-slate-100',
};

const stateLabel: Record<DayState, string> = { past: 'vergangen', booked: 'belegt', chosen: 'Ihre Auswahl', free: 'frei' };

/**
 * Free and booked nights of two months, starting with the month of the chosen arrival (or this
 * month). A day stands for the night that begins on it. Read-only: dates are chosen in the fields.
 */
export function AvailabilityCalendar({ accommodation, stay, today }: { accommodation: Accommodation; stay: StayInput; today: string }) {
  const start = stay.arrival || today;
  const first: [number, number] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const months = [first, nextMonth(...first)];

  return (
    <div>
      <div className="grid gap-4 sm:grid-cols-2">
        {months.map(([year, month]) => (
          <table key={`${year}-${month}`} className="w-full table-fixed border-collapse text-center text-sm">
            <caption className="pb-2 text-left font-semibold text-slate-900 dark:text-white">{formatMonth(year, month)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th key={short} scope="col" className="pb-1 font-medium text-slate-700 dark:text-slate-300">
                    <abbr title={long} className="no-underline">
                      {short}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(year, month).map((week, index) => (
                <tr key={index}>
                  {week.map((day, column) => {
                    if (!day) return <td key={column} />;
                    const state = dayState(day, accommodation, stay, today);
                    return (
                      <td key={day} data-state={state} className={`rounded py-1 ${cellClass[state]}`}>
                        {Number(day.slice(8))}
                        <span className="sr-only">, {stateLabel[state]}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300" aria-label="Legende">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm border border-slate-400" /> frei
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-rose-200 dark:bg-rose-900" /> belegt
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-teal-700" /> Ihre Auswahl
        </li>
      </ul>
    </div>
  );
}
