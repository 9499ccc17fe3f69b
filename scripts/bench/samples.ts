/**
 * What the endpoint benchmark keeps of its answers: the latency of each and the round trips the
 * server's data layer reported for it in `Server-Timing` (src/server/http/endpoint.ts).
 */
import { percentile } from './chat-run.ts';

/**
 * The round trips of one answer, from `Server-Timing: db;dur=1.2;desc="3 round trips"`, or
 * undefined when the header does not report them: the benchmark never guesses a count.
 */
export function roundTripsOf(serverTiming: string | null | undefined): number | undefined {
  if (!serverTiming) return undefined;
  for (const metric of serverTiming.split(',')) {
    const [name, ...params] = metric.split(';').map((part) => part.trim());
    if (name !== 'db') continue;
    for (const param of params) {
      const match = /^desc="?(\d+) round trips?"?$/.exec(param);
      if (match) return Number(match[1]);
    }
  }
  return undefined;
}

export interface Summary {
  /** Answers measured (warm-up not included). */
  requests: number;
  p50: number;
  p95: number;
  /** Fewest and most round trips an answer reported; undefined when none reported any. */
  roundTrips?: { min: number; max: number };
}

export function summarize(latencies: readonly number[], roundTrips: readonly number[]): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    ...(roundTrips.length > 0 ? { roundTrips: { min: Math.min(...roundTrips), max: Math.max(...roundTrips) } } : {}),
  };
}
