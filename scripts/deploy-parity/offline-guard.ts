/**
 * Preloaded into `netlify serve` and everything it starts (NODE_OPTIONS=--import), for the
 * deploy-parity run only:
 * - netlify-cli opens its proxy, functions, static and Blobs servers without a host, that is on
 *   every interface; here a server without a host listens on 127.0.0.1.
 * - `--offline` still lets the edge bundler ask edge.netlify.com for a types version (and, with a
 *   network, download them with Deno). Every DNS lookup of a name other than localhost fails at
 *   once here and is reported on stderr, so the run provably stays on this machine.
 */
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = '127.0.0.1';
/** The deploy-parity script collects these lines from the log; keep both in step. */
const REFUSED = '[deploy-parity offline-guard] refused DNS lookup:';

function isLocalName(hostname: string): boolean {
  return net.isIP(hostname) !== 0 || ['localhost', 'localhost.'].includes(hostname.toLowerCase());
}

function refusal(hostname: string): NodeJS.ErrnoException {
  process.stderr.write(`${REFUSED} ${hostname}\n`);
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: dns.NOTFOUND,
    syscall: 'getaddrinfo',
    hostname,
  });
}

type Callback = (error: NodeJS.ErrnoException | null, ...results: unknown[]) => void;
const lookup = dns.lookup as (...args: unknown[]) => void;
dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]): void {
  if (isLocalName(hostname)) {
    lookup.call(dns, hostname, ...rest);
    return;
  }
  const callback = rest.at(-1) as Callback;
  process.nextTick(callback, refusal(hostname));
} as typeof dns.lookup;

const lookupPromise = dns.promises.lookup as (...args: unknown[]) => Promise<unknown>;
dns.promises.lookup = async function guardedLookupPromise(hostname: string, ...rest: unknown[]) {
  if (!isLocalName(hostname)) throw refusal(hostname);
  return lookupPromise.call(dns.promises, hostname, ...rest);
} as typeof dns.promises.lookup;

const listen = net.Server.prototype.listen as (this: net.Server, ...args: unknown[]) => net.Server;
net.Server.prototype.listen = function loopbackListen(this: net.Server, ...args: unknown[]): net.Server {
  const [first, second] = args;
  if (first === undefined || typeof first === 'function') {
    args.unshift(0, LOOPBACK);
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof second !== 'string') args.splice(1, 0, LOOPBACK);
  } else if (typeof first === 'object' && first !== null && !('path' in first) && !('handle' in first) && !('fd' in first)) {
    const options = first as net.ListenOptions;
    if (!options.host) args[0] = { ...options, host: LOOPBACK };
  }
  return listen.apply(this, args);
} as typeof net.Server.prototype.listen;
