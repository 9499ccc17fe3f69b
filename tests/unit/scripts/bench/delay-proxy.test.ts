import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayLine, startDelayProxy } from '../../../../scripts/bench/delay-proxy.ts';

describe('DelayLine: each chunk leaves delayMs after it arrived, in order', () => {
  afterEach(() => vi.useRealTimers());

  it('holds a chunk for the delay, not longer, and keeps the order', () => {
    vi.useFakeTimers();
    const delivered: [string, number][] = [];
    const line = new DelayLine<string>(5, (item) => delivered.push([item, Date.now()]), () => Date.now());
    const start = Date.now();
    line.push('a');
    vi.advanceTimersByTime(2);
    line.push('b');
    line.push('c');
    vi.advanceTimersByTime(2);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([['a', start + 5]]);
    expect(line.pending).toBe(2);
    vi.advanceTimersByTime(2);
    expect(delivered).toEqual([
      ['a', start + 5],
      ['b', start + 7],
      ['c', start + 7],
    ]);
    expect(line.pending).toBe(0);
  });

  it('chunks arriving together cost one delay, not one each (a delay line, not a queue)', () => {
    vi.useFakeTimers();
    const delivered: number[] = [];
    const line = new DelayLine<number>(5, () => delivered.push(Date.now()), () => Date.now());
    const start = Date.now();
    for (let i = 0; i < 10; i++) line.push(i);
    vi.advanceTimersByTime(5);
    expect(delivered).toEqual(Array.from({ length: 10 }, () => start + 5));
  });

  it('drops what is pending when closed', () => {
    vi.useFakeTimers();
    const deliver = vi.fn();
    const line = new DelayLine<string>(5, deliver, () => Date.now());
    line.push('a');
    line.close();
    line.push('b');
    vi.advanceTimersByTime(20);
    expect(deliver).not.toHaveBeenCalled();
  });
});

describe('startDelayProxy: a TCP proxy that delays what the server sends back', () => {
  it('passes bytes both ways unchanged and adds the delay once per exchange', async () => {
    // The "database": answers each message with three chunks, 10 ms apart (separate TCP segments).
    const server = net.createServer((socket) => {
      socket.setNoDelay(true);
      socket.on('data', (chunk) => {
        socket.write(`1:${chunk.toString()}|`);
        setTimeout(() => socket.write('2|'), 10);
        setTimeout(() => socket.write('3|'), 20);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = { host: '127.0.0.1', port: (server.address() as net.AddressInfo).port };
    const delayMs = 100;
    const proxy = await startDelayProxy(target, delayMs);
    try {
      expect(proxy.through(`postgres://u@127.0.0.1:${target.port}/db?x=1`)).toBe(`postgres://u@127.0.0.1:${proxy.port}/db?x=1`);
      const client = net.connect({ host: '127.0.0.1', port: proxy.port, noDelay: true });
      await new Promise<void>((resolve) => client.once('connect', resolve));
      let received = '';
      const started = performance.now();
      const done = new Promise<number>((resolve) => {
        client.on('data', (chunk) => {
          received += chunk.toString();
          if (received.endsWith('3|')) resolve(performance.now() - started);
        });
      });
      client.write('ping');
      const took = await done;
      expect(received).toBe('1:ping|2|3|');
      expect(took).toBeGreaterThanOrEqual(delayMs - 1);
      // Three chunks, yet one delay: about 100 + 20 ms; one after another it would be ≥ 300 ms.
      expect(took).toBeLessThan(2 * delayMs);
      client.destroy();
    } finally {
      await proxy.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
