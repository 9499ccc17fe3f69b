import { useEffect, useMemo, useRef, useState } from 'react';
import {
  formatDay,
  localToday,
  nightsBetween,
  priceSummary,
  type Accommodation,
  type AccommodationFilter,
  type GuestDetails,
  type StayInput,
} from '../../booking.ts';
import { formatEuro } from '../../../../lib/money.ts';
import { AccommodationDetail } from './AccommodationDetail.tsx';
import { AccommodationList } from './AccommodationList.tsx';
import { AccommodationPhoto } from './AccommodationPhoto.tsx';
import { demoAccommodations } from './accommodations.ts';
import { GuestForm } from './GuestForm.tsx';
import { demoPrimary, demoSecondary } from './ui.ts';

type Screen = { name: 'list' } | { name: 'detail'; id: string } | { name: 'form'; id: string } | { name: 'done'; id: string; number: string };

const EMPTY_FILTER: AccommodationFilter = { region: '', guests: 1, maxPrice: 0, amenities: [] };
const EMPTY_GUEST: GuestDetails = { name: '', email: '', phone: '', notes: '' };

function bookingNumber(): string {
  return `FG-${crypto.getRandomValues(new Uint32Array(1))[0]! % 900_000 + 100_000}`;
}

/**
 * The booking demo (SPEC §4): what the accommodation-booking template would become, as a working
 * click dummy — list with filters, detail, stay with validation and price, booking form and
 * confirmation. Everything stays in the browser; nothing is sent.
 */
export default function BookingDemo({ onClose }: { onClose: () => void }) {
  const today = useMemo(() => localToday(), []);
  const accommodations = useMemo(() => demoAccommodations(today), [today]);
  const [screen, setScreen] = useState<Screen>({ name: 'list' });
  const [filter, setFilter] = useState<AccommodationFilter>(EMPTY_FILTER);
  const [stay, setStay] = useState<StayInput>({ arrival: '', departure: '', guests: 2 });
  const [guest, setGuest] = useState<GuestDetails>(EMPTY_GUEST);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each screen change moves the focus to the new screen's heading, as a page load would.
  useEffect(() => {
    heading.current?.focus();
  }, [screen]);

  const selected: Accommodation | undefined = 'id' in screen ? accommodations.find((a) => a.id === screen.id) : undefined;

  function open(accommodation: Accommodation) {
    setStay((current) => ({ ...current, guests: Math.min(Math.max(current.guests, filter.guests), accommodation.maxGuests) }));
    setScreen({ name: 'detail', id: accommodation.id });
  }

  const title =
    screen.name === 'list'
      ? 'Ferienwohnungen finden'
      : screen.name === 'detail'
        ? selected!.name
        : screen.name === 'form'
          ? 'Ihre Buchung'
          : 'Vielen Dank für Ihre Buchung!';

  const steps = ['Auswahl', 'Details', 'Buchung', 'Bestätigung'];
  const stepIndex = { list: 0, detail: 1, form: 2, done: 3 }[screen.name];

  return (
    <section aria-labelledby="booking-demo-title" data-testid="booking-demo" className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-950">
      <div className="flex flex-wrap items-center justify-between gap-3 bg-teal-800 px-5 py-3 text-white">
        <p id="booking-demo-title" className="text-lg font-bold">
          <span aria-hidden="true">⌂ </span>Ferienglück <span className="font-normal">– Click-Dummy zur Vorlage „Unterkunftsbuchung“</span>
        </p>
        <button type="button" onClick={onClose} className="rounded-lg border border-white/60 px-3 py-1.5 font-medium hover:bg-white/10">
          Demo schließen
        </button>
      </div>
      <nav aria-label="Buchungsschritte" className="border-b border-slate-200 px-5 py-3 dark:border-slate-700">
        <ol className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {steps.map((step, index) => (
            <li
              key={step}
              aria-current={index === stepIndex ? 'step' : undefined}
              className={index === stepIndex ? 'font-bold text-teal-800 dark:text-teal-200' : 'text-slate-700 dark:text-slate-300'}
            >
              {index + 1}. {step}
            </li>
          ))}
        </ol>
      </nav>

      <div className="p-5">
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <h4 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 dark:text-white">
            {title}
          </h4>
          {(screen.name === 'detail' || screen.name === 'form') && (
            <button
              type="button"
              className={demoSecondary}
              onClick={() => setScreen(screen.name === 'detail' ? { name: 'list' } : { name: 'detail', id: screen.id })}
            >
              {screen.name === 'detail' ? 'Zurück zur Übersicht' : 'Zurück zur Unterkunft'}
            </button>
          )}
        </div>

        {screen.name === 'list' && <AccommodationList accommodations={accommodations} filter={filter} onFilter={setFilter} onOpen={open} />}
        {screen.name === 'detail' && (
          <AccommodationDetail accommodation={selected!} stay={stay} today={today} onStay={setStay} onContinue={() => setScreen({ name: 'form', id: screen.id })} />
        )}
        {screen.name === 'form' && (
          <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
            <GuestForm guest={guest} onGuest={setGuest} onBook={() => setScreen({ name: 'done', id: screen.id, number: bookingNumber() })} />
            <StaySummary accommodation={selected!} stay={stay} />
          </div>
        )}
        {screen.name === 'done' && (
          <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
            <div className="text-slate-800 dark:text-slate-200">
              <p className="text-lg">
                Ihre Buchungsnummer lautet <strong data-testid="demo-booking-number">{screen.number}</strong>.
              </p>
              <p className="mt-3">
                {guest.name.trim()}, wir haben Ihre Buchung für „{selected!.name}“ erhalten. Die Bestätigung mit allen Details schicken wir an{' '}
                {guest.email.trim()}. Der Vermieter bestätigt die Buchung innerhalb von 24 Stunden.
              </p>
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
                So würde Ihre Anwendung aussehen: Dies ist ein Click-Dummy, es wurde nichts gebucht und nichts gesendet.
              </p>
              <div className="mt-5 flex flex-wrap gap-3">
                <button
                  type="button"
                  className={demoPrimary}
                  onClick={() => {
                    setGuest(EMPTY_GUEST);
                    setStay({ arrival: '', departure: '', guests: 2 });
                    setScreen({ name: 'list' });
                  }}
                >
                  Weitere Unterkunft suchen
                </button>
                <button type="button" className={demoSecondary} onClick={onClose}>
                  Demo schließen
                </button>
              </div>
            </div>
            <StaySummary accommodation={selected!} stay={stay} />
          </div>
        )}
      </div>
    </section>
  );
}

