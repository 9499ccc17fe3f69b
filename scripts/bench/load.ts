/**
 * One autocannon case: 20 connections for a few seconds against one endpoint, reduced to
 * requests per second, p50/p99 latency and the count of non-2xx answers and socket errors.
 */
import net from 'node:net';
import autocannon from 'autocannon';
import { loopbackAddress } from './client.ts';

export const CONNECTIONS = 20;

export interface LoadCase {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request, e.g. for a fresh tempId or another conversation. */
  next?: () => { path?: string; body?: string };
  /**
   * Rate limits per address (hashcash tasks: 30 a minute) would turn a one-address load into
   * a measurement of the 429 answer. Then every connection comes from its own loopback address
   * and reconnects from a new one after this many requests, like many visitors would.
   */
  requestsPerAddress?: number;
  /** Seconds after which autocannon gives a request up as a timeout (its default: 10). */
  timeoutSeconds?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  timeouts: number;
}

/** Next unused source address of this process; far above the chat benchmark's visitors. */
let nextAddress = 1_000_000;

/**
 * autocannon opens its sockets with `net.connect(port, host)` and has no option for the source
 * address; for the duration of one run, connections to the server get one from us.
 */
async function withRotatingSourceAddress<T>(run: () => Promise<T>): Promise<T> {
  const original = net.connect;
  const patched = (...args: unknown[]) => {
    if (typeof args[0] === 'number' && typeof args[1] === 'string') {
      return original({ port: args[0], host: args[1], localAddress: loopbackAddress(nextAddress++) });
    }
    return (original as (...a: unknown[]) => net.Socket)(...args);
  };
  net.connect = patched as typeof net.connect;
  try {
    return await run();
  } finally {
    net.connect = original;
  }
}

export async function load(spec: LoadCase, seconds: number, connections = CONNECTIONS): Promise<LoadResult> {
  const next = spec.next;
  const run = () =>
    autocannon({
      url: spec.url,
      connections,
      duration: seconds,
      method: spec.method ?? 'GET',
      headers: spec.headers ?? {},
      reconnectRate: spec.requestsPerAddress ?? 0,
      timeout: spec.timeoutSeconds ?? 10,
      requests: next ? [{ setupRequest: (request) => ({ ...request, ...next() }) }] : undefined,
    });
  const result = await (spec.requestsPerAddress ? withRotatingSourceAddress(run) : run());
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    timeouts: result.timeouts,
  };
}
