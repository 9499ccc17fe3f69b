import { atom } from 'nanostores';
import { fetchAgents } from '../client/agent.ts';
import type { AgentSummary } from '../lib/agent/inbox-types.ts';

/** The support agents by name, for the conversations' assignment; empty until they arrive. */
export const $agentTeam = atom<AgentSummary[]>([]);

/** Asks for the agents' names once the dashboard is shown. */
export function loadAgentTeam(): void {
  // Without the names the assignment shows "unbekannter Mitarbeiter"; the lists still work.
  fetchAgents().then((agents) => $agentTeam.set(agents), () => undefined);
}
