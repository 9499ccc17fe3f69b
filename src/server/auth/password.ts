import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { loadPasswordJudge, weakPasswordMessage } from '../../lib/password-strength.ts';
import { HttpError } from '../http/errors.ts';

/** ARCHITECTURE §4: bcrypt with cost ≥ 10. */
const COST = 10;

/**
 * Decision 0038: bcrypt reads at most 72 bytes, and a passphrase of 64 characters with umlauts
 * or in another script is longer. New hashes are bcrypt over the base64 of SHA-256 of the NFC
 * form (44 ASCII bytes whatever the length; base64, not raw digest bytes, because bcrypt stops
 * at a NUL byte). The marker tells them from the plain bcrypt hashes stored before, which still
 * verify and are replaced on the next successful login.
 */
const PREHASHED = 'sha256b64$';

function prehash(password: string): string {
  return createHash('sha256').update(password.normalize('NFC'), 'utf8').digest('base64');
}

export async function hashPassword(password: string): Promise<string> {
  return PREHASHED + (await bcrypt.hash(prehash(password), COST));
}

export type PasswordCheck = { valid: boolean; needsRehash: boolean };

export async function verifyPassword(password: string, hash: string): Promise<PasswordCheck> {
  if (hash.startsWith(PREHASHED)) {
    return { valid: await bcrypt.compare(prehash(password), hash.slice(PREHASHED.length)), needsRehash: false };
  }
  // A plain bcrypt hash compares only the first 72 bytes: a longer password is never the right one.
  const withinBcrypt = new TextEncoder().encode(password).length <= 72;
  const valid = (await bcrypt.compare(password, hash)) && withinBcrypt;
  return { valid, needsRehash: valid };
}

/**
 * Refuses a common, breached or otherwise guessable new password (ASVS 2.1.7) with the
 * library's German advice, for the form field `field`. `userInputs` (address, name) count as known
 * to an attacker.
 */
export async function assertStrongPassword(password: string, field: string, userInputs: string[] = []): Promise<void> {
  const strength = (await loadPasswordJudge())(password, userInputs);
  if (strength.acceptable) return;
  const message = weakPasswordMessage(strength);
  throw new HttpError(400, message, { [field]: message });
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
