import { useId, useState, useSyncExternalStore } from 'react';
import { isTrackingOptedOut, setTrackingOptOut, TRACKING_OPT_OUT_KEY, type KeyValueStorage } from '../../lib/tracking-opt-out.ts';
import { cardClass, field, text } from '../ui/classes.ts';

/** Reading `window.localStorage` itself throws when the browser blocks storage. */
function browserStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

// Changes made by this island notify its own subscribers; the `storage` event covers other tabs,
// so two open privacy pages never show different states.
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TRACKING_OPT_OUT_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const readChoice = () => isTrackingOptedOut(browserStorage());
// Unknown during the server render and hydration: the prebuilt HTML cannot know the choice.
const unknownOnServer = () => null;

/**
 * The objection to reach measurement on the privacy page (SPEC §2). A native checkbox: it has a
 * label, keyboard operation and a state screen readers announce without extra ARIA; the status
 * line below repeats the stored state in words and is a live region, so a change is announced.
 * The kit's Checkbox ties only a hint and an error to the box; this one is described by that live
 * status line, so it uses the kit's classes around its own markup.
 */
export default function TrackingOptOut() {
  const id = useId();
  const stored = useSyncExternalStore(subscribe, readChoice, unknownOnServer);
  // When the browser refuses storage the choice holds for this page view only, and we say so.
  const [unsaved, setUnsaved] = useState<boolean | null>(null);
  const optedOut = unsaved ?? stored;

  const change = (next: boolean) => {
    if (setTrackingOptOut(browserStorage(), next)) {
      setUnsaved(null);
      listeners.forEach((listener) => listener());
    } else {
      setUnsaved(next);
    }
  };

  let status: string;
  if (optedOut === null) status = 'Ihre gespeicherte Einstellung wird geladen …';
  else if (unsaved !== null) {
    status = 'Ihr Browser erlaubt keine lokale Speicherung. Ihre Auswahl gilt deshalb nur für diesen Seitenaufruf.';
  } else if (optedOut) {
    status = 'Widerspruch gespeichert: In diesem Browser findet keine Reichweitenmessung statt.';
  } else {
    status = 'Kein Widerspruch gespeichert.';
  }

  return (
    <div className={`mt-6 ${cardClass({ tone: 'muted' })}`}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className={`mt-0.5 disabled:cursor-wait ${field.box}`}
          checked={optedOut ?? false}
          disabled={optedOut === null}
          onChange={(event) => change(event.currentTarget.checked)}
          aria-describedby={`${id}-status`}
        />
        <label htmlFor={id} className={field.label}>
          Ich widerspreche der Reichweitenmessung in diesem Browser
        </label>
      </div>
      <p id={`${id}-status`} role="status" className={`mt-3 ${text.small}`}>
        {status}
      </p>
    </div>
  );
}
