import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fetchConversations } from '../../client/agent.ts';
import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import { $chat, setAgentConversations } from '../../stores/chat.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import { reportFailure } from './format.ts';
import { Pagination } from './Pagination.tsx';
import { ui } from './styles.ts';
import { usePolling } from './usePolling.ts';

/** The list refreshes this often while the dashboard is visible (new visitors, unread counts). */
const LIST_POLL_MS = 3000;

interface Props {
  agents: readonly AgentSummary[];
  onAccessLost(): void;
}

/** The chat area of the dashboard: a page of conversations and the open one beside it. */
export function Conversations({ agents, onAccessLost }: Props) {
  const chat = useStore($chat, { keys: ['agentConversations', 'agentPagination', 'agentTotalUnread'] });
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Kept here, not in the store's currentConversationId: the visitor chat on the same page owns that.
  const [selected, setSelected] = useState<string | null>(null);

  usePolling(
    async (signal) => {
      try {
        setAgentConversations(await fetchConversations(page, signal));
        setLoaded(true);
        setError(null);
      } catch (caught) {
        if (signal.aborted) return;
        reportFailure(caught, onAccessLost, setError);
      }
    },
    LIST_POLL_MS,
    [page],
  );

  const { currentPage, totalPages, totalConversations } = chat.agentPagination;
  return (
    <section aria-labelledby="agent-conversations" className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="agent-conversations" className={ui.h2}>
          Unterhaltungen
        </h2>
        <p className={ui.text} data-testid="total-unread">
          {chat.agentTotalUnread === 1 ? '1 ungelesene Nachricht' : `${chat.agentTotalUnread} ungelesene Nachrichten`}
        </p>
      </div>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="grid gap-4">
          {loaded ? (
            <ConversationList conversations={chat.agentConversations} agents={agents} selectedId={selected} onSelect={setSelected} />
          ) : (
            <p className={ui.text}>Die Unterhaltungen werden geladen …</p>
          )}
          <Pagination
            label="Seiten der Unterhaltungen"
            currentPage={currentPage}
            totalPages={totalPages}
            total={totalConversations === 1 ? '1 Unterhaltung' : `${totalConversations} Unterhaltungen`}
            onPage={setPage}
          />
        </div>
        {selected ? (
          <ConversationThread key={selected} conversationId={selected} agents={agents} onAccessLost={onAccessLost} />
        ) : (
          <p className={ui.text}>Wählen Sie eine Unterhaltung aus, um sie zu lesen und zu beantworten.</p>
        )}
      </div>
    </section>
  );
}
