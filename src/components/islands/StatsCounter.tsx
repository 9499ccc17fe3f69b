import { useEffect, useRef, useState } from 'react';
import type { Stat } from '../../data/landing.ts';
import { counterDuration, counterValue, formatCount } from '../../lib/counter.ts';
import { text } from '../ui/classes.ts';
import { useReducedMotion } from '../ui/useReducedMotion.ts';

/**
 * The statistics strip (SPEC §9): counters run up to their value when the strip comes into
 * view, 1200 ms plus 200 ms per item. The prebuilt HTML and reduced motion show the final numbers.
 */
export default function StatsCounter({ stats }: { stats: Stat[] }) {
  const reduced = useReducedMotion();
  const list = useRef<HTMLUListElement>(null);
  const [elapsed, setElapsed] = useState<number | null>(null);

  useEffect(() => {
    if (reduced || !list.current) return;
    let frame = 0;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const longest = counterDuration(stats.length - 1);
      const tick = (now: number) => {
        setElapsed(now - start);
        if (now - start < longest) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(list.current);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [reduced, stats.length]);

  return (
    <ul ref={list} className="grid grid-cols-2 gap-8 md:grid-cols-4">
      {stats.map((stat, index) => {
        const value = elapsed === null ? stat.value : counterValue(stat.value, elapsed, counterDuration(index));
        return (
          <li key={stat.label} className="text-center">
            {/* The heading step of the type scale, in the brand tone (700 on white 8.7:1, 300 on the dark ground). */}
            <p className="text-h1 tabular-nums text-brand-700 dark:text-brand-300" data-testid="stat-value">
              {formatCount(value)}
              {stat.suffix}
            </p>
            <p className={`mt-2 ${text.body}`}>{stat.label}</p>
          </li>
        );
      })}
    </ul>
  );
}
