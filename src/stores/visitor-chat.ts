import { map } from 'nanostores';
import * as v from 'valibot';
import { ApiError } from '../client/api.ts';
import * as chatApi from '../client/chat.ts';
import { forgetChat, rememberChat } from '../client/chat-seen.ts';
import { mergeMessages, newestConfirmedId, withFailed, withPending, type StoredChatMessage } from '../lib/chat/messages.ts';
import { startPolling } from '../client/polling.ts';
import { chatTexts } from '../lib/chat/texts.ts';
import type { ChatMessage, VisitorMessagesPage } from '../lib/chat/types.ts';
import { ChatEmailInputSchema, ChatMessageInputSchema, type ConversationStatus } from '../lib/schemas/chat.ts';
import { markReplySeen } from './chat-button.ts';

/** SPEC §3 chat store of the visitor: the latest own conversation, in the modal and on /chat. */
export interface VisitorChatState {
  /** The conversation as the server named it; null until the first message is through. */
  conversationId: string | null;
  messages: StoredChatMessage[];
  status: ConversationStatus | null;
  /** null until the server said. */
  agentsAvailable: boolean | null;
  /** The address the support's replies are mailed to as well, or null. */
  visitorEmail: string | null;
  /** The first message is on its way: a second one would start a second conversation. */
  starting: boolean;
  isLoading: boolean;
  /** A German message for the visitor, or null. */
  error: string | null;
  /** A German notice that is not an error ("no agent is online"), or null. */
  info: string | null;
  /** The latest incoming support message, for the screen-reader announcement. */
  announcement: string;
}

export const $visitorChat = map<VisitorChatState>({
  conversationId: null,
  messages: [],
  status: null,
  agentsAvailable: null,
  visitorEmail: null,
  starting: false,
  isLoading: false,
  error: null,
  info: null,
  announcement: '',
});

/** Below the 3-second promise of issue 11, leaving room for the request itself. */
const OPEN_CHAT_POLL_MS = 2500;

