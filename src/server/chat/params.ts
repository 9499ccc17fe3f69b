import { chatMessages } from '../../lib/schemas/chat.ts';
import { HttpError } from '../http/errors.ts';

/** The request parameters of the chat endpoints, checked before they reach SQL. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The conversation id of the path; anything that cannot be one is simply not found. */
export function conversationIdParam(params: Record<string, string>): string {
  const id = params.id ?? '';
  if (!UUID.test(id)) throw new HttpError(404, chatMessages.conversationNotFound);
  return id.toLowerCase();
}

const DIGITS = /^\d{1,15}$/;

/** `?after=`: the last message id the client has; missing means from the start. */
export function afterParam(url: URL): number {
  const value = url.searchParams.get('after');
  if (value === null || value === '') return 0;
  if (!DIGITS.test(value)) throw new HttpError(400, chatMessages.afterInvalid, { after: chatMessages.afterInvalid });
  return Number(value);
}

/**
 * `?page=`: 1 when missing; a whole number from 1 on, else 400. A page far beyond the last is
 * valid (an empty page), so it is capped before it could overflow an OFFSET.
 */
export function pageParam(url: URL): number {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  if (!/^\d+$/.test(value) || /^0+$/.test(value)) throw new HttpError(400, chatMessages.pageInvalid, { page: chatMessages.pageInvalid });
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}
