import type { Json, Route } from '../../lib/http/route.ts';
import { ClickDummyRequestSchema } from './schemas.ts';

/** The click dummy's endpoint (SPEC §3, §7) in the route table (issue 37, decision 0074). */

/** A visitor asks for a click dummy of the prompt they wrote: stored, both mails queued; answers its number. */
export const clickDummyRequest = {
  method: 'POST',
  path: '/api/clickdummy',
  body: ClickDummyRequestSchema,
  answer: 'json' as Json<{ id: number }>,
} as const satisfies Route;
