import { filterAccommodations, type Accommodation, type AccommodationFilter, type Amenity } from '../../booking.ts';
import { formatEuro } from '../../../../lib/money.ts';
import { AccommodationPhoto } from './AccommodationPhoto.tsx';
import { AMENITY_LABELS, REGIONS } from './accommodations.ts';
import { DemoField } from './DemoField.tsx';
import { demoLabel } from './ui.ts';

const PRICE_STEPS = [0, 10_000, 15_000, 20_000];

interface AccommodationListProps {
  accommodations: readonly Accommodation[];
  filter: AccommodationFilter;
  onFilter: (filter: AccommodationFilter) => void;
  onOpen: (accommodation: Accommodation) => void;
}

/** Start screen of the demo: filters and the accommodations as cards. */
export function AccommodationList({ accommodations, filter, onFilter, onOpen }: AccommodationListProps) {
  const found = filterAccommodations(accommodations, filter);
  const toggleAmenity = (amenity: Amenity, on: boolean) =>
    onFilter({ ...filter, amenities: on ? [...filter.amenities, amenity] : filter.amenities.filter((a) => a !== amenity) });

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <form aria-label="Unterkünfte filtern" className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800" onSubmit={(e) => e.preventDefault()}>
        <DemoField id="demo-region" label="Region">
          {(control) => (
            <select {...control} value={filter.region} onChange={(e) => onFilter({ ...filter, region: e.target.value })}>
              <option value="">Alle Regionen</option>
              {REGIONS.map((region) => (
                <option key={region}>{region}</option>
              ))}
            </select>
          )}
        </DemoField>
        <DemoField id="demo-filter-guests" label="Personen">
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={8}
              value={filter.guests}
              onChange={(e) => onFilter({ ...filter, guests: Math.max(1, Math.min(8, Number(e.target.value) || 1)) })}
            />
          )}
        </DemoField>
        <DemoField id="demo-max-price" label="Preis pro Nacht">
          {(control) => (
            <select {...control} value={filter.maxPrice} onChange={(e) => onFilter({ ...filter, maxPrice: Number(e.target.value) })}>
              {PRICE_STEPS.map((cents) => (
                <option key={cents} value={cents}>
                  {cents === 0 ? 'Beliebig' : `bis ${formatEuro(cents)}`}
                </option>
              ))}
            </select>
          )}
        </DemoField>
        <fieldset>
          <legend className={demoLabel}>Ausstattung</legend>
          {(Object.keys(AMENITY_LABELS) as Amenity[]).map((amenity) => (
            <label key={amenity} className="mt-2 flex items-center gap-2 text-slate-800 dark:text-slate-200">
              <input type="checkbox" checked={filter.amenities.includes(amenity)} onChange={(e) => toggleAmenity(amenity, e.target.checked)} className="h-4 w-4" />
              {AMENITY_LABELS[amenity]}
            </label>
          ))}
        </fieldset>
      </form>

      <div>
        <p role="status" className="font-medium text-slate-800 dark:text-slate-200">
          {found.length === 1 ? '1 Unterkunft gefunden' : `${found.length} Unterkünfte gefunden`}
        </p>
        {found.length === 0 ? (
          <p className="mt-4 text-slate-700 dark:text-slate-300">Keine Unterkunft passt zu allen Filtern. Lassen Sie einen Filter weg, um mehr zu sehen.</p>
        ) : (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {found.map((a) => (
              <li key={a.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
                <AccommodationPhoto scene={a.scene} label={`Foto: ${a.name}`} />
                <div className="p-4">
                  <h5 className="font-semibold text-slate-900 dark:text-white">{a.name}</h5>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {a.place} · {a.region}
                  </p>
                  <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                    <span aria-hidden="true">★ </span>
                    {a.rating.toLocaleString('de-DE', { minimumFractionDigits: 1 })} von 5 ({a.reviews} Bewertungen) · bis {a.maxGuests} Personen
                  </p>
                  <p className="mt-2 text-lg font-bold text-slate-900 dark:text-white">
                    {formatEuro(a.pricePerNight)} <span className="text-sm font-normal">pro Nacht</span>
                  </p>
                  <button
                    type="button"
                    onClick={() => onOpen(a)}
                    className="mt-3 w-full rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800"
                    aria-label={`${a.name} ansehen`}
                  >
                    Ansehen
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
