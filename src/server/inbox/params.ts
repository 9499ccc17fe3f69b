import * as v from 'valibot';
import { INBOX_TYPES, InboxItemIdSchema, InboxQuerySchema, inboxMessages, type InboxQuery, type InboxType } from '../../lib/schemas/inbox.ts';
import { validate } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';

/** The request parameters of the inbox endpoints, checked before they reach SQL. */

/** The named query parameters that are present, for a schema's optional fields and defaults. */
export function queryParams(url: URL, keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = url.searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/** `?type=&status=&page=` with the shared schema; unknown values answer 400 with German messages. */
export function inboxQuery(url: URL): InboxQuery {
  return validate(InboxQuerySchema, queryParams(url, ['type', 'status', 'page']));
}

/** `:type/:id` of the path: an unknown type or an id that cannot exist is simply not found. */
export function inboxItemParams(params: Record<string, string>): { type: InboxType; id: number } {
  const type = params.type ?? '';
  const id = params.id ?? '';
  if (!(INBOX_TYPES as readonly string[]).includes(type)) throw new HttpError(404, inboxMessages.typeInvalid);
  if (!v.is(InboxItemIdSchema, id)) throw new HttpError(404, inboxMessages.itemNotFound);
  return { type: type as InboxType, id: Number(id) };
}
