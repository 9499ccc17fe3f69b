import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a leaked table does not open any account. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
