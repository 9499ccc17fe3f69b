import { useStore } from '@nanostores/react';
import { $savedClickDummies } from '../../features/click-dummy/stores/saved.ts';
import { Card } from '../ui/Card.tsx';
import { field, text } from '../ui/classes.ts';
import { useMounted } from '../ui/useMounted.ts';

const dateFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

/**
 * The click dummies saved in this browser, which the request sends along (SPEC §2). Prompts
 * are clamped to three lines (SPEC §9); the full text goes with the request.
 */
export function AttachedClickDummies({ clickDummyHref }: { clickDummyHref: string }) {
  const saved = useStore($savedClickDummies);
  // Local storage is unknown to the prebuilt HTML: show the list after hydration.
  const mounted = useMounted();
  const list = mounted ? saved : [];
  return (
    <div>
      <p className={field.label}>Click-Dummies</p>
      <p className={`mt-1 ${text.small}`}>
        Zeigen Sie uns, was Sie sich vorstellen:{' '}
        <a href={clickDummyHref} className={text.link}>
          Click-Dummy erstellen
        </a>
        . Gespeicherte Click-Dummies senden wir mit Ihrer Anfrage mit.
      </p>
      {list.length === 0 ? (
        <p className={`mt-2 ${text.muted}`}>Noch keine Click-Dummies gespeichert.</p>
      ) : (
        <ul aria-label="Angehängte Click-Dummies" className="mt-2 space-y-2">
          {list.map((dummy) => (
            <Card as="li" key={dummy.id} padding="sm">
              <p className={text.label}>
                {dummy.name} <span className={`font-normal ${text.muted}`}>· {dateFormat.format(new Date(dummy.createdAt))}</span>
              </p>
              <p className={`mt-1 line-clamp-3 ${text.small}`} title={dummy.prompt}>
                {dummy.prompt}
              </p>
            </Card>
          ))}
        </ul>
      )}
    </div>
  );
}
