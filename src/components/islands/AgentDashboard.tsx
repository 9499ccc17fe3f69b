import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $agentUnreadTotal, showAgentDesk } from '../../stores/agent-desk.ts';
import { loadAgentTeam } from '../../stores/agent-team.ts';
import { ensureSessionChecked } from '../../stores/session.ts';
import { openLoginDialog } from '../../stores/ui.ts';
import { Contracts } from '../agent/Contracts.tsx';
import { Conversations } from '../agent/Conversations.tsx';
import { Inbox } from '../agent/Inbox.tsx';
import { Invoices } from '../../features/billing/components/agent/Invoices.tsx';
import { Card } from '../ui/Card.tsx';
import { text } from '../ui/classes.ts';
import { useUnreadTitle } from '../agent/useUnreadTitle.ts';
import { LoginPrompt } from '../auth/LoginPrompt.tsx';
import { useSession } from '../auth/useSession.ts';

/** The agent's work: conversations with visitors, the inbox of everything else, the customers' contracts and the invoices. */
function Workspace() {
  const totalUnread = useStore($agentUnreadTotal);
  useUnreadTitle(totalUnread);

  // The conversations and the open thread are polled while the dashboard is shown.
  useEffect(() => showAgentDesk(), []);
  useEffect(() => loadAgentTeam(), []);

  return (
    <div className="grid gap-14">
      <Conversations />
      <Inbox />
      <Contracts />
      <Invoices />
    </div>
  );
}

/**
 * `/agent/dashboard` (issue 11): agents only. Logged-out visitors get the login dialog, other
 * users a 'Kein Zugriff' notice; the API checks the role itself (401/403) on every call.
 */
export default function AgentDashboard() {
  const { status, user } = useSession();

  useEffect(() => {
    void ensureSessionChecked();
  }, []);
  useEffect(() => {
    if (status === 'loggedOut') openLoginDialog();
  }, [status]);

  if (!user) {
    return <LoginPrompt checking={status === 'unknown'} loginText="Bitte melden Sie sich als Support-Mitarbeiter an, um das Agent-Dashboard zu sehen." />;
  }
  if (user.userType !== 'agent') {
    return (
      <Card as="section" aria-labelledby="agent-no-access" className="grid gap-2">
        <h2 id="agent-no-access" className={text.h2}>
          Kein Zugriff
        </h2>
        <p className={text.body}>Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.</p>
      </Card>
    );
  }
  // A 401/403 mid-work (session expired, role removed) reads the session again (reportAgentFailure),
  // which shows the right notice here.
  return <Workspace key={user.userId} />;
}
