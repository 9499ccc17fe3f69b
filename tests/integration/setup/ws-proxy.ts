import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface WsProxy {
  /** host:port/path for NEON_WS_PROXY. */
  address: string;
  close(): Promise<void>;
}

/**
 * A WebSocket-to-TCP proxy like Neon's wsproxy: each WebSocket connection to
 * /v2?address=host:port becomes a TCP connection to PostgreSQL, bytes passed through
 * unchanged. Only the one database server the tests use may be reached.
 */
export async function startWsProxy(allowedTarget: { host: string; port: number }): Promise<WsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v2' });
  await new Promise<void>((resolve) => server.once('listening', resolve));

  server.on('connection', (socket, request) => {
    const target = new URL(request.url ?? '', 'ws://proxy').searchParams.get('address') ?? '';
    const [host, port] = target.split(':');
    if (host !== allowedTarget.host || Number(port) !== allowedTarget.port) {
      socket.close(1008, 'target not allowed');
      return;
    }
    const tcp = connect({ host, port: Number(port) });
    const pending: Buffer[] = [];
    tcp.once('connect', () => {
      for (const chunk of pending.splice(0)) tcp.write(chunk);
    });
    socket.on('message', (data: Buffer) => {
      if (tcp.connecting) pending.push(data);
      else tcp.write(data);
    });
    tcp.on('data', (chunk) => socket.send(chunk));
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close());
    socket.on('close', () => tcp.destroy());
    socket.on('error', () => tcp.destroy());
  });

  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
