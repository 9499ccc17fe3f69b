/**
 * `npm run bench:chat` as a function (also part of `npm run bench`): a fresh PostgreSQL
 * database, two agents created with `scripts/user-create.ts`, the local server on the built
 * site, and the simulated conversations of chat-run.ts against it.
 */
import { runChat, type ChatOptions, type ChatResult } from './chat-run.ts';
import { createAccount, processEnv, startServer } from './processes.ts';
import { createScratch } from './scratch-db.ts';

export const DEFAULT_CHAT_OPTIONS: ChatOptions = { visitors: 20, messages: 12, sendIntervalMs: 1000, pollMs: 500, drainMs: 10_000 };

export async function benchChat(options: ChatOptions, port: number): Promise<ChatResult> {
  const scratch = await createScratch();
  try {
    const env = processEnv(scratch, scratch.dataDir('server'));
    const agents = await Promise.all([createAccount(env, 'agent-eins', true), createAccount(env, 'agent-zwei', true)]);
    const server = await startServer('scripts/serve.ts', env, port, '/api/health');
    try {
      return await runChat(server.origin, agents, options);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.drop();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

export function describeChat(result: ChatResult): string[] {
  const { options } = result;
  return [
    `Chat: ${options.visitors} Besucher × ${options.messages} Nachrichten (alle ${options.sendIntervalMs} ms), ${result.agents} Agenten, ` +
      `Abfrage alle ${options.pollMs} ms (Produktregel: höchstens 3 s), PostgreSQL`,
    `  zugestellt: ${result.delivered} Nachrichten in ${result.seconds.toFixed(1)} s = ${result.messagesPerSecond.toFixed(1)} Nachrichten/s`,
    `  Besucher → Agent: p50 ${ms(result.visitorToAgent.p50)}, p95 ${ms(result.visitorToAgent.p95)}`,
    `  Agent → Besucher: p50 ${ms(result.agentToVisitor.p50)}, p95 ${ms(result.agentToVisitor.p95)}`,
    `  verloren: ${result.lost}, doppelt: ${result.duplicated}`,
  ];
}
