import { useStore } from '@nanostores/react';
import { $agentConversations, $agentDesk, $agentUnreadTotal, selectConversation, showConversationPage } from '../../stores/agent-desk.ts';
import { $agentTeam } from '../../stores/agent-team.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationThread } from './ConversationThread.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { countOf } from './format.ts';
import { Pagination } from './Pagination.tsx';
import { text } from '../ui/classes.ts';

/** The chat area of the dashboard: a page of conversations and the open one beside it. */
export function Conversations() {
  const { page: data, error } = useStore($agentConversations);
  const totalUnread = useStore($agentUnreadTotal);
  const { thread } = useStore($agentDesk, { keys: ['thread'] });
  const agents = useStore($agentTeam);
  const selected = thread?.id ?? null;

  return (
    <section aria-labelledby="agent-conversations" className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="agent-conversations" className={text.h2}>
          Unterhaltungen
        </h2>
        <p className={text.body} data-testid="total-unread">
          {countOf(totalUnread, 'ungelesene Nachricht', 'ungelesene Nachrichten')}
        </p>
      </div>
      <ErrorAlert message={error} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <div className="grid gap-4">
          {data ? (
            <ConversationList conversations={data.conversations} agents={agents} selectedId={selected} onSelect={selectConversation} />
          ) : (
            <p className={text.body}>Die Unterhaltungen werden geladen …</p>
          )}
          <Pagination
            label="Seiten der Unterhaltungen"
            page={data}
            total={countOf(data?.totalConversations ?? 0, 'Unterhaltung', 'Unterhaltungen')}
            onPage={showConversationPage}
          />
        </div>
        {selected ? (
          <ConversationThread key={selected} conversationId={selected} agents={agents} />
        ) : (
          <p className={text.body}>Wählen Sie eine Unterhaltung aus, um sie zu lesen und zu beantworten.</p>
        )}
      </div>
    </section>
  );
}
