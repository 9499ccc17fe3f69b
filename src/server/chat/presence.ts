import type { Queryable } from '../db/index.ts';

/**
 * Agent presence for the offline path of the chat (issue 11: "when no agent has been active for
 * 5 minutes …"; docs/decisions/0018-chat-offline-mail.md). Every authenticated agent call counts
 * as activity; the open dashboard polls, so an agent at work is never counted as away.
 */

/** Issue 11: an agent counts as available for 5 minutes after their last activity. */
const AGENT_PRESENCE_WINDOW_SECONDS = 5 * 60;

/**
 * A presence younger than this is not written again: a polling dashboard would otherwise update
 * the same row every few seconds for nothing the 5-minute window could tell apart.
 */
const PRESENCE_REFRESH_SECONDS = 30;

/**
 * When this process last wrote each agent's presence. Every agent call asks for a write, but
 * within the refresh interval the database is not even asked: the upsert below locks the row
 * and commits a transaction even when its WHERE keeps the old value. Other function instances
 * keep their own note, so each writes at most once per interval and agent.
 */
const writtenAt = new Map<string, number>();

/** Records that the agent is active now. */
export async function recordAgentPresence(db: Queryable, agentId: string, now: Date = new Date()): Promise<void> {
  const last = writtenAt.get(agentId);
  if (last !== undefined && now.getTime() >= last && now.getTime() - last < PRESENCE_REFRESH_SECONDS * 1000) return;
  await db.query(
    `INSERT INTO chat_agent_presence (agent_id, last_active_at) VALUES ($1, $2)
     ON CONFLICT (agent_id) DO UPDATE SET last_active_at = excluded.last_active_at
     WHERE chat_agent_presence.last_active_at < excluded.last_active_at - make_interval(secs => $3)`,
    [agentId, now, PRESENCE_REFRESH_SECONDS],
  );
  writtenAt.set(agentId, now.getTime());
}

/** SQL expression "an agent was active within the last 5 minutes before `now`" (a placeholder), for any statement. */
export function agentsAvailableSql(now: string): string {
  return `EXISTS (
       SELECT 1 FROM chat_agent_presence p JOIN users u ON u.id = p.agent_id AND u.user_type = 'agent'
       WHERE p.last_active_at > ${now}::timestamptz - make_interval(secs => ${AGENT_PRESENCE_WINDOW_SECONDS})
     )`;
}

/** Whether any agent was active within the last 5 minutes before `now`. */
export async function agentsAvailable(db: Queryable, now: Date = new Date()): Promise<boolean> {
  const { rows } = await db.query<{ available: boolean }>(`SELECT ${agentsAvailableSql('$1')} AS available`, [now]);
  return rows[0]?.available === true;
}
