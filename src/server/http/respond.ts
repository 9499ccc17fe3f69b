import type { ErrorCode } from '../../lib/http/error-codes.ts';

/**
 * JSON answers. Every error body has the shape `{ message, errors?, code? }` with German texts.
 * The answers carry their kind as a type only (issue 37): a handler of a route must return the
 * answer its entry in src/lib/http/routes.ts declares, or an error, and the compiler checks it.
 */

declare const jsonType: unique symbol;
declare const errorKind: unique symbol;
declare const emptyKind: unique symbol;

/** A JSON answer of type T. */
export type JsonResponse<T> = Response & { readonly [jsonType]: T };
/** An error answer, which every route may give. */
export type ErrorResponse = Response & { readonly [errorKind]: true };
/** 204 without a body. */
export type EmptyResponse = Response & { readonly [emptyKind]: true };

export function json<T>(data: T, init: ResponseInit = {}): JsonResponse<T> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers }) as JsonResponse<T>;
}

export function noContent(): EmptyResponse {
  return new Response(null, { status: 204 }) as EmptyResponse;
}

export function errorJson(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers?: Record<string, string>,
  code?: ErrorCode,
): ErrorResponse {
  return json({ message, ...(errors && { errors }), ...(code && { code }) }, { status, headers }) as Response as ErrorResponse;
}
