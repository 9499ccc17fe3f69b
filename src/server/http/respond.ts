/** JSON answers. Every error body has the shape `{ message, errors? }` with German texts. */

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
): Response {
  return json(errors ? { message, errors } : { message }, { status, headers });
}
