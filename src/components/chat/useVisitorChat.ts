import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import * as v from 'valibot';
import { fetchMessages, fetchOwnConversations, postMessage, saveReplyEmail, startConversation } from '../../client/chat.ts';
import { startPolling } from '../../lib/chat/poller.ts';
import { forgetChat, rememberChat } from '../../client/chat-seen.ts';
import { chatTexts } from '../../lib/chat/texts.ts';
import type { VisitorMessagesPage } from '../../lib/chat/types.ts';
import { ApiError } from '../../client/api.ts';
import { ChatEmailInputSchema, ChatMessageInputSchema, type ConversationStatus } from '../../lib/schemas/chat.ts';
import {
  $chat,
  addPendingMessage,
  lastMessageId,
  markMessageFailed,
  receiveMessages,
  renameConversation,
  setChatError,
  setChatInfo,
  setChatLoading,
  setCurrentConversation,
  setUnreadReply,
  type StoredChatMessage,
} from '../../stores/chat.ts';

/** Below the 3-second promise of issue 11, leaving room for the request itself. */
export const OPEN_CHAT_POLL_MS = 2500;

/** A conversation the server has not named yet is shown under this key plus its first tempId. */
const PENDING_PREFIX = 'neu:';
const isPending = (key: string) => key.startsWith(PENDING_PREFIX);

