import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import { ChatMessageInputSchema } from '../../lib/schemas/chat.ts';
import { $agentDesk, changeOpenConversation, replyToVisitor } from '../../stores/agent-desk.ts';
import { assigneeName, conversationStatusLabels } from './ConversationList.tsx';
import { KitForm } from '../forms/ErrorSummary.tsx';
import { TextField } from '../forms/Fields.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { dateTime } from './format.ts';
import { LabelledSelect } from './LabelledSelect.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { divider, text } from '../ui/classes.ts';

interface Props {
  conversationId: string;
  agents: readonly AgentSummary[];
}

/**
 * One conversation: the thread as text, a reply box, close/reopen and the assignment. Opening it
 * marks it read; while it is open, visitor messages that arrive are read at once and announced
 * (src/stores/agent-desk.ts). The parent keys it by conversation, so switching starts afresh.
 */
export function ConversationThread({ conversationId, agents }: Props) {
  const { messagesByConversation, thread } = useStore($agentDesk, { keys: ['messagesByConversation', 'thread'] });
  const messages = messagesByConversation[conversationId] ?? [];
  const conversation = thread?.conversation ?? null;
  const error = thread?.error ?? null;
  const busy = thread?.busy ?? false;
  const ids = useId();
  // The reply is checked with the schema the server uses (not empty, at most 2000 characters).
  const reply = useFormFields(`${ids}-reply`, ChatMessageInputSchema, { text: '' });
  // The assignment shown follows the conversation until the agent picks another one.
  const [picked, setPicked] = useState<string | null>(null);
  const assignee = picked ?? conversation?.assignedAgentId ?? '';

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reply.touchAll() && reply.output && replyToVisitor(reply.output.text)) reply.reset();
  };

  const headingId = `${ids}-heading`;
  return (
    <Card as="section" aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className={text.h3}>
          Unterhaltung
        </h3>
        {conversation && (
          <p className={text.muted}>
            Status: {conversationStatusLabels[conversation.status]} · Zuständig: {assigneeName(agents, conversation.assignedAgentId)}
          </p>
        )}
      </div>
      {conversation?.visitorEmail && (
        <p className={text.body}>
          Der Besucher hat eine E-Mail-Adresse hinterlassen: Ihre Antworten gehen zusätzlich an <strong>{conversation.visitorEmail}</strong>.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {thread?.announcement}
      </p>
      {!conversation && !error && <p className={text.body}>Die Nachrichten werden geladen …</p>}
      <ol aria-label="Nachrichten" className="grid gap-2">
        {messages.map((message) => (
          <li
            key={message.id}
            className={`rounded-lg px-3 py-2 ${message.author === 'agent' ? 'ml-8 bg-brand-50 dark:bg-slate-800' : 'mr-8 bg-slate-100 dark:bg-slate-950'}`}
          >
            <p className={text.muted}>
              {message.author === 'agent' ? 'Support' : 'Besucher'} · {dateTime(message.createdAt)}
              {message.pending && ' · wird gesendet …'}
              {message.failed && ' · nicht gesendet'}
            </p>
            <p className={`whitespace-pre-wrap ${text.typed} text-slate-900 dark:text-slate-100`}>{message.text}</p>
          </li>
        ))}
      </ol>
      <KitForm summary={reply.summary} onSubmit={send} className="grid gap-3">
        <TextField form={reply} field="text" label="Antwort" rows={3} />
        <div>
          <Button type="submit">
            Antwort senden
          </Button>
        </div>
      </KitForm>
      <ErrorAlert message={error} />
      {conversation && (
        <div className={`flex flex-wrap items-end gap-4 pt-4 ${divider}`}>
          <Button type="button" variant="secondary" disabled={busy} onClick={() => void changeOpenConversation({ status: conversation.status === 'open' ? 'closed' : 'open' })}>
            {conversation.status === 'open' ? 'Unterhaltung schließen' : 'Unterhaltung wieder öffnen'}
          </Button>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void changeOpenConversation({ assignedAgentId: assignee === '' ? null : assignee });
            }}
          >
            <LabelledSelect
              id={`${ids}-assignee`}
              label="Zuständig"
              none="Niemand"
              value={assignee}
              options={agents.map((agent) => agent.id)}
              optionLabel={(id) => assigneeName(agents, id)}
              onChange={setPicked}
            />
            <Button type="submit" variant="secondary" disabled={busy}>
              Zuweisen
            </Button>
          </form>
        </div>
      )}
    </Card>
  );
}
