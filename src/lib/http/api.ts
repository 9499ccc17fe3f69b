import { CSRF_COOKIE, CSRF_HEADER } from './csrf-names.ts';

/** The CSRF token the server set as a readable cookie (ARCHITECTURE §4), if any. */
export function csrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** An answer that was not 2xx, with the server's German message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
    return new ApiError(response.status, message || `HTTP error! status: ${response.status}`, errors);
  } catch {
    return new ApiError(response.status, text.trim() || `HTTP error! status: ${response.status}`);
  }
}

let pendingCookies: Promise<void> | null = null;

/**
 * Makes sure this browser has its visitor and CSRF cookies before talking to the functions.
 * Without them, two parallel first requests would each be given a different visitor id, and
 * whatever the first one bound to its visitor (a captcha, the CSRF token) would not match the
 * cookie that arrived last. One shared GET to /api/health sets both before anything else runs.
 */
export function ensureVisitorCookies(): Promise<void> {
  if (csrfToken()) return Promise.resolve();
  pendingCookies ??= fetch('/api/health', { credentials: 'same-origin' })
    // Read the (tiny) body: an unread one keeps the request open, and the page never gets network-idle.
    .then((response) => response.arrayBuffer())
    .then(() => undefined)
    .finally(() => {
      pendingCookies = null;
    });
  return pendingCookies;
}

/**
 * JSON request to our own functions. State-changing methods echo the CSRF cookie in the
 * X-CSRF-Token header; the visitor's cookies are obtained first when missing.
 */
export async function apiFetch<T>(path: string, init: { method?: string; json?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json' };
  await ensureVisitorCookies();
  if (method !== 'GET') {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: init.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as T;
}
