import { describe, expect, it } from 'vitest';
import { CHAT_STORAGE_KEY, forgetChat, hasUnreadReply, rememberChat, rememberedChat } from '../../../src/client/chat-seen.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const A = '0b7f3a52-6f0e-4a1c-9c1e-5a3b2f1d4e6a';
const B = '9d2c1b0a-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

describe('remembered chat', () => {
  it('remembers nothing until a conversation exists (the closed button then does not poll)', () => {
    expect(rememberedChat(memoryStorage())).toBeNull();
    expect(rememberedChat(null)).toBeNull();
  });

  it('keeps the conversation and moves the seen position only forward', () => {
    const storage = memoryStorage();
    rememberChat(A, 5, storage);
    rememberChat(A, 3, storage);
    expect(rememberedChat(storage)).toEqual({ conversationId: A, seenUpTo: 5 });
    rememberChat(A, 9, storage);
    expect(rememberedChat(storage)).toEqual({ conversationId: A, seenUpTo: 9 });
  });

  it('starts over for another conversation and forgets on request', () => {
    const storage = memoryStorage();
    rememberChat(A, 50, storage);
    rememberChat(B, 2, storage);
    expect(rememberedChat(storage)).toEqual({ conversationId: B, seenUpTo: 2 });
    forgetChat(storage);
    expect(rememberedChat(storage)).toBeNull();
  });

  it('ignores a damaged entry', () => {
    const storage = memoryStorage();
    storage.setItem(CHAT_STORAGE_KEY, '{kaputt');
    expect(rememberedChat(storage)).toBeNull();
    storage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ conversationId: A }));
    expect(rememberedChat(storage)).toBeNull();
  });
});

describe('hasUnreadReply', () => {
  it('is true only for a support message after the seen position', () => {
    expect(hasUnreadReply([], 0)).toBe(false);
    expect(hasUnreadReply([{ id: 7, author: 'visitor' }], 3)).toBe(false);
    expect(hasUnreadReply([{ id: 3, author: 'agent' }], 3)).toBe(false);
    expect(hasUnreadReply([{ id: 2, author: 'agent' }, { id: 4, author: 'agent' }], 3)).toBe(true);
  });
});
