import type { AgentConversation } from '../../lib/chat/types.ts';
import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import { dateTime } from './format.ts';
import { Badge } from '../ui/Badge.tsx';
import { listItemClass, text } from '../ui/classes.ts';

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
  if (conversations.length === 0) return <p className={text.body}>Auf dieser Seite gibt es keine Unterhaltungen.</p>;
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
              className={listItemClass(selected)}
              onClick={() => onSelect(conversation.id)}
            >
              <span className="flex flex-wrap items-center gap-2">
                {conversation.unreadCount > 0 && (
                  <Badge tone="danger" data-testid="unread-count">
                    {conversation.unreadCount} ungelesen
                  </Badge>
                )}
                <Badge>{conversationStatusLabels[conversation.status]}</Badge>
                <span className={text.muted}>{dateTime(conversation.lastActivityAt)}</span>
              </span>
              <span className={`line-clamp-2 ${text.typed} text-slate-900 dark:text-slate-100`}>
                {last ? `${last.author === 'visitor' ? 'Besucher' : 'Support'}: ${last.text}` : 'Noch keine Nachricht'}
              </span>
              <span className={text.muted}>Zuständig: {assigneeName(agents, conversation.assignedAgentId)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