function messageOf(error: unknown, fallback: string): string {
  // The server's German message (also the 429 with its waiting time); a lost connection has none.
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

export interface VisitorChat {
  conversationId: string | null;
  /** The server has stored the conversation (its first message is through). */
  hasConversation: boolean;
  messages: StoredChatMessage[];
  status: ConversationStatus | null;
  /** null until the server said. */
  agentsAvailable: boolean | null;
  visitorEmail: string | null;
  /** The first message is on its way: a second one would start a second conversation. */
  starting: boolean;
  /** The latest incoming support message, for the screen-reader announcement. */
  announcement: string;
  /** Sends a message; false when it was refused before sending (empty), with `error` set. */
  send: (text: string) => boolean;
  retry: (message: StoredChatMessage) => void;
  /** Saves the reply address; resolves to a German error message or null. */
  saveEmail: (email: string) => Promise<string | null>;
}

/**
 * The visitor's chat for the modal and the /chat page: loads the latest own conversation, polls
 * it while shown (paused in hidden tabs), sends with temporary ids and keeps the unread marker
 * and the remembered conversation of the chat button up to date.
 */
export function useVisitorChat(): VisitorChat {
  const { currentConversationId: conversationId, messagesByConversation } = useStore($chat);
  const messages = (conversationId && messagesByConversation[conversationId]) || [];
  const [status, setStatus] = useState<ConversationStatus | null>(null);
  const [agentsAvailable, setAgentsAvailable] = useState<boolean | null>(null);
  const [visitorEmail, setVisitorEmail] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const applyAvailability = useCallback((available: boolean) => {
    setAgentsAvailable(available);
    setChatInfo(available ? null : chatTexts.offline);
  }, []);

  const receivePage = useCallback(
    (id: string, page: VisitorMessagesPage) => {
      // Most polls bring nothing: leave the store (and what it renders) untouched then.
      if (page.messages.length > 0) receiveMessages(id, page.messages);
      setStatus(page.status);
      applyAvailability(page.agentsAvailable);
    },
    [applyAvailability],
  );

  // The latest own conversation, read up to its newest message.
  useEffect(() => {
    let cancelled = false;
    setChatError(null);
    setChatLoading(true);
    void (async () => {
      try {
        const list = await fetchOwnConversations();
        if (cancelled) return;
        applyAvailability(list.agentsAvailable);
        const latest = list.conversations[0];
        const current = $chat.get().currentConversationId;
        if (!latest) {
          forgetChat();
          if (current && !isPending(current)) setCurrentConversation(null);
          return;
        }
        setStatus(latest.status);
        setVisitorEmail(latest.visitorEmail);
        setCurrentConversation(latest.id);
        for (;;) {
          const page = await fetchMessages(latest.id, lastMessageId(latest.id));
          if (cancelled) return;
          receivePage(latest.id, page);
          if (!page.hasMore) break;
        }
      } catch (error) {
        if (!cancelled) setChatError(messageOf(error, chatTexts.loadFailed));
      } finally {
        if (!cancelled) setChatLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [applyAvailability, receivePage]);

  // New messages while the chat is shown.
  useEffect(() => {
    if (!conversationId || isPending(conversationId)) return;
    return startPolling({
      intervalMs: OPEN_CHAT_POLL_MS,
      poll: async () => {
        try {
          const page = await fetchMessages(conversationId, lastMessageId(conversationId));
          receivePage(conversationId, page);
          const incoming = page.messages.filter((m) => m.author === 'agent');
          if (incoming.length > 0) setAnnouncement(chatTexts.newReply(incoming.at(-1)!.text));
          return page.hasMore ? 'again' : undefined;
        } catch (error) {
          // Gone for this browser (it joined an account that has logged out): start afresh.
          if (error instanceof ApiError && error.status === 404) {
            forgetChat();
            setCurrentConversation(null);
            return 'stop';
          }
          throw error;
        }
      },
    });
  }, [conversationId, receivePage]);

  // What is shown is seen: the chat button neither marks it nor polls for it again.
  const newestId = conversationId && !isPending(conversationId) ? lastMessageId(conversationId) : 0;
  useEffect(() => {
    if (!conversationId || isPending(conversationId)) return;
    rememberChat(conversationId, newestId);
    setUnreadReply(false);
  }, [conversationId, newestId]);

  const deliver = useCallback(async (key: string, text: string, tempId: string) => {
    setChatError(null);
    addPendingMessage({ conversationId: key, author: 'visitor', text, tempId, createdAt: new Date().toISOString() });
    try {
      if (isPending(key)) {
        setStarting(true);
        const { conversation, message } = await startConversation(text, tempId);
        renameConversation(key, conversation.id);
        receiveMessages(conversation.id, [message]);
        setStatus(conversation.status);
        setVisitorEmail(conversation.visitorEmail);
      } else {
        const { message } = await postMessage(key, text, tempId);
        receiveMessages(key, [message]);
        // A visitor message reopens a closed conversation (decision 0017).
        setStatus('open');
      }
    } catch (error) {
      markMessageFailed(key, tempId);
      setChatError(messageOf(error, chatTexts.sendFailed));
    } finally {
      setStarting(false);
    }
  }, []);

  const send = useCallback(
    (text: string) => {
      const parsed = v.safeParse(ChatMessageInputSchema, { text });
      if (!parsed.success) {
        setChatError(parsed.issues[0].message);
        return false;
      }
      const tempId = crypto.randomUUID();
      let key = $chat.get().currentConversationId;
      if (!key) {
        key = PENDING_PREFIX + tempId;
        setCurrentConversation(key);
      }
      void deliver(key, parsed.output.text, tempId);
      return true;
    },
    [deliver],
  );

  // The same tempId again: the server stores a message at most once however often it arrives.
  const retry = useCallback((message: StoredChatMessage) => void deliver(message.conversationId, message.text, message.tempId!), [deliver]);

  const saveEmail = useCallback(
    async (email: string) => {
      const parsed = v.safeParse(ChatEmailInputSchema, { email });
      if (!parsed.success) return parsed.issues[0].message;
      if (!conversationId || isPending(conversationId)) return chatTexts.emailFailed;
      try {
        const { conversation } = await saveReplyEmail(conversationId, parsed.output.email);
        setVisitorEmail(conversation.visitorEmail);
        return null;
      } catch (error) {
        return error instanceof ApiError && error.errors.email ? error.errors.email : messageOf(error, chatTexts.emailFailed);
      }
    },
    [conversationId],
  );

  const hasConversation = conversationId !== null && !isPending(conversationId);
  return { conversationId, hasConversation, messages, status, agentsAvailable, visitorEmail, starting, announcement, send, retry, saveEmail };
}
