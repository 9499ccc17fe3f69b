import type { AgentSummary } from '../../lib/agent/inbox-types.ts';
import type { Queryable } from '../db/index.ts';

/** All support agents by name: the choices of the dashboard's assignment select. */
export async function listAgents(db: Queryable): Promise<AgentSummary[]> {
  const { rows } = await db.query<{ id: string; display_name: string }>(
    "SELECT id, display_name FROM users WHERE user_type = 'agent' ORDER BY display_name, id",
  );
  return rows.map((row) => ({ id: row.id, displayName: row.display_name }));
}
