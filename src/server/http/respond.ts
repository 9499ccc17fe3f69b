import type { ErrorCode } from '../../lib/http/error-codes.ts';

/**
 * JSON answers. Every error body has the shape `{ message, errors?, code? }` with German texts.
 * The answers carry their kind as a type only (issue 37): a handler of a route must return the
 * answer its entry in the route table (src/features/<feature>/routes.ts) declares, or an error,
 * and the compiler checks it.
 */

declare const jsonType: unique symbol;
declare const errorKind: unique symbol;
declare const emptyKind: unique symbol;
declare const pageKind: unique symbol;

/** A JSON answer of type T. */
export type JsonResponse<T> = Response & { readonly [jsonType]: T };
/** An error answer, which every route may give. */
export type ErrorResponse = Response & { readonly [errorKind]: true };
/** 204 without a body. */
export type EmptyResponse = Response & { readonly [emptyKind]: true };
/** An HTML page: the answer to a form posted without JavaScript (routes with formPost). */
export type PageResponse = Response & { readonly [pageKind]: true };

export function json<T>(data: T, init: ResponseInit = {}): JsonResponse<T> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers }) as JsonResponse<T>;
}

/** An HTML page with its own Content-Security-Policy. */
export function htmlPage(status: number, html: string, contentSecurityPolicy: string): PageResponse {
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': contentSecurityPolicy } }) as PageResponse;
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

/** A file a function hands out: a stored invoice, a contract confirmation, a SEPA file, an export. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  content: Uint8Array | string;
}

/**
 * A file as a download, the one way the functions send one (issue 37): never cached (each carries a
 * customer's address, bank data or account) and named for the disk. The names the functions give
 * are ASCII ('Rechnung-RE-000042.pdf'); any other character becomes '_', so the header stays valid
 * whatever was stored. XML and JSON say their charset.
 */
export function fileResponse(file: DownloadFile, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const content = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : new Uint8Array(file.content);
  const textual = /^application\/(xml|json)$/.test(file.contentType);
  return new Response(content, {
    status: init.status ?? 200,
    headers: {
      ...init.headers,
      'Content-Type': textual ? `${file.contentType}; charset=utf-8` : file.contentType,
      'Content-Length': String(content.byteLength),
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  });
}
