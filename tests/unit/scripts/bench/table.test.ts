import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../../../scripts/bench/api-bench.ts';
import type { ChatResult } from '../../../../scripts/bench/chat-run.ts';
import { benchmarksMarkdown, endpointTable, extraCell, markdownTable, roundTripCell, type BenchReport } from '../../../../scripts/bench/table.ts';

const summary = (p50: number, p95: number, min: number, max = min) => ({ requests: 40, p50, p95, roundTrips: { min, max } });

const poll: CaseResult = {
  name: 'GET /api/chat/conversations/:id/messages?after=…',
  note: '5 Besucher reihum',
  direct: summary(1.24, 2.9, 3),
  proxy: summary(17.1, 20.04, 3),
  failures: 0,
  uncounted: 0,
};

describe('roundTripCell', () => {
  it('shows one number when every answer of both columns reported the same count', () => {
    expect(roundTripCell([summary(1, 2, 3), summary(5, 6, 3)])).toBe('3');
  });
  it('shows the range over both columns when the count varied', () => {
    expect(roundTripCell([summary(1, 2, 7), summary(5, 6, 7, 8)])).toBe('7–8');
    expect(roundTripCell([summary(1, 2, 4), summary(5, 6, 3)])).toBe('3–4');
  });
  it('says "?" rather than guessing when nothing was reported', () => {
    expect(roundTripCell([undefined, { requests: 0, p50: Number.NaN, p95: Number.NaN }])).toBe('?');
  });
});

describe('extraCell: the proxy’s cost at the median beside round trips × delay', () => {
  it('names the measured difference and the expectation', () => {
    expect(extraCell(poll, 5)).toBe('+15,9 ms (3 × 5 = 15 ms)');
  });
  it('leaves the expectation out when the count varied, and shows a negative difference as such', () => {
    expect(extraCell({ ...poll, direct: summary(3, 4, 7, 8), proxy: summary(42.8, 46, 7) }, 5)).toBe('+39,8 ms');
    expect(extraCell({ ...poll, proxy: summary(1, 2, 3) }, 5)).toBe('−0,2 ms (3 × 5 = 15 ms)');
    // Fixed in one column, varying in the other: no single expectation either.
    expect(extraCell({ ...poll, proxy: summary(20, 30, 3, 4) }, 5)).toBe('+18,8 ms');
  });
  it('is "–" without both columns', () => {
    expect(extraCell({ ...poll, proxy: undefined }, 5)).toBe('–');
  });
});

describe('endpointTable', () => {
  it('has one row per case with round trips, both latencies, counts and failures', () => {
    const lines = endpointTable([poll, { ...poll, name: 'POST /x | y', note: undefined, failures: 2 }], 5).split('\n');
    expect(lines[0]).toBe('| Anfrage | Round Trips | direkt: p50 · p95 | +5 ms je Round Trip: p50 · p95 | Aufschlag p50 (erwartet) | Anfragen | Fehler |');
    expect(lines[2]).toBe(
      '| GET /api/chat/conversations/:id/messages?after=… – 5 Besucher reihum | 3 | 1,2 ms · 2,9 ms | 17,1 ms · 20,0 ms | +15,9 ms (3 × 5 = 15 ms) | 40 / 40 | 0 |',
    );
    // A pipe in a cell would break the row.
    expect(lines[3]).toMatch(/^\| POST \/x \\\| y \| 3 \|.* \| 2 \|$/);
  });
});

describe('markdownTable', () => {
  it('writes header, separator and rows', () => {
    expect(markdownTable(['a', 'b'], [['1', '2']])).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });
});

describe('benchmarksMarkdown', () => {
  const chat: ChatResult = {
    options: { visitors: 20, messages: 12, sendIntervalMs: 1000, pollMs: 500, drainMs: 10_000 },
    agents: 2,
    delivered: 480,
    seconds: 14,
    messagesPerSecond: 34.29,
    visitorToAgent: { p50: 351, p95: 485 },
    agentToVisitor: { p50: 165, p95: 482 },
    lost: 0,
    duplicated: 0,
  };
  const report: BenchReport = {
    date: new Date('2026-11-24T12:00:00Z'),
    machine: 'Testrechner',
    versions: 'Node v22',
    seconds: 3,
    delayMs: 5,
    endpoints: [poll],
    chat,
    hashcash: [
      { label: 'nativ (openssl speed, 1 Kern)', megaHashesPerSecond: 4.05 },
      { label: 'Solver (1 Web Worker, WASM-SIMD)', megaHashesPerSecond: 9.69, percentOfNative: 239.6 },
    ],
  };
  const markdown = benchmarksMarkdown(report);

  it('no longer measures against SELECT 1', () => {
    expect(markdown).not.toMatch(/SELECT 1|Obergrenze/);
  });
  it('carries the date, the endpoint table, chat with loss/duplicate check and hashcash', () => {
    expect(markdown).toContain('am 2026-11-24');
    expect(markdown).toContain('| 3 | 1,2 ms · 2,9 ms | 17,1 ms · 20,0 ms |');
    expect(markdown).toContain('| 34,3 Nachrichten/s |');
    expect(markdown).toContain('0 verloren, 0 doppelt');
    expect(markdown).toContain('9,69 Mio. Hashes/s = 239,6 % von nativ (4,05 Mio./s)');
    expect(markdown).toContain('Entscheidung 0045');
  });
});
