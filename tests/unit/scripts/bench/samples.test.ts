import { describe, expect, it } from 'vitest';
import { roundTripsOf, summarize } from '../../../../scripts/bench/samples.ts';

describe('roundTripsOf: the count from the Server-Timing header of an answer', () => {
  it('reads the count the data layer reports', () => {
    expect(roundTripsOf('db;dur=3.2;desc="3 round trips"')).toBe(3);
    expect(roundTripsOf('db;dur=0.0;desc="0 round trips"')).toBe(0);
    expect(roundTripsOf('db;dur=12.0;desc="13 round trips"')).toBe(13);
  });

  it('finds the db metric among others and tolerates spaces and a missing dur', () => {
    expect(roundTripsOf('cdn-cache; desc=HIT, db; dur=1.5; desc="7 round trips", app;dur=4')).toBe(7);
    expect(roundTripsOf('db;desc="1 round trip"')).toBe(1);
  });

  it('never guesses: no header, another metric or no count is undefined', () => {
    expect(roundTripsOf(undefined)).toBeUndefined();
    expect(roundTripsOf(null)).toBeUndefined();
    expect(roundTripsOf('')).toBeUndefined();
    expect(roundTripsOf('app;dur=4;desc="3 round trips"')).toBeUndefined();
    expect(roundTripsOf('db;dur=4')).toBeUndefined();
    expect(roundTripsOf('db;dur=4;desc="viele round trips"')).toBeUndefined();
  });
});

describe('summarize', () => {
  it('gives p50 and p95 by the nearest-rank rule, whatever the order of the samples', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    const summary = summarize(latencies, [3]);
    expect(summary.requests).toBe(100);
    expect(summary.p50).toBe(50);
    expect(summary.p95).toBe(95);
  });

  it('keeps the fewest and most round trips, and none when no answer reported any', () => {
    expect(summarize([1, 2, 3], [7, 8, 7]).roundTrips).toEqual({ min: 7, max: 8 });
    expect(summarize([1], []).roundTrips).toBeUndefined();
  });

  it('a single sample is both percentiles', () => {
    expect(summarize([4.2], [1])).toMatchObject({ p50: 4.2, p95: 4.2 });
  });
});
