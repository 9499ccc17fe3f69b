import type { ErrorCode } from '../../lib/http/error-codes.ts';

/** JSON answers. Every error body has the shape `{ message, errors?, code? }` with German texts. */

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorJson(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers?: Record<string, string>,
  code?: ErrorCode,
): Response {
  return json({ message, ...(errors && { errors }), ...(code && { code }) }, { status, headers });
}
