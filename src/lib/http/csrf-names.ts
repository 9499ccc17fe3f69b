/** Names shared by the browser (which echoes the token) and the server (which checks it). */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';
