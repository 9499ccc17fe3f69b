/**
 * The chat benchmark (issue 11): simulated visitors and agents talk through the real chat API
 * of a running server, each side polling with the `after` cursor like the chat and the
 * dashboard do. Every visitor message gets one agent reply; the run measures how long a message
 * takes from the sender's POST to the other side's poll, and checks that every message arrives
 * exactly once.
 */
import { BrowserClient, loopbackAddress } from './client.ts';
import type { Account } from './processes.ts';

export interface ChatOptions {
  visitors: number;
  /** Messages per visitor, the first one starts the conversation. */
  messages: number;
  /** Pause between two messages of one visitor. */
  sendIntervalMs: number;
  /** Poll interval of visitors and agents (the product rule is at most 3 s). */
  pollMs: number;
  /** How long a visitor waits for outstanding replies after its last message. */
  drainMs: number;
}

/** Per visitor and minute the server accepts 20 messages (decision 0017); a run stays below. */
export const MAX_MESSAGES_PER_VISITOR = 20;

export interface Latency {
  p50: number;
  p95: number;
}

export interface ChatResult {
  options: ChatOptions;
  agents: number;
  delivered: number;
  seconds: number;
  messagesPerSecond: number;
  visitorToAgent: Latency;
  agentToVisitor: Latency;
  lost: number;
  duplicated: number;
}

interface Message {
  id: number | string;
  author: 'visitor' | 'agent';
  tempId: string | null;
}

interface AgentPage {
  conversations: { id: string; lastMessage: Message | null }[];
  totalPages: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** Bookkeeping shared by all simulated clients of one run (one process, one clock). */
class Ledger {
  /** tempId → when its POST was issued. */
  readonly sentAt = new Map<string, number>();
  /** Visitor tempIds whose POST was answered 201. */
  readonly visitorSent = new Set<string>();
  readonly agentSeen = new Set<string>();
  readonly visitorSeen = new Set<string>();
  readonly visitorToAgent: number[] = [];
  readonly agentToVisitor: number[] = [];
  duplicated = 0;
  lastDelivery = 0;

