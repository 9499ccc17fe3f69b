import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A mail server that accepts the connection and never says a word: a delivery to it never ends
 * within a test (nodemailer would wait 30 s for the greeting), so an answer that waited for its
 * mail would time out. Import it first in a test file: SMTP_URL must be set before the first env()
 * call. Closed, with its connections, after the file.
 */
const connections = new Set<Socket>();
const server = createServer((socket) => {
  connections.add(socket);
});
await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
process.env.SMTP_URL = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;

afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((closed) => server.close(closed));
});
