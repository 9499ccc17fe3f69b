import { useEffect, useId, useState } from 'react';
import type { Testimonial } from '../../data/landing.ts';
import { buttonClass, cardClass, text } from '../ui/classes.ts';
import { useReducedMotion } from '../ui/useReducedMotion.ts';

/** SPEC §9: the slider advances every 8 s. */
const TESTIMONIAL_INTERVAL_MS = 8000;

/**
 * The testimonial slider (SPEC §2): previous/next, dots, automatic advance every 8 s with
 * wrap-around, paused while hovered or focused, with a button to stop it (WCAG 2.2.2), and
 * not moving by itself at all under reduced motion. The stars never stand without `notice`, the
 * statement whether and how the reviews are checked (§ 5b Abs. 3 UWG), which they also point to.
 */
export default function Testimonials({ items, notice }: { items: Testimonial[]; notice: string }) {
  const reduced = useReducedMotion();
  const noticeId = useId();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = items.length;
  const running = !reduced && !stopped && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % count), TESTIMONIAL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, current, count]);

  const go = (index: number) => setCurrent(((index % count) + count) % count);
  const item = items[current];
  if (!item) return null;

  return (
    <section
      aria-roledescription="Karussell"
      aria-label="Stimmen unserer Hosting-Kunden"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className="mx-auto max-w-3xl"
    >
      <div aria-live={running ? 'off' : 'polite'} className={`min-h-56 ${cardClass()}`}>
        {/* The slide is the group; a figure with a figcaption must keep its own role (HTML). */}
        <div role="group" aria-roledescription="Folie" aria-label={`${current + 1} von ${count}`}>
          <figure>
            <p className="text-amber-700 dark:text-amber-300" aria-label="Bewertung: 5 von 5 Sternen" aria-describedby={noticeId} role="img">
              ★★★★★
            </p>
            <blockquote className="mt-4 text-lead text-slate-800 dark:text-slate-100">„{item.text}“</blockquote>
            <figcaption className={`mt-4 ${text.label}`}>
              {item.author}
              <span className={`block font-normal ${text.muted}`}>{item.role}</span>
            </figcaption>
          </figure>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <button type="button" onClick={() => go(current - 1)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Vorherige Bewertung
        </button>
        <div className="flex gap-1" role="group" aria-label="Bewertung auswählen">
          {items.map((testimonial, index) => (
            <button
              key={testimonial.author}
              type="button"
              onClick={() => go(index)}
              aria-label={`Bewertung ${index + 1} von ${count}`}
              aria-current={index === current ? 'true' : undefined}
              className="flex h-8 w-8 items-center justify-center rounded-full"
            >
              <span className={`block h-3 w-3 rounded-full ${index === current ? 'bg-brand-600 dark:bg-brand-300' : 'bg-slate-400 dark:bg-slate-500'}`} />
            </button>
          ))}
        </div>
        <button type="button" onClick={() => go(current + 1)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Nächste Bewertung
        </button>
        {!reduced && (
          <button type="button" onClick={() => setStopped((value) => !value)} aria-pressed={stopped} className={`${buttonClass({ variant: 'link' })} px-3 py-2 text-small`}>
            Automatisches Weiterblättern anhalten
          </button>
        )}
      </div>
      <p id={noticeId} className={`mx-auto mt-6 max-w-2xl text-center ${text.small}`}>
        {notice}
      </p>
    </section>
  );
}
