import type { AgentConversation } from '../../lib/chat/types.ts';
import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import { dateTime } from './format.ts';
import { ui } from './styles.ts';

export const conversationStatusLabels = { open: 'Offen', closed: 'Geschlossen' } as const;

export function assigneeName(agents: readonly AgentSummary[], id: string | null): string {
  if (id === null) return 'nicht zugewiesen';
  return agents.find((agent) => agent.id === id)?.displayName ?? 'unbekannter Mitarbeiter';
}

interface Props {
  conversations: readonly AgentConversation[];
  agents: readonly AgentSummary[];
  selectedId: string | null;
  onSelect(id: string): void;
}

/** The conversations of one page: unread badge, last message as text, status, assignee. */
export function ConversationList({ conversations, agents, selectedId, onSelect }: Props) {
  if (conversations.length === 0) return <p className={ui.text}>Auf dieser Seite gibt es keine Unterhaltungen.</p>;
  return (
    <ul className="grid gap-2">
      {conversations.map((conversation) => {
        const last = conversation.lastMessage;
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              className={`${ui.listButton} ${selected ? ui.selected : ui.unselected}`}
              onClick={() => onSelect(conversation.id)}
            >
              <span className="flex flex-wrap items-center gap-2">
                {conversation.unreadCount > 0 && (
                  <span className={ui.badge} data-testid="unread-count">
                    {conversation.unreadCount} ungelesen
                  </span>
                )}
                <span className={ui.pill}>{conversationStatusLabels[conversation.status]}</span>
                <span className={ui.muted}>{dateTime(conversation.lastActivityAt)}</span>
              </span>
              <span className="line-clamp-2 break-words text-slate-900 dark:text-slate-100">
                {last ? `${last.author === 'visitor' ? 'Besucher' : 'Support'}: ${last.text}` : 'Noch keine Nachricht'}
              </span>
              <span className={ui.muted}>Zuständig: {assigneeName(agents, conversation.assignedAgentId)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
