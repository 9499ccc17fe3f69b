import { useId, useState } from 'react';
import {
  assessWorkday,
  DEFAULT_PLANNED_MINUTES,
  durationFrom,
  formatClock,
  formatDuration,
  MAX_DAILY_WORK_MINUTES,
  OVERTIME_TOLERANCE_MINUTES,
  parseClock,
} from '../../lib/worktime.ts';
import { Alert } from '../ui/Alert.tsx';
import { cardClass, field, text } from '../ui/classes.ts';

// The kit's field style: its slate-500 border keeps the 3:1 contrast of WCAG 1.4.11. The hour and
// minute fields wrap their input in the label (two short fields side by side), so they use the
// kit's classes rather than TextInput's label-above frame.
const input = `mt-1 ${field.control}`;
const label = `block ${field.label}`;
// A figure with its unit ('8:30 Std.', '16:30 Uhr') never breaks apart; the term beside it wraps instead.
const value = 'whitespace-nowrap font-semibold tabular-nums';

function DurationFields({ legendText, hours, minutes, onHours, onMinutes, hint }: {
  legendText: string;
  hours: string;
  minutes: string;
  onHours: (value: string) => void;
  onMinutes: (value: string) => void;
  hint: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className={text.label}>{legendText}</legend>
      <p id={`${id}-hint`} className={text.muted}>
        {hint}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <label className={label}>
          Stunden
          <input className={input} type="number" inputMode="numeric" min={0} max={24} step={1} value={hours} onChange={(event) => onHours(event.target.value)} />
        </label>
        <label className={label}>
          Minuten
          <input className={input} type="number" inputMode="numeric" min={0} max={59} step={1} value={minutes} onChange={(event) => onMinutes(event.target.value)} />
        </label>
      </div>
    </fieldset>
  );
}

/**
 * The break calculator of the time-tracking page: working time in, minimum break (§ 4 ArbZG as
 * SPEC §9 states it), earliest end of the day and the overtime hint out. The rules live in
 * src/lib/worktime.ts; this component only reads the fields and words the result.
 */
export default function BreakCalculator() {
  const [workHours, setWorkHours] = useState('8');
  const [workMinutes, setWorkMinutes] = useState('0');
  const [start, setStart] = useState('08:00');
  const [plannedHours, setPlannedHours] = useState(String(DEFAULT_PLANNED_MINUTES / 60));
  const [plannedMinutes, setPlannedMinutes] = useState('0');
  const startId = useId();

  const work = durationFrom(workHours, workMinutes);
  const planned = durationFrom(plannedHours, plannedMinutes);
  const startMinutes = parseClock(start);
  const result = assessWorkday({ workMinutes: work, plannedMinutes: planned, startMinutes: startMinutes ?? 0 });

  return (
    <form className={`grid gap-8 md:grid-cols-2 ${cardClass()}`} onSubmit={(event) => event.preventDefault()}>
      <div className="space-y-6">
        <DurationFields
          legendText="Arbeitszeit ohne Pausen"
          hint="Reine Arbeitszeit des Tages, z. B. 9 Stunden und 1 Minute."
          hours={workHours}
          minutes={workMinutes}
          onHours={setWorkHours}
          onMinutes={setWorkMinutes}
        />
        <div>
          <label htmlFor={startId} className={label}>
            Arbeitsbeginn
          </label>
          <input id={startId} className={input} type="time" value={start} onChange={(event) => setStart(event.target.value)} />
        </div>
        <DurationFields
          legendText="Sollarbeitszeit pro Tag"
          hint={`Vertraglich vereinbarte tägliche Arbeitszeit; üblich sind ${formatDuration(DEFAULT_PLANNED_MINUTES)} Stunden.`}
          hours={plannedHours}
          minutes={plannedMinutes}
          onHours={setPlannedHours}
          onMinutes={setPlannedMinutes}
        />
      </div>

      {/* Inside the form's card: the smaller padding leaves a phone's narrow column room for the figures. */}
      <div className={cardClass({ tone: 'muted', padding: 'sm' })}>
        <h3 className={text.h3}>Ergebnis</h3>
        <p role="status" className="mt-3 text-lead font-semibold text-slate-900 dark:text-white" data-testid="break-result">
          {result.breakMinutes === 0
            ? `Bei ${formatDuration(work)} Std. Arbeitszeit ist keine Pause vorgeschrieben.`
            : `Bei ${formatDuration(work)} Std. Arbeitszeit sind mindestens ${result.breakMinutes} Minuten Pause einzuplanen.`}
        </p>
        <dl className={`mt-4 space-y-3 ${text.body}`}>
          <div className="flex justify-between gap-4">
            <dt>Mindestpause</dt>
            <dd className={value}>{result.breakMinutes === 0 ? 'keine' : `${result.breakMinutes} Minuten`}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Anwesenheit inkl. Pause</dt>
            <dd className={value}>{formatDuration(result.attendanceMinutes)} Std.</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Frühestes Arbeitsende</dt>
            <dd className={startMinutes === null || result.endsNextDay ? 'text-right font-semibold tabular-nums' : value}>
              {startMinutes === null
                ? 'Bitte Arbeitsbeginn angeben'
                : `${formatClock(result.endMinutes)} Uhr${result.endsNextDay ? ' (am Folgetag)' : ''}`}
            </dd>
          </div>
        </dl>
        <div aria-live="polite" className="mt-4 space-y-3">
          {result.overtimeHint && (
            // No live role of its own: the surrounding polite region announces it (an alert would interrupt while typing).
            <Alert tone="warning" role="none">
              <p data-testid="overtime-hint">
                Überstunden-Hinweis: {formatDuration(result.overtimeMinutes)} Std. über der Sollarbeitszeit von {formatDuration(planned)} Std. – mehr als{' '}
                {OVERTIME_TOLERANCE_MINUTES} Minuten über dem Bewertungsrahmen. Bitte stimmen Sie die Mehrarbeit mit Ihrem Arbeitgeber ab.
              </p>
            </Alert>
          )}
          {result.exceedsMaximum && (
            <Alert tone="error" role="none">
              Achtung: Mehr als {formatDuration(MAX_DAILY_WORK_MINUTES)} Std. überschreiten die werktägliche Höchstarbeitszeit nach § 3 ArbZG.
            </Alert>
          )}
        </div>
      </div>
    </form>
  );
}
