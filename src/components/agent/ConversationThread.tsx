import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { changeConversation, fetchMessages, markRead, reply } from '../../client/agent.ts';
import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import type { AgentConversation } from '../../lib/chat/types.ts';
import { CHAT_TEXT_MAX_LENGTH } from '../../lib/schemas/chat.ts';
import { $chat, addPendingMessage, lastMessageId, markConversationRead, markMessageFailed, receiveMessages, updateAgentConversation } from '../../stores/chat.ts';
import { assigneeName, conversationStatusLabels } from './ConversationList.tsx';
import { dateTime, reportFailure } from './format.ts';
import { ui } from './styles.ts';
import { usePolling } from './usePolling.ts';

/** How often the open thread asks for new messages: an agent must see a visitor quickly. */
const THREAD_POLL_MS = 2500;

interface Props {
  conversationId: string;
  agents: readonly AgentSummary[];
  onAccessLost(): void;
}

/**
 * One conversation: the thread as text, a reply box, close/reopen and the assignment. Opening it
 * marks it read; while it is open, visitor messages that arrive are read at once and announced.
 * The parent keys it by conversation, so switching starts afresh.
 */
export function ConversationThread({ conversationId, agents, onAccessLost }: Props) {
  const messages = useStore($chat, { keys: ['messagesByConversation'] }).messagesByConversation[conversationId] ?? [];
  const [conversation, setConversation] = useState<AgentConversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState('');
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);
  const ids = useId();

  const apply = (next: AgentConversation) => {
    setConversation(next);
    updateAgentConversation(next);
  };

  const fail = (caught: unknown) => {
    reportFailure(caught, onAccessLost, setError);
  };

  usePolling(
    async (signal) => {
      try {
        let answer;
        do {
          answer = await fetchMessages(conversationId, lastMessageId(conversationId), signal);
          const fromVisitor = answer.messages.filter((m) => m.author === 'visitor');
          receiveMessages(conversationId, answer.messages);
          if (loaded.current && fromVisitor.length > 0) {
            setAnnouncement(`Neue Nachricht des Besuchers: ${fromVisitor.map((m) => m.text).join(' – ')}`);
          }
        } while (answer.hasMore && !signal.aborted);
        if (!loaded.current) setAssignee(answer.conversation.assignedAgentId ?? '');
        loaded.current = true;
        setError(null);
        // The agent has the thread in front of them: what arrived counts as read.
        if (answer.conversation.unreadCount > 0) {
          markConversationRead(conversationId);
          apply(await markRead(conversationId));
        } else {
          apply(answer.conversation);
        }
      } catch (caught) {
        if (!signal.aborted) fail(caught);
      }
    },
    THREAD_POLL_MS,
    [conversationId],
  );

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') {
      setError('Bitte geben Sie eine Nachricht ein.');
      return;
    }
    const tempId = crypto.randomUUID();
    addPendingMessage({ conversationId, author: 'agent', text: trimmed, tempId, createdAt: new Date().toISOString() });
    setText('');
    setError(null);
    try {
      receiveMessages(conversationId, [await reply(conversationId, trimmed, tempId)]);
    } catch (caught) {
      markMessageFailed(conversationId, tempId);
      fail(caught);
    }
  };

  const change = async (changeSet: Parameters<typeof changeConversation>[1]) => {
    setBusy(true);
    setError(null);
    try {
      apply(await changeConversation(conversationId, changeSet));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const headingId = `${ids}-heading`;
  return (
    <section aria-labelledby={headingId} className={`${ui.card} grid gap-4`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className={ui.h3}>
          Unterhaltung
        </h3>
        {conversation && (
          <p className={ui.muted}>
            Status: {conversationStatusLabels[conversation.status]} · Zuständig: {assigneeName(agents, conversation.assignedAgentId)}
          </p>
        )}
      </div>
      {conversation?.visitorEmail && (
        <p className={ui.text}>
          Der Besucher hat eine E-Mail-Adresse hinterlassen: Ihre Antworten gehen zusätzlich an <strong>{conversation.visitorEmail}</strong>.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {!conversation && !error && <p className={ui.text}>Die Nachrichten werden geladen …</p>}
      <ol aria-label="Nachrichten" className="grid gap-2">
        {messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-lg px-3 py-2 ${message.author === 'agent' ? 'ml-8 bg-brand-50 dark:bg-slate-800' : 'mr-8 bg-slate-100 dark:bg-slate-950'}`}
          >
            <p className={ui.muted}>
              {message.author === 'agent' ? 'Support' : 'Besucher'} · {dateTime(message.createdAt)}
              {message.pending && ' · wird gesendet …'}
              {message.failed && ' · nicht gesendet'}
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-900 dark:text-slate-100">{message.text}</p>
          </li>
        ))}
      </ol>
      <form onSubmit={send} noValidate className="grid gap-2">
        <label htmlFor={`${ids}-reply`} className={ui.label}>
          Antwort
        </label>
        <textarea
          id={`${ids}-reply`}
          rows={3}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={ui.input}
        />
        <div>
          <button type="submit" className={ui.primary}>
            Antwort senden
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      {conversation && (
        <div className="flex flex-wrap items-end gap-4 border-t border-slate-200 pt-4 dark:border-slate-700">
          <button type="button" className={ui.secondary} disabled={busy} onClick={() => void change({ status: conversation.status === 'open' ? 'closed' : 'open' })}>
            {conversation.status === 'open' ? 'Unterhaltung schließen' : 'Unterhaltung wieder öffnen'}
          </button>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void change({ assignedAgentId: assignee === '' ? null : assignee });
            }}
          >
            <div className="grid gap-1">
              <label htmlFor={`${ids}-assignee`} className={ui.label}>
                Zuständig
              </label>
              <select id={`${ids}-assignee`} value={assignee} onChange={(event) => setAssignee(event.target.value)} className={ui.input}>
                <option value="">Niemand</option>
                {agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.displayName}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={ui.secondary} disabled={busy}>
              Zuweisen
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
