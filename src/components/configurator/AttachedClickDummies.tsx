import { useStore } from '@nanostores/react';
import { $savedClickDummies } from '../../stores/click-dummies.ts';
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
      <p className="font-medium">Click-Dummies</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Zeigen Sie uns, was Sie sich vorstellen:{' '}
        <a href={clickDummyHref} className="font-medium text-brand-700 underline dark:text-brand-300">
          Click-Dummy erstellen
        </a>
        . Gespeicherte Click-Dummies senden wir mit Ihrer Anfrage mit.
      </p>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Noch keine Click-Dummies gespeichert.</p>
      ) : (
        <ul aria-label="Angehängte Click-Dummies" className="mt-2 space-y-2">
          {list.map((dummy) => (
            <li key={dummy.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">
                {dummy.name} <span className="font-normal text-slate-600 dark:text-slate-400">· {dateFormat.format(new Date(dummy.createdAt))}</span>
              </p>
              <p className="mt-1 line-clamp-3 text-sm text-slate-700 dark:text-slate-300" title={dummy.prompt}>
                {dummy.prompt}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