function messageOf(error: unknown, fallback: string): string {
  // The server's German message (also the 429 with its waiting time); a lost connection has none.
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

/** How many chat views are shown (the modal, /chat); polling runs while there is one. */
let shown = 0;
/** Counts showings: an answer for an earlier one is dropped. */
let showing = 0;
let stopPolling: (() => void) | undefined;
let lastSeen = '';

function setAvailability(available: boolean): void {
  $visitorChat.setKey('agentsAvailable', available);
  $visitorChat.setKey('info', available ? null : chatTexts.offline);
}

function receiveMessages(messages: readonly ChatMessage[]): void {
  // Most polls bring nothing: leave the store (and what it renders) untouched then.
  if (messages.length > 0) $visitorChat.setKey('messages', mergeMessages($visitorChat.get().messages, messages));
}

function receivePage(page: VisitorMessagesPage): void {
  receiveMessages(page.messages);
  $visitorChat.setKey('status', page.status);
  setAvailability(page.agentsAvailable);
}

/** The newest shown message counts as seen: the chat button neither marks it nor polls for it again. */
function markSeen(): void {
  const { conversationId, messages } = $visitorChat.get();
  if (shown === 0 || !conversationId) return;
  const newest = newestConfirmedId(messages);
  const seen = `${conversationId}:${newest}`;
  if (seen === lastSeen) return;
  lastSeen = seen;
  rememberChat(conversationId, newest);
  markReplySeen();
}

/** New messages of the shown conversation, polled while a chat view is shown (paused in hidden tabs). */
function follow(conversationId: string | null): void {
  stopPolling?.();
  stopPolling = undefined;
  if (!conversationId || shown === 0) return;
  stopPolling = startPolling({
    intervalMs: OPEN_CHAT_POLL_MS,
    poll: async () => {
      try {
        const page = await chatApi.fetchOwnMessages(conversationId, newestConfirmedId($visitorChat.get().messages));
        if ($visitorChat.get().conversationId !== conversationId) return 'stop';
        receivePage(page);
        const incoming = page.messages.filter((m) => m.author === 'agent');
        if (incoming.length > 0) $visitorChat.setKey('announcement', chatTexts.newReply(incoming.at(-1)!.text));
        markSeen();
        return page.hasMore ? 'again' : undefined;
      } catch (error) {
        // Gone for this browser (it joined an account that has logged out): start afresh.
        if (error instanceof ApiError && error.status === 404) {
          forgetChat();
          showConversation(null);
          return 'stop';
        }
        throw error;
      }
    },
  });
}

/**
 * Shows another conversation. Messages not yet through stay when the server has just named the
 * conversation they started.
 */
function showConversation(conversationId: string | null): void {
  const state = $visitorChat.get();
  if (state.conversationId === conversationId) return;
  const kept = state.conversationId === null ? state.messages.filter((m) => typeof m.id === 'string') : [];
  $visitorChat.set({ ...state, conversationId, messages: conversationId ? kept.map((m) => ({ ...m, conversationId })) : kept });
  follow(conversationId);
}

/** The latest own conversation, read up to its newest message. */
async function loadLatest(visit: number): Promise<void> {
  $visitorChat.setKey('error', null);
  $visitorChat.setKey('isLoading', true);
  try {
    const list = await chatApi.fetchOwnConversations();
    if (visit !== showing) return;
    setAvailability(list.agentsAvailable);
    const latest = list.conversations[0];
    if (!latest) {
      forgetChat();
      // A first message on its way stays; a conversation gone for this browser is no longer shown.
      showConversation(null);
      return;
    }
    $visitorChat.setKey('status', latest.status);
    $visitorChat.setKey('visitorEmail', latest.visitorEmail);
    showConversation(latest.id);
    for (;;) {
      const page = await chatApi.fetchOwnMessages(latest.id, newestConfirmedId($visitorChat.get().messages));
      if (visit !== showing) return;
      receivePage(page);
      if (!page.hasMore) break;
    }
    markSeen();
  } catch (error) {
    if (visit === showing) $visitorChat.setKey('error', messageOf(error, chatTexts.loadFailed));
  } finally {
    if (visit === showing) $visitorChat.setKey('isLoading', false);
  }
}

/**
 * A chat view appears (the modal opens, /chat loads): the latest own conversation is loaded and
 * polled until the returned function is called, when the view goes away.
 */
export function showVisitorChat(): () => void {
  shown += 1;
  showing += 1;
  if (shown === 1) lastSeen = '';
  void loadLatest(showing);
  follow($visitorChat.get().conversationId);
  return () => {
    shown -= 1;
    if (shown > 0) return;
    showing += 1;
    follow(null);
  };
}

async function deliver(text: string, tempId: string): Promise<void> {
  const { conversationId } = $visitorChat.get();
  $visitorChat.setKey('error', null);
  // A first message belongs to no conversation until the server names one.
  const outgoing = { conversationId: conversationId ?? '', author: 'visitor' as const, text, tempId, createdAt: new Date().toISOString() };
  $visitorChat.setKey('messages', withPending($visitorChat.get().messages, outgoing));
  try {
    if (conversationId === null) {
      $visitorChat.setKey('starting', true);
      const { conversation, message } = await chatApi.postConversation(text, tempId);
      showConversation(conversation.id);
      receiveMessages([message]);
      $visitorChat.setKey('status', conversation.status);
      $visitorChat.setKey('visitorEmail', conversation.visitorEmail);
    } else {
      const { message } = await chatApi.postMessage(conversationId, text, tempId);
      receiveMessages([message]);
      // A visitor message reopens a closed conversation (decision 0017).
      $visitorChat.setKey('status', 'open');
    }
    markSeen();
  } catch (error) {
    $visitorChat.setKey('messages', withFailed($visitorChat.get().messages, tempId));
    $visitorChat.setKey('error', messageOf(error, chatTexts.sendFailed));
  } finally {
    $visitorChat.setKey('starting', false);
  }
}

/** Sends a message; false when it was refused before sending (empty), with `error` set. */
export function sendVisitorMessage(text: string): boolean {
  const parsed = v.safeParse(ChatMessageInputSchema, { text });
  if (!parsed.success) {
    $visitorChat.setKey('error', parsed.issues[0].message);
    return false;
  }
  void deliver(parsed.output.text, crypto.randomUUID());
  return true;
}

/** The same tempId again: the server stores a message at most once however often it arrives. */
export function retryVisitorMessage(message: StoredChatMessage): void {
  void deliver(message.text, message.tempId!);
}

/**
 * Why an address was not saved: the field's error (the shared schema's, or the server's with the
 * same schema), which the form shows at the field and in its error summary, or a failure of the
 * step itself (no conversation, no connection), which it says below the form.
 */
export type ReplyEmailRefusal = { field: 'email'; message: string } | { field: null; message: string };

/** Saves the address the support's replies are mailed to; resolves to why not, or null once saved. */
export async function saveVisitorEmail(email: string): Promise<ReplyEmailRefusal | null> {
  const parsed = v.safeParse(ChatEmailInputSchema, { email });
  if (!parsed.success) return { field: 'email', message: parsed.issues[0].message };
  const { conversationId } = $visitorChat.get();
  if (!conversationId) return { field: null, message: chatTexts.emailFailed };
  try {
    const { conversation } = await chatApi.saveReplyEmail(conversationId, parsed.output.email);
    $visitorChat.setKey('visitorEmail', conversation.visitorEmail);
    return null;
  } catch (error) {
    return error instanceof ApiError && error.errors.email
      ? { field: 'email', message: error.errors.email }
      : { field: null, message: messageOf(error, chatTexts.emailFailed) };
  }
}
