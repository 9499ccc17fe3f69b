// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../src/lib/chat/types.ts';
import { $visitorChat, retryVisitorMessage, sendVisitorMessage } from '../../../src/stores/visitor-chat.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stored = (id: number, tempId: string, text: string): ChatMessage => ({
  id,
  conversationId: 'c1',
  author: 'visitor',
  text,
  tempId,
  createdAt: '2026-11-23T10:01:00.000Z',
});

/** Each request waits until the test answers it, so what shows before the answer can be checked. */
function pendingFetch() {
  const answers: ((response: Response) => void)[] = [];
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => answers.push(resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    async answer(response: Response) {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!(response);
      await vi.waitFor(() => expect($visitorChat.get().starting).toBe(false));
    },
  };
}

beforeEach(() => {
  document.cookie = 'csrf_token=t';
  $visitorChat.set({ ...$visitorChat.get(), conversationId: null, messages: [], error: null, starting: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('visitor chat (SPEC §3)', () => {
  it('shows a first message at once and moves it to the conversation the server names', async () => {
    const server = pendingFetch();
    expect(sendVisitorMessage('Erste Frage')).toBe(true);
    const [pending] = $visitorChat.get().messages;
    expect($visitorChat.get()).toMatchObject({ conversationId: null, starting: true });
    expect(pending).toMatchObject({ text: 'Erste Frage', pending: true });

    await server.answer(json(201, { conversation: { id: 'c1', status: 'open', lastActivityAt: '', visitorEmail: null }, message: stored(7, pending!.tempId!, 'Erste Frage') }));
    expect($visitorChat.get().conversationId).toBe('c1');
    expect($visitorChat.get().messages).toEqual([stored(7, pending!.tempId!, 'Erste Frage')]);
    expect(server.fetchMock.mock.calls[0]![0]).toBe('/api/chat/conversations');
  });

  it('refuses an empty message before sending, with the reason', () => {
    const server = pendingFetch();
    expect(sendVisitorMessage('   ')).toBe(false);
    expect($visitorChat.get().error).toBeTruthy();
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a failed message with its text and sends it again under the same tempId', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = pendingFetch();
    sendVisitorMessage('Nicht verloren');
    await server.answer(new Response('', { status: 502 }));
    const [failed] = $visitorChat.get().messages;
    expect(failed).toMatchObject({ text: 'Nicht verloren', pending: false, failed: true });
    expect($visitorChat.get().error).toBeTruthy();

    retryVisitorMessage(failed!);
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(server.fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ text: 'Nicht verloren', tempId: failed!.tempId });
    expect($visitorChat.get().messages).toEqual([expect.objectContaining({ id: failed!.tempId, pending: true })]);
    vi.restoreAllMocks();
  });
});
