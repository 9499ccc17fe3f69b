import { describe, expect, it } from 'vitest';
import { mergeMessages, newestConfirmedId, withFailed, withPending, type StoredChatMessage } from '../../../../src/lib/chat/messages.ts';
import { chatMessage as message, conversationId } from '../../../support/chat.ts';

const outgoing = (tempId: string, text: string) => ({ conversationId, author: 'visitor' as const, text, tempId, createdAt: '2026-11-23T10:01:00.000Z' });

describe('chat messages (SPEC §3)', () => {
  it('deduplicates messages by id, also within one batch', () => {
    const first = mergeMessages([], [message(1), message(2)]);
    expect(mergeMessages(first, [message(2), message(3), message(3)]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('shows a sent message at once and replaces its temporary id by the real one', () => {
    let messages: StoredChatMessage[] = withPending(mergeMessages([], [message(1)]), outgoing('t-1', 'Hallo'));
    expect(messages.map((m) => [m.id, m.pending])).toEqual([
      [1, undefined],
      ['t-1', true],
    ]);

    messages = mergeMessages(messages, [message(7, 't-1', 'Hallo')]);
    expect(messages.map((m) => m.id)).toEqual([1, 7]);
    expect(messages[1]).not.toHaveProperty('pending');
    // The poll that brings the same message again does not double it.
    expect(mergeMessages(messages, [message(7, 't-1', 'Hallo')])).toHaveLength(2);
  });

  it('keeps server order by id and pending messages last', () => {
    const merged = mergeMessages([{ ...message(0, 't-9'), id: 't-9', pending: true }], [message(5), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([4, 5, 't-9']);
  });

  it('keeps a failed message visible with its text', () => {
    expect(withFailed(withPending([], outgoing('t-2', 'Nicht verloren')), 't-2')).toEqual([
      expect.objectContaining({ id: 't-2', text: 'Nicht verloren', pending: false, failed: true }),
    ]);
  });

  it('takes the after cursor from the newest confirmed message only', () => {
    expect(newestConfirmedId([])).toBe(0);
    expect(newestConfirmedId(withPending(mergeMessages([], [message(3), message(9)]), outgoing('t-3', 'x')))).toBe(9);
  });
});
