import { computed, map } from 'nanostores';
import * as agentApi from '../client/agent.ts';
import { mergeMessages, newestConfirmedId, withFailed, withPending, type StoredChatMessage } from '../lib/chat/messages.ts';
import { startAbortablePolling } from '../client/polling.ts';
import type { AgentConversation, AgentConversationPage, ChatMessage } from '../lib/chat/types.ts';
import type { ConversationChange } from '../lib/schemas/chat.ts';
import { reportAgentFailure } from './agent-failure.ts';
import { polledList, type PolledList } from './agent-polled-list.ts';

/** The conversation open beside the list. */
interface OpenThread {
  id: string;
  /** null until its first answer. */
  conversation: AgentConversation | null;
  /** A German message, or null. */
  error: string | null;
  /** Visitor messages that arrived while the thread was open, for screen readers. */
  announcement: string;
  /** A close, reopen or assignment is on its way. */
  busy: boolean;
}

/** SPEC §3 chat store of the agent dashboard (docs/decisions/0019-agent-dashboard.md): the threads. */
export interface AgentDeskState {
  messagesByConversation: Record<string, StoredChatMessage[]>;
  thread: OpenThread | null;
}

export const $agentDesk = map<AgentDeskState>({ messagesByConversation: {}, thread: null });

/** The list refreshes this often while the dashboard is visible (new visitors, unread counts). */
const LIST_POLL_MS = 3000;
/** How often the open thread asks for new messages: an agent must see a visitor quickly. */
const THREAD_POLL_MS = 2500;

/** The page of conversations asked for, with its pagination and the unread total (SPEC §3 "agent pagination"). */
export const $agentConversations = map<PolledList<{ page: number }, AgentConversationPage>>({ filter: { page: 1 }, page: null, error: null });
const conversationList = polledList($agentConversations, LIST_POLL_MS, ({ page }, signal) => agentApi.fetchConversations(page, signal));

/** Unread visitor messages over all conversations (the dashboard's tab title). */
export const $agentUnreadTotal = computed($agentConversations, ({ page }) => page?.totalUnread ?? 0);

/** Replaces one listed conversation by its newer state (after read, reply, close, assign). */
export function updateAgentConversation(conversation: AgentConversation): void {
  const { page } = $agentConversations.get();
  if (!page) return;
  const before = page.conversations.find((c) => c.id === conversation.id);
  $agentConversations.setKey('page', {
    ...page,
    conversations: page.conversations.map((c) => (c.id === conversation.id ? conversation : c)),
    totalUnread: Math.max(0, page.totalUnread - (before?.unreadCount ?? 0) + conversation.unreadCount),
  });
}

/** SPEC §3: marking a conversation read sets its unread count to 0. */
export function markConversationRead(conversationId: string): void {
  const conversation = $agentConversations.get().page?.conversations.find((c) => c.id === conversationId);
  if (conversation) updateAgentConversation({ ...conversation, unreadCount: 0 });
}

function changeMessages(conversationId: string, change: (messages: StoredChatMessage[]) => StoredChatMessage[]): void {
  const all = $agentDesk.get().messagesByConversation;
  $agentDesk.setKey('messagesByConversation', { ...all, [conversationId]: change(all[conversationId] ?? []) });
}

export function receiveMessages(conversationId: string, messages: readonly ChatMessage[]): void {
  changeMessages(conversationId, (existing) => mergeMessages(existing, messages));
}

/** The id of the newest confirmed message of a conversation: the `after` cursor of its next poll. */
export function lastMessageId(conversationId: string): number {
  return newestConfirmedId($agentDesk.get().messagesByConversation[conversationId] ?? []);
}

/** Changes the open thread, if it is still the one with this id (an answer may come after a switch). */
function changeThread(id: string, change: Partial<Omit<OpenThread, 'id'>>): void {
  const thread = $agentDesk.get().thread;
  if (thread?.id === id) $agentDesk.setKey('thread', { ...thread, ...change });
}

function showConversation(conversation: AgentConversation): void {
  changeThread(conversation.id, { conversation });
  updateAgentConversation(conversation);
}

let deskShown = false;
let stopThread: (() => void) | undefined;

/**
 * The open thread's polling: what arrives is read at once (the agent has it in front of them),
 * and visitor messages after the first answer are announced.
 */
function pollThread(): void {
  stopThread?.();
  stopThread = undefined;
  const id = $agentDesk.get().thread?.id;
  if (!deskShown || !id) return;
  let loaded = false;
  stopThread = startAbortablePolling(THREAD_POLL_MS, async (signal) => {
    try {
      let answer;
      do {
        answer = await agentApi.fetchThread(id, lastMessageId(id), signal);
        const fromVisitor = answer.messages.filter((m) => m.author === 'visitor');
        receiveMessages(id, answer.messages);
        if (loaded && fromVisitor.length > 0) {
          changeThread(id, { announcement: `Neue Nachricht des Besuchers: ${fromVisitor.map((m) => m.text).join(' – ')}` });
        }
      } while (answer.hasMore && !signal.aborted);
      loaded = true;
      changeThread(id, { error: null });
      if (answer.conversation.unreadCount > 0) {
        markConversationRead(id);
        showConversation(await agentApi.postRead(id));
      } else {
        showConversation(answer.conversation);
      }
    } catch (caught) {
      if (!signal.aborted) reportAgentFailure(caught, (message) => changeThread(id, { error: message }));
    }
  });
}

/** The dashboard is shown: its conversations and the open thread are polled until the returned function is called. */
export function showAgentDesk(): () => void {
  deskShown = true;
  const hideList = conversationList.show();
  pollThread();
  return () => {
    deskShown = false;
    hideList();
    pollThread();
  };
}

export function showConversationPage(page: number): void {
  conversationList.filter({ page });
}

/** Opens a conversation beside the list; it is read and polled from now on. */
export function selectConversation(id: string): void {
  if ($agentDesk.get().thread?.id === id) return;
  $agentDesk.setKey('thread', { id, conversation: null, error: null, announcement: '', busy: false });
  pollThread();
}

/** Sends the agent's reply to the open conversation; false (with the thread's error) for an empty text. */
export function replyToVisitor(text: string): boolean {
  const id = $agentDesk.get().thread?.id;
  if (!id) return false;
  const trimmed = text.trim();
  if (trimmed === '') {
    changeThread(id, { error: 'Bitte geben Sie eine Nachricht ein.' });
    return false;
  }
  const tempId = crypto.randomUUID();
  changeMessages(id, (existing) => withPending(existing, { conversationId: id, author: 'agent', text: trimmed, tempId, createdAt: new Date().toISOString() }));
  changeThread(id, { error: null });
  void (async () => {
    try {
      receiveMessages(id, [await agentApi.postReply(id, trimmed, tempId)]);
    } catch (caught) {
      changeMessages(id, (existing) => withFailed(existing, tempId));
      reportAgentFailure(caught, (message) => changeThread(id, { error: message }));
    }
  })();
  return true;
}

/** Closes, reopens or assigns the open conversation. */
export async function changeOpenConversation(change: ConversationChange): Promise<void> {
  const id = $agentDesk.get().thread?.id;
  if (!id) return;
  changeThread(id, { busy: true, error: null });
  try {
    showConversation(await agentApi.patchConversation(id, change));
  } catch (caught) {
    reportAgentFailure(caught, (message) => changeThread(id, { error: message }));
  } finally {
    changeThread(id, { busy: false });
  }
}
