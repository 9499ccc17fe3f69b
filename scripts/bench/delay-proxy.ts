/**
 * A TCP proxy on 127.0.0.1 in front of the local PostgreSQL that makes every database round trip
 * 5 ms slower, like the trip from a function to Neon in the same region (issue 22). It delays
 * what the server sends back, not what the client sends: a round trip is one message out and
 * its answer back, so each exchange pays the delay exactly once, however many chunks it takes.
 * Chunks keep their order and are held for the delay from their arrival (a delay line, as a
 * network is), not one after another: an answer in three chunks still costs 5 ms, not 15.
 * The proxy lives as long as the benchmark run that started it.
 */
import net from 'node:net';

/**
 * Hands each pushed chunk to `deliver` `delayMs` after it was pushed, in push order. One timer
 * at a time: when it fires, every chunk that is due goes out, then it waits for the next one.
 */
export class DelayLine<T> {
  private readonly queue: { due: number; item: T }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly delayMs: number;
  private readonly deliver: (item: T) => void;
  private readonly now: () => number;

  constructor(delayMs: number, deliver: (item: T) => void, now: () => number = () => performance.now()) {
    this.delayMs = delayMs;
    this.deliver = deliver;
    this.now = now;
  }

  push(item: T): void {
    if (this.closed) return;
    this.queue.push({ due: this.now() + this.delayMs, item });
    if (this.timer === undefined) this.schedule();
  }

  /** Chunks not yet delivered; the proxy ends a connection only after they went out. */
  get pending(): number {
    return this.queue.length;
  }

  /** Drops what is pending (the connection it belongs to is gone). */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
  }

  private schedule(): void {
    const first = this.queue[0];
    if (!first) {
      this.timer = undefined;
      return;
    }
    this.timer = setTimeout(() => this.flush(), Math.max(0, first.due - this.now()));
  }

  private flush(): void {
    const now = this.now();
    // Timers may fire a little early by the clock read here; 0.5 ms of slack avoids a 0 ms re-arm loop.
    while (this.queue.length > 0 && this.queue[0]!.due <= now + 0.5) this.deliver(this.queue.shift()!.item);
    this.schedule();
  }
}

export interface DelayProxy {
  port: number;
  /** The connection string `url` with host and port replaced by the proxy's. */
  through(url: string): string;
  close(): Promise<void>;
}

export async function startDelayProxy(target: { host: string; port: number }, delayMs: number): Promise<DelayProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ noDelay: true }, (client) => {
    const upstream = net.connect({ host: target.host, port: target.port, noDelay: true });
    sockets.add(client).add(upstream);
    const backToClient = new DelayLine<Buffer>(delayMs, (chunk) => {
      client.write(chunk);
      if (backToClient.pending === 0 && upstreamEnded) client.end();
    });
    let upstreamEnded = false;
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => backToClient.push(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => {
      upstreamEnded = true;
      if (backToClient.pending === 0) client.end();
    });
    const teardown = () => {
      backToClient.close();
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', teardown).on('close', teardown);
    upstream.on('error', teardown).on('close', () => {
      // The server's last words (an error message, the end) still go out, late as all the others.
      if (backToClient.pending === 0) teardown();
      else setTimeout(teardown, delayMs + 5);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