  /** Records one polled message of the other side; false when it arrived before (a duplicate). */
  deliver(seen: Set<string>, samples: number[], tempId: string): boolean {
    if (seen.has(tempId)) {
      this.duplicated++;
      return false;
    }
    seen.add(tempId);
    const now = performance.now();
    samples.push(now - this.sentAt.get(tempId)!);
    this.lastDelivery = now;
    return true;
  }
}

/** False (and counted as a duplicate) when a poll hands out a message id a second time. */
function firstSight(seenIds: Set<string>, message: Message, ledger: Ledger): boolean {
  const id = String(message.id);
  if (seenIds.has(id)) {
    ledger.duplicated++;
    return false;
  }
  seenIds.add(id);
  return true;
}

/** Messages the bench did not send itself (start of a conversation is a visitor message too). */
function tempIdOf(message: Message): string {
  if (!message.tempId) throw new Error(`Nachricht ${message.id} ohne tempId: nicht vom Benchmark`);
  return message.tempId;
}

async function runVisitor(origin: string, index: number, options: ChatOptions, ledger: Ledger, stopped: () => boolean): Promise<void> {
  const client = new BrowserClient(origin, loopbackAddress(index));
  try {
    await client.prime();
    const expectedReplies = new Set<string>();
    const seenIds = new Set<string>();
    let conversationId = '';
    let cursor = 0;
    const send = async (n: number) => {
      const tempId = `v${index}-${n}`;
      ledger.sentAt.set(tempId, performance.now());
      const text = `Frage ${n} von Besucher ${index}`;
      if (n === 0) {
        const body = await client.expect<{ conversation: { id: string } }>([201], 'POST', '/api/chat/conversations', { text, tempId });
        conversationId = body.conversation.id;
      } else {
        await client.expect([201], 'POST', `/api/chat/conversations/${conversationId}/messages`, { text, tempId });
      }
      ledger.visitorSent.add(tempId);
      expectedReplies.add(`r-${tempId}`);
    };
    const poll = async () => {
      for (let more = true; more; ) {
        const page = await client.expect<{ messages: Message[]; hasMore: boolean }>(
          [200],
          'GET',
          `/api/chat/conversations/${conversationId}/messages?after=${cursor}`,
        );
        for (const message of page.messages) {
          cursor = Math.max(cursor, Number(message.id));
          // The cursor never hands out a message twice; a repeated id would be a server bug.
          if (!firstSight(seenIds, message, ledger)) continue;
          if (message.author === 'agent') {
            const tempId = tempIdOf(message);
            if (ledger.deliver(ledger.visitorSeen, ledger.agentToVisitor, tempId)) expectedReplies.delete(tempId);
          }
        }
        more = page.hasMore;
      }
    };

    await send(0);
    let sent = 1;
    let nextSend = performance.now() + options.sendIntervalMs;
    let lastSend = performance.now();
    while (!stopped()) {
      if (sent < options.messages && performance.now() >= nextSend) {
        await send(sent++);
        nextSend += options.sendIntervalMs;
        lastSend = performance.now();
      }
      await poll();
      if (sent === options.messages && (expectedReplies.size === 0 || performance.now() - lastSend > options.drainMs)) break;
      const untilSend = sent < options.messages ? nextSend - performance.now() : options.pollMs;
      await sleep(Math.max(0, Math.min(options.pollMs, untilSend)));
    }
  } finally {
    client.close();
  }
}

/** Conversations are split between the agents by id, so every visitor message has one owner. */
function ownerOf(conversationId: string, agents: number): number {
  return Number.parseInt(conversationId.slice(0, 8), 16) % agents;
}

async function runAgent(origin: string, index: number, agents: number, account: Account, options: ChatOptions, ledger: Ledger, done: () => boolean) {
  const client = new BrowserClient(origin, loopbackAddress(60_000 + index));
  try {
    await client.login(account.email, account.password);
    const cursors = new Map<string, number>();
    const seenIds = new Set<string>();
    const work = async () => {
      const due: { id: string; cursor: number }[] = [];
      let totalPages = 1;
      for (let page = 1; page <= totalPages; page++) {
        const list = await client.expect<AgentPage>([200], 'GET', `/api/agent/conversations?page=${page}`);
        totalPages = list.totalPages;
        for (const conversation of list.conversations) {
          const cursor = cursors.get(conversation.id) ?? 0;
          if (ownerOf(conversation.id, agents) !== index || !conversation.lastMessage || Number(conversation.lastMessage.id) <= cursor) continue;
          due.push({ id: conversation.id, cursor });
        }
      }
      // The conversations with news are answered side by side, as the dashboard's requests would be.
      await Promise.all(due.map(({ id, cursor }) => answer(id, cursor)));
    };
    const answer = async (conversationId: string, from: number) => {
      let cursor = from;
      const questions: string[] = [];
      for (let more = true; more; ) {
        const page = await client.expect<{ messages: Message[]; hasMore: boolean }>(
          [200],
          'GET',
          `/api/agent/conversations/${conversationId}/messages?after=${cursor}`,
        );
        for (const message of page.messages) {
          cursor = Math.max(cursor, Number(message.id));
          if (!firstSight(seenIds, message, ledger)) continue;
          if (message.author === 'visitor' && ledger.deliver(ledger.agentSeen, ledger.visitorToAgent, tempIdOf(message))) {
            questions.push(tempIdOf(message));
          }
        }
        more = page.hasMore;
      }
      cursors.set(conversationId, cursor);
      // Opening a conversation in the dashboard marks it read; then the agent answers each question.
      await client.expect([200, 204], 'POST', `/api/agent/conversations/${conversationId}/read`);
      for (const question of questions) {
        const tempId = `r-${question}`;
        ledger.sentAt.set(tempId, performance.now());
        await client.expect([201], 'POST', `/api/agent/conversations/${conversationId}/messages`, { text: `Antwort auf ${question}`, tempId });
      }
    };
    while (!done()) {
      const started = performance.now();
      await work();
      await sleep(Math.max(0, options.pollMs - (performance.now() - started)));
    }
  } finally {
    client.close();
  }
}

export async function runChat(origin: string, agents: Account[], options: ChatOptions): Promise<ChatResult> {
  if (options.messages < 1 || options.messages > MAX_MESSAGES_PER_VISITOR) {
    throw new Error(`Nachrichten je Besucher: 1 bis ${MAX_MESSAGES_PER_VISITOR} (Ratenlimit je Besucher)`);
  }
  const ledger = new Ledger();
  const errors: unknown[] = [];
  let visitorsDone = false;
  // The first failure stops every simulated client; the run then reports that error.
  const guard = (run: Promise<void>) =>
    run.catch((error: unknown) => {
      errors.push(error);
    });
  const failed = () => errors.length > 0;
  const started = performance.now();
  const visitors = Array.from({ length: options.visitors }, (_, i) =>
    guard(
      // Visitors arrive spread over one send interval instead of all in the same millisecond.
      sleep((i / options.visitors) * options.sendIntervalMs).then(() => runVisitor(origin, i, options, ledger, failed)),
    ),
  );
  const agentRuns = agents.map((account, i) => guard(runAgent(origin, i, agents.length, account, options, ledger, () => visitorsDone || failed())));
  await Promise.all(visitors);
  visitorsDone = true;
  await Promise.all(agentRuns);
  if (errors.length > 0) throw errors[0];

  // Every question must reach an agent, and the answer to every question an agent saw must reach its visitor.
  const lostQuestions = [...ledger.visitorSent].filter((tempId) => !ledger.agentSeen.has(tempId)).length;
  const lostReplies = [...ledger.agentSeen].filter((tempId) => !ledger.visitorSeen.has(`r-${tempId}`)).length;
  const delivered = ledger.agentSeen.size + ledger.visitorSeen.size;
  const seconds = (ledger.lastDelivery - started) / 1000;
  return {
    options,
    agents: agents.length,
    delivered,
    seconds,
    messagesPerSecond: delivered / seconds,
    visitorToAgent: latency(ledger.visitorToAgent),
    agentToVisitor: latency(ledger.agentToVisitor),
    lost: lostQuestions + lostReplies,
    duplicated: ledger.duplicated,
  };
}
