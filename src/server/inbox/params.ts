import * as v from 'valibot';
import { INBOX_TYPES, InboxItemIdSchema, InboxQuerySchema, inboxMessages, type InboxQuery, type InboxType } from '../../lib/schemas/inbox.ts';
import { validate } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';

/** The request parameters of the inbox endpoints, checked before they reach SQL. */

/** `?type=&status=&page=` with the shared schema; unknown values answer 400 with German messages. */
export function inboxQuery(url: URL): InboxQuery {
  const raw: Record<string, string> = {};
  for (const key of ['type', 'status', 'page'] as const) {
    const value = url.searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  return validate(InboxQuerySchema, raw);
}

/** `:type/:id` of the path: an unknown type or an id that cannot exist is simply not found. */
export function inboxItemParams(params: Record<string, string>): { type: InboxType; id: number } {
  const type = params.type ?? '';
  const id = params.id ?? '';
  if (!(INBOX_TYPES as readonly string[]).includes(type)) throw new HttpError(404, inboxMessages.typeInvalid);
  if (!v.is(InboxItemIdSchema, id)) throw new HttpError(404, inboxMessages.itemNotFound);
  return { type: type as InboxType, id: Number(id) };
}
