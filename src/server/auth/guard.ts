import { authMessages } from '../../lib/schemas/auth.ts';
import { recordAgentPresence } from '../chat/presence.ts';
import { getDb } from '../db/index.ts';
import type { RequestContext } from '../http/endpoint.ts';
import { HttpError } from '../http/errors.ts';
import { SESSION_COOKIE, sessionUser, type SessionUser } from './session.ts';

/** The logged-in user of the request, or 401. */
export async function requireUser(ctx: Pick<RequestContext, 'cookies'>): Promise<SessionUser> {
  const user = await sessionUser(await getDb(), ctx.cookies.get(SESSION_COOKIE));
  if (!user) throw new HttpError(401, authMessages.notLoggedIn);
  return user;
}

/**
 * The logged-in agent of the request: 401 without a session, 403 for everyone but agents.
 * Every agent call also counts as the agent's presence for the chat's offline notice (decision
 * 0018): here it covers all agent endpoints at once, including the polls of an open dashboard.
 */
export async function requireAgent(ctx: Pick<RequestContext, 'cookies'>): Promise<SessionUser> {
  const user = await requireUser(ctx);
  if (user.userType !== 'agent') throw new HttpError(403, authMessages.agentsOnly);
  await recordAgentPresence(await getDb(), user.userId);
  return user;
}
