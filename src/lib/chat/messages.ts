import type { ChatMessage } from './types.ts';

/**
 * A message as a chat shows it. Sent messages appear at once under their temporary id (a string)
 * and `pending`; the server's answer or the next poll replaces them by the stored message with
 * its real id (SPEC §3: "Message: id, conversationId, optional tempId").
 */
export type StoredChatMessage = Omit<ChatMessage, 'id'> & {
  id: number | string;
  /** Sent but not yet confirmed by the server. */
  pending?: boolean;
  /** The send failed; the text stays so it can be sent again. */
  failed?: boolean;
};

/** What a chat shows the moment a message is sent. */
export type OutgoingMessage = Omit<StoredChatMessage, 'id' | 'pending' | 'failed'> & { tempId: string };

function byId(a: StoredChatMessage, b: StoredChatMessage): number {
  // Confirmed messages in server order; pending ones (string ids) after them in sending order.
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id - b.id;
  if (typeof a.id === 'number') return -1;
  if (typeof b.id === 'number') return 1;
  return 0;
}

/**
 * Merges messages from the server into a conversation (SPEC §3): a message already present
 * by id is kept once, and a message carrying the tempId of a pending one replaces it.
 */
export function mergeMessages(existing: readonly StoredChatMessage[], incoming: readonly ChatMessage[]): StoredChatMessage[] {
  const result = [...existing];
  for (const message of incoming) {
    const sameId = result.findIndex((m) => m.id === message.id);
    if (sameId !== -1) {
      result[sameId] = message;
      continue;
    }
    const sameTemp = message.tempId === null ? -1 : result.findIndex((m) => typeof m.id === 'string' && m.tempId === message.tempId);
    if (sameTemp !== -1) result[sameTemp] = message;
    else result.push(message);
  }
  return result.sort(byId);
}

/** Shows a message the moment it is sent, under its temporary id (a retry replaces the failed one). */
export function withPending(existing: readonly StoredChatMessage[], message: OutgoingMessage): StoredChatMessage[] {
  return [...existing.filter((m) => m.id !== message.tempId), { ...message, id: message.tempId, pending: true }];
}

/** The send failed: the message stays visible (marked) instead of being lost. */
export function withFailed(existing: readonly StoredChatMessage[], tempId: string): StoredChatMessage[] {
  return existing.map((m) => (m.id === tempId ? { ...m, pending: false, failed: true } : m));
}

/** The id of the newest confirmed message: the `after` cursor of the next poll. */
export function newestConfirmedId(messages: readonly StoredChatMessage[]): number {
  return messages.reduce((max, m) => (typeof m.id === 'number' && m.id > max ? m.id : max), 0);
}
