import { formatSavedAt, promptExcerpt } from '../saved.ts';
import type { SavedClickDummy } from '../schemas.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { text } from '../../../components/ui/classes.ts';

interface SavedListProps {
  saved: readonly SavedClickDummy[];
  selectedId: string | null;
  onView: (entry: SavedClickDummy) => void;
  onRemove: (entry: SavedClickDummy) => void;
}

/** The click dummies saved in this browser (SPEC §2): name, date, prompt excerpt, view and remove. */
export function SavedList({ saved, selectedId, onView, onRemove }: SavedListProps) {
  return (
    <section aria-labelledby="click-dummy-saved-heading" className="mt-10">
      <h3 id="click-dummy-saved-heading" className={text.h3}>
        Gespeicherte Click-Dummies
      </h3>
      {saved.length === 0 ? (
        <p className={`mt-3 ${text.body}`}>
          Noch keine gespeicherten Click-Dummies. Was Sie erstellen, bleibt in diesem Browser gespeichert.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="click-dummy-saved">
          {saved.map((entry) => {
            const selected = entry.id === selectedId;
            return (
              <Card as="li" key={entry.id} aria-current={selected ? 'true' : undefined} tone={selected ? 'brand' : 'plain'} padding="sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h4 className={text.label}>{entry.name}</h4>
                  <time dateTime={entry.createdAt} className={text.muted}>
                    {formatSavedAt(entry.createdAt)}
                  </time>
                </div>
                <p className={`mt-2 ${text.typed} ${text.body}`} data-testid="click-dummy-excerpt">
                  {promptExcerpt(entry.prompt)}
                </p>
                <div className="mt-3 flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => onView(entry)} aria-label={`${entry.name} anzeigen`}>
                    Anzeigen
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onRemove(entry)} aria-label={`${entry.name} entfernen`}>
                    Entfernen
                  </Button>
                </div>
              </Card>
            );
          })}
        </ul>
      )}
    </section>
  );
}
