import { useStore } from '@nanostores/react';
import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import { $agentDesk, selectConversation, showConversationPage } from '../../stores/agent-desk.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import { Pagination } from './Pagination.tsx';
import { ui } from './styles.ts';

/** The chat area of the dashboard: a page of conversations and the open one beside it. */
export function Conversations({ agents }: { agents: readonly AgentSummary[] }) {
  const desk = useStore($agentDesk, { keys: ['conversations', 'pagination', 'totalUnread', 'listLoaded', 'listError', 'thread'] });
  const selected = desk.thread?.id ?? null;

  const { currentPage, totalPages, totalConversations } = desk.pagination;
  return (
    <section aria-labelledby="agent-conversations" className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="agent-conversations" className={ui.h2}>
          Unterhaltungen
        </h2>
        <p className={ui.text} data-testid="total-unread">
          {desk.totalUnread === 1 ? '1 ungelesene Nachricht' : `${desk.totalUnread} ungelesene Nachrichten`}
        </p>
      </div>
      {desk.listError && (
        <p role="alert" className={ui.error}>
          {desk.listError}
        </p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="grid gap-4">
          {desk.listLoaded ? (
            <ConversationList conversations={desk.conversations} agents={agents} selectedId={selected} onSelect={selectConversation} />
          ) : (
            <p className={ui.text}>Die Unterhaltungen werden geladen …</p>
          )}
          <Pagination
            label="Seiten der Unterhaltungen"
            currentPage={currentPage}
            totalPages={totalPages}
            total={totalConversations === 1 ? '1 Unterhaltung' : `${totalConversations} Unterhaltungen`}
            onPage={showConversationPage}
          />
        </div>
        {selected ? (
          <ConversationThread key={selected} conversationId={selected} agents={agents} />
        ) : (
          <p className={ui.text}>Wählen Sie eine Unterhaltung aus, um sie zu lesen und zu beantworten.</p>
        )}
      </div>
    </section>
  );
}
