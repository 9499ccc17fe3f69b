import * as v from 'valibot';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { HttpError, httpMessages } from './errors.ts';

/** 64 KiB: more than any form of the site sends, little enough to refuse abuse early. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * 413 for a body that announces more than the limit. The endpoint checks it for every
 * state-changing request, so a handler that reads no body (logout, mark as read) refuses an
 * oversized one like all others instead of answering 2xx to it.
 */
export function assertDeclaredSize(request: Request, maxBytes: number): void {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, httpMessages.payloadTooLarge);
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  assertDeclaredSize(request, maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, httpMessages.payloadTooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const type = header.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || (type?.startsWith('application/') === true && type.endsWith('+json'));
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** What a browser sends for a <form method="post"> without scripts (the default enctype). */
export function isFormContentType(header: string | null): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === FORM_CONTENT_TYPE;
}

/**
 * Reads an HTML form post (application/x-www-form-urlencoded, size-limited like JSON) into the
 * object shape the JSON body has, so the same schema validates it. A name sent twice keeps its
 * first value: the declaration forms have no multiple-choice fields.
 */
export async function readFormBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<Record<string, string>> {
  if (!isFormContentType(request.headers.get('content-type'))) throw new HttpError(415, httpMessages.unsupportedMediaType);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readLimited(request, maxBytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, httpMessages.invalidInput);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/**
 * Reads a JSON body (size-limited) and validates it with the same valibot schema the form
 * uses. An empty body is `undefined`, so a schema decides whether a body is required.
 */
export async function readJsonBody<S extends v.GenericSchema>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<v.InferOutput<S>> {
  const bytes = await readLimited(request, maxBytes);
  let value: unknown = undefined;
  if (bytes.byteLength > 0) {
    if (!isJsonContentType(request.headers.get('content-type'))) {
      throw new HttpError(415, httpMessages.unsupportedMediaType);
    }
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw new HttpError(400, httpMessages.invalidJson);
    }
  }
  return validate(schema, value);
}

export function validate<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new HttpError(400, httpMessages.invalidInput, fieldErrors(result.issues));
  return result.output;
}