function StaySummary({ accommodation, stay }: { accommodation: Accommodation; stay: StayInput }) {
  const summary = priceSummary(accommodation, nightsBetween(stay.arrival, stay.departure));
  return (
    <aside aria-label="Zusammenfassung" className="h-fit overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
      <AccommodationPhoto scene={accommodation.scene} label={`Foto: ${accommodation.name}`} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 p-4 text-slate-800 dark:text-slate-200" data-testid="demo-stay-summary">
        <dt className="font-medium">Unterkunft</dt>
        <dd>
          {accommodation.name}, {accommodation.place}
        </dd>
        <dt className="font-medium">Anreise</dt>
        <dd>{formatDay(stay.arrival)}</dd>
        <dt className="font-medium">Abreise</dt>
        <dd>{formatDay(stay.departure)}</dd>
        <dt className="font-medium">Gäste</dt>
        <dd>{stay.guests}</dd>
        <dt className="font-medium">
          {formatEuro(summary.pricePerNight)} × {summary.nights} {summary.nights === 1 ? 'Nacht' : 'Nächte'}
        </dt>
        <dd className="text-right">{formatEuro(summary.lodging)}</dd>
        <dt className="font-medium">Endreinigung</dt>
        <dd className="text-right">{formatEuro(summary.cleaningFee)}</dd>
        <dt className="font-bold">Gesamtpreis</dt>
        <dd className="text-right font-bold">{formatEuro(summary.total)}</dd>
      </dl>
    </aside>
  );
}
