import bcrypt from 'bcryptjs';

/** ARCHITECTURE §4: bcrypt with cost ≥ 10. */
const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/**
 * A valid hash of a password nobody has: comparing against it for unknown e-mail addresses
 * costs as much as a real check, so timing does not reveal whether an account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('kein-konto-vorhanden-' + Math.random());
  return decoy;
}
