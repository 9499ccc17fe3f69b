import { useState, type FormEvent } from 'react';
import { addDays, formatDay, nightsBetween, priceSummary, validateStay, type Accommodation, type StayErrors, type StayInput } from '../../booking.ts';
import { formatEuro } from '../../../../lib/money.ts';
import { AccommodationPhoto, type PhotoView } from './AccommodationPhoto.tsx';
import { AMENITY_LABELS } from './accommodations.ts';
import { AvailabilityCalendar } from './AvailabilityCalendar.tsx';
import { DemoField } from './DemoField.tsx';
import { demoPrimary } from './ui.ts';

const VIEWS: [PhotoView, string][] = [
  ['day', 'Außenansicht am Tag'],
  ['evening', 'Außenansicht am Abend'],
  ['inside', 'Wohnbereich'],
];

interface AccommodationDetailProps {
  accommodation: Accommodation;
  stay: StayInput;
  today: string;
  onStay: (stay: StayInput) => void;
  onContinue: () => void;
}

/** Detail screen: gallery, description, amenities, booked periods, stay and price summary. */
export function AccommodationDetail({ accommodation: a, stay, today, onStay, onContinue }: AccommodationDetailProps) {
  const [view, setView] = useState<PhotoView>('day');
  const [errors, setErrors] = useState<StayErrors>({});
  const [tried, setTried] = useState(false);
  const current = validateStay(a, stay, today);
  const valid = Object.keys(current).length === 0;
  const summary = valid ? priceSummary(a, nightsBetween(stay.arrival, stay.departure)) : null;

  function change(next: StayInput) {
    onStay(next);
    if (tried) setErrors(validateStay(a, next, today));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setErrors(current);
    if (valid) onContinue();
    else document.getElementById(`demo-${Object.keys(current)[0]}`)?.focus();
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <div>
        <div className="overflow-hidden rounded-xl">
          <AccommodationPhoto scene={a.scene} view={view} label={`${a.name}: ${VIEWS.find(([v]) => v === view)![1]}`} />
        </div>
        <div role="group" aria-label="Bildergalerie" className="mt-3 flex gap-3">
          {VIEWS.map(([v, label]) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              aria-label={label}
              onClick={() => setView(v)}
              className={`w-24 overflow-hidden rounded-lg border-2 ${view === v ? 'border-teal-700' : 'border-transparent'}`}
            >
              <AccommodationPhoto scene={a.scene} view={v} />
            </button>
          ))}
        </div>
        <p className="mt-5 text-slate-700 dark:text-slate-300">{a.description}</p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {a.bedrooms} Schlafzimmer · bis {a.maxGuests} Personen ·{' '}
          {a.rating.toLocaleString('de-DE', { minimumFractionDigits: 1 })} von 5 Sternen ({a.reviews} Bewertungen)
        </p>
        <h5 className="mt-5 font-semibold text-slate-900 dark:text-white">Ausstattung</h5>
        <ul className="mt-2 flex flex-wrap gap-2">
          {a.amenities.map((amenity) => (
            <li key={amenity} className="rounded-full bg-teal-50 px-3 py-1 text-sm text-teal-900 dark:bg-teal-950 dark:text-teal-100">
              {AMENITY_LABELS[amenity]}
            </li>
          ))}
        </ul>
        <h5 className="mt-5 font-semibold text-slate-900 dark:text-white">Verfügbarkeit</h5>
        <div className="mt-2">
          <AvailabilityCalendar accommodation={a} stay={stay} today={today} />
        </div>
        <ul className="mt-3 text-sm text-slate-700 dark:text-slate-300" aria-label="Belegte Zeiträume" data-testid="demo-booked">
          {a.booked.map(([from, to]) => (
            <li key={from}>
              Belegt: Anreise {formatDay(from)} bis Abreise {formatDay(to)}
            </li>
          ))}
        </ul>
      </div>

      <form noValidate onSubmit={submit} aria-label="Reisezeitraum und Gäste" className="h-fit rounded-xl border border-slate-200 p-5 shadow-sm dark:border-slate-700">
        <p className="text-xl font-bold text-slate-900 dark:text-white">
          {formatEuro(a.pricePerNight)} <span className="text-base font-normal">pro Nacht</span>
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <DemoField id="demo-arrival" label="Anreise" error={errors.arrival}>
            {(control) => (
              <input
                {...control}
                type="date"
                min={today}
                value={stay.arrival}
                onChange={(e) => {
                  const arrival = e.target.value;
                  // A departure before the new arrival is useless: suggest one night more.
                  const departure = stay.departure && stay.departure > arrival ? stay.departure : arrival ? addDays(arrival, 1) : '';
                  change({ ...stay, arrival, departure });
                }}
              />
            )}
          </DemoField>
          <DemoField id="demo-departure" label="Abreise" error={errors.departure}>
            {(control) => <input {...control} type="date" min={stay.arrival || today} value={stay.departure} onChange={(e) => change({ ...stay, departure: e.target.value })} />}
          </DemoField>
        </div>
        <DemoField id="demo-guests" label="Gäste" error={errors.guests} className="mt-4">
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={a.maxGuests}
              value={Number.isNaN(stay.guests) ? '' : stay.guests}
              onChange={(e) => change({ ...stay, guests: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
            />
          )}
        </DemoField>

        <div aria-live="polite" className="mt-5">
          {summary ? (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-800 dark:text-slate-200" data-testid="demo-price-summary">
              <dt>
                {formatEuro(summary.pricePerNight)} × {summary.nights} {summary.nights === 1 ? 'Nacht' : 'Nächte'}
              </dt>
              <dd className="text-right">{formatEuro(summary.lodging)}</dd>
              <dt>Endreinigung</dt>
              <dd className="text-right">{formatEuro(summary.cleaningFee)}</dd>
              <dt className="border-t border-slate-200 pt-1 font-bold dark:border-slate-700">Gesamtpreis</dt>
              <dd className="border-t border-slate-200 pt-1 text-right font-bold dark:border-slate-700">{formatEuro(summary.total)}</dd>
            </dl>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">Wählen Sie Anreise, Abreise und Gäste, dann sehen Sie hier den Gesamtpreis.</p>
          )}
        </div>
        <button type="submit" className={`${demoPrimary} mt-5 w-full`}>
          Weiter zur Buchung
        </button>
      </form>
    </div>
  );
}
