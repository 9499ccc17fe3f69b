import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request (or any measured piece of work) asked of the database. */
export interface RoundTripTally {
  /** Messages the data layer waited for an answer to: every statement, BEGIN, COMMIT and batch counts once. */
  roundTrips: number;
  /** Milliseconds spent waiting for those answers. */
  waitedMs: number;
}

const current = new AsyncLocalStorage<RoundTripTally>();

/**
 * Counts the database round trips of `work` and everything it starts. On Netlify each is a trip
 * from the function to Neon, so the count, not the number of SQL texts, is what a hot request
 * pays for (issue 22). Counting costs an object per request and a lookup per statement.
 */
export async function countRoundTrips<T>(work: () => Promise<T>): Promise<{ result: T; tally: RoundTripTally }> {
  const tally: RoundTripTally = { roundTrips: 0, waitedMs: 0 };
  const result = await current.run(tally, work);
  return { result, tally };
}

/** Sends one message to the database and waits for its answer; the drivers route every trip through here. */
export async function roundTrip<T>(send: () => Promise<T>): Promise<T> {
  const tally = current.getStore();
  if (!tally) return send();
  tally.roundTrips++;
  const started = performance.now();
  try {
    return await send();
  } finally {
    tally.waitedMs += performance.now() - started;
  }
}

/**
 * Counts a trip the driver makes without passing through roundTrip: PGlite runs BEGIN and COMMIT
 * inside its own transaction(). It has no network, but counting them as a server would keeps the
 * counts the same for every driver.
 */
export function noteRoundTrip(): void {
  const tally = current.getStore();
  if (tally) tally.roundTrips++;
}
