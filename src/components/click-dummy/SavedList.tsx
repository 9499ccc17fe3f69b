import { formatSavedAt, promptExcerpt } from '../../lib/click-dummy/saved.ts';
import type { SavedClickDummy } from '../../lib/schemas/click-dummy.ts';

interface SavedListProps {
  saved: readonly SavedClickDummy[];
  selectedId: string | null;
  onView: (entry: SavedClickDummy) => void;
  onRemove: (entry: SavedClickDummy) => void;
}

const smallButton =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';

/** The click dummies saved in this browser (SPEC §2): name, date, prompt excerpt, view and remove. */
export function SavedList({ saved, selectedId, onView, onRemove }: SavedListProps) {
  return (
    <section aria-labelledby="click-dummy-saved-heading" className="mt-10">
      <h3 id="click-dummy-saved-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Gespeicherte Click-Dummies
      </h3>
      {saved.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Noch keine gespeicherten Click-Dummies. Was Sie erstellen, bleibt in diesem Browser gespeichert.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="click-dummy-saved">
          {saved.map((entry) => {
            const selected = entry.id === selectedId;
            return (
              <li
                key={entry.id}
                aria-current={selected ? 'true' : undefined}
                className={`rounded-xl border p-4 ${
                  selected ? 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700'
                }`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h4 className="font-semibold text-slate-900 dark:text-white">{entry.name}</h4>
                  <time dateTime={entry.createdAt} className="text-sm text-slate-700 dark:text-slate-300">
                    {formatSavedAt(entry.createdAt)}
                  </time>
                </div>
                <p className="mt-2 break-words text-slate-700 dark:text-slate-300" data-testid="click-dummy-excerpt">
                  {promptExcerpt(entry.prompt)}
                </p>
                <div className="mt-3 flex gap-2">
                  <button type="button" className={smallButton} onClick={() => onView(entry)} aria-label={`${entry.name} anzeigen`}>
                    Anzeigen
                  </button>
                  <button type="button" className={smallButton} onClick={() => onRemove(entry)} aria-label={`${entry.name} entfernen`}>
                    Entfernen
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
