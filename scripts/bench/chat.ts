/**
 * `npm run bench:chat [-- --visitors N --messages M --send-ms T --poll-ms P --port PORT]`:
 * N simulated visitors (each from its own loopback address) and 2 agents chat through the
 * local server on a fresh PostgreSQL database. Prints messages per second, the delivery latency
 * (send → the other side's poll) in both directions, and lost/duplicated messages; exits 1
 * when a message was lost or duplicated or a request failed. Needs a build (`npm run build`).
 */
import { parseArgs } from 'node:util';
import { MAX_MESSAGES_PER_VISITOR } from './chat-run.ts';
import { benchChat, DEFAULT_CHAT_OPTIONS, describeChat } from './chat-bench.ts';

const { values } = parseArgs({
  options: {
    visitors: { type: 'string', default: String(DEFAULT_CHAT_OPTIONS.visitors) },
    messages: { type: 'string', default: String(DEFAULT_CHAT_OPTIONS.messages) },
    'send-ms': { type: 'string', default: String(DEFAULT_CHAT_OPTIONS.sendIntervalMs) },
    'poll-ms': { type: 'string', default: String(DEFAULT_CHAT_OPTIONS.pollMs) },
    port: { type: 'string', default: '4550' },
  },
});

function positive(name: string, value: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name}: ganze Zahl von 1 bis ${max} erwartet, nicht „${value}“`);
    process.exit(2);
  }
  return n;
}

const options = {
  ...DEFAULT_CHAT_OPTIONS,
  visitors: positive('visitors', values.visitors, 60_000),
  messages: positive('messages', values.messages, MAX_MESSAGES_PER_VISITOR),
  sendIntervalMs: positive('send-ms', values['send-ms']),
  pollMs: positive('poll-ms', values['poll-ms'], 3000),
};

try {
  const result = await benchChat(options, positive('port', values.port, 65535));
  for (const line of describeChat(result)) console.log(line);
  if (result.lost > 0 || result.duplicated > 0) process.exitCode = 1;
} catch (error) {
  console.error('Chat-Benchmark fehlgeschlagen:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
