import type { ChatMessage } from '../lib/chat/types.ts';

/**
 * What this browser remembers of its chat (decision 0018): the conversation, so the closed chat
 * button polls only for visitors who have one (never for every anonymous page view), and the
 * newest message id the visitor has seen, for the unread marker. Nothing personal: the server
 * decides by cookie or account whose conversation it is.
 */
export interface RememberedChat {
  conversationId: string;
  seenUpTo: number;
}

export const CHAT_STORAGE_KEY = 'chat-conversation';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser: the chat works, the closed button just does not poll.
    return null;
  }
}

export function rememberedChat(store: KeyValueStorage | null = storage()): RememberedChat | null {
  try {
    const value = JSON.parse(store?.getItem(CHAT_STORAGE_KEY) ?? 'null') as Partial<RememberedChat> | null;
    if (typeof value?.conversationId !== 'string' || typeof value.seenUpTo !== 'number') return null;
    return { conversationId: value.conversationId, seenUpTo: value.seenUpTo };
  } catch {
    return null;
  }
}

/** Remembers the conversation; the seen position only moves forward within one conversation. */
export function rememberChat(conversationId: string, seenUpTo: number, store: KeyValueStorage | null = storage()): void {
  const before = rememberedChat(store);
  const seen = before?.conversationId === conversationId ? Math.max(before.seenUpTo, seenUpTo) : seenUpTo;
  store?.setItem(CHAT_STORAGE_KEY, JSON.stringify({ conversationId, seenUpTo: seen } satisfies RememberedChat));
}

/** The conversation is gone for this browser (e.g. it joined an account that logged out). */
export function forgetChat(store: KeyValueStorage | null = storage()): void {
  store?.removeItem(CHAT_STORAGE_KEY);
}

/** Whether the support wrote something after what the visitor has seen. */
export function hasUnreadReply(messages: readonly Pick<ChatMessage, 'id' | 'author'>[], seenUpTo: number): boolean {
  return messages.some((m) => m.author === 'agent' && m.id > seenUpTo);
}
