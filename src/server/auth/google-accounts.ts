import type { JWTPayload } from 'jose';
import * as v from 'valibot';
import { RegisterSchema } from '../../lib/schemas/auth.ts';
import { EmailSchema } from '../../lib/schemas/fields.ts';
import type { Db, Queryable } from '../db/index.ts';
import { attachOrdersOfVerifiedAddress } from '../orders/attach-to-account.ts';
import { markAddressVerified } from './email-verification.ts';
import { GoogleSignInError } from './google-failure.ts';
import { revokeUserSessions } from './session.ts';

/** Who Google says signed in: its stable subject id and a verified e-mail address. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  displayName: string;
}

const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.nonEmpty(), v.maxLength(255)),
  email: v.pipe(EmailSchema, v.toLowerCase()),
  email_verified: v.optional(v.unknown()),
  name: v.optional(v.unknown()),
});

const DisplayNameSchema = RegisterSchema.entries.displayName;

/**
 * The identity in a verified ID token. Only an address Google has verified may open or link an
 * account; the display name is the Google name when it fits the account rules, else the part of
 * the address before the @.
 */
export function googleIdentity(claims: JWTPayload): GoogleIdentity {
  const parsed = v.safeParse(ClaimsSchema, claims);
  if (!parsed.success) throw new GoogleSignInError('invalid', { cause: new Error('ID-Token ohne sub oder gültige E-Mail-Adresse') });
  const { sub, email, email_verified: verified, name } = parsed.output;
  if (verified !== true) throw new GoogleSignInError('unverified');
  const fromName = v.safeParse(DisplayNameSchema, name);
  const displayName = fromName.success ? fromName.output : v.parse(DisplayNameSchema, email.slice(0, email.lastIndexOf('@')));
  return { sub, email, displayName };
}

async function findOrCreate(tx: Queryable, identity: GoogleIdentity): Promise<string | null> {
  const linked = await tx.query<{ id: string }>('SELECT id FROM users WHERE google_sub = $1', [identity.sub]);
  if (linked.rows[0]) return linked.rows[0].id;

  const byEmail = await tx.query<{ id: string; google_sub: string | null; verified: boolean }>(
    'SELECT id, google_sub, email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1 FOR UPDATE',
    [identity.email],
  );
  const existing = byEmail.rows[0];
  if (existing) {
    // One Google account per account: a second one could otherwise take over the first's link.
    if (existing.google_sub !== null) throw new GoogleSignInError('linkedElsewhere');
    await tx.query('UPDATE users SET google_sub = $1 WHERE id = $2', [identity.sub, existing.id]);
    if (!existing.verified) {
      // Nobody has confirmed this address yet: whoever registered it may not be its owner. Google
      // has verified it now, so the password and the sessions of that registration end; the owner
      // can set a password again with "Passwort vergessen?" (the link goes to this address). An
      // account confirmed by its link keeps both: its password holder has shown the address too.
      await tx.query('UPDATE users SET password_hash = NULL WHERE id = $1', [existing.id]);
      await revokeUserSessions(tx, existing.id);
    }
    // Verified now: the guest orders of the address become the account's (issue 19).
    await markAddressVerified(tx, existing.id);
    return existing.id;
  }

  const created = await tx.query<{ id: string }>(
    `INSERT INTO users (email, display_name, password_hash, google_sub, email_verified_at) VALUES ($1, $2, NULL, $3, now())
     ON CONFLICT DO NOTHING RETURNING id`,
    [identity.email, identity.displayName, identity.sub],
  );
  const id = created.rows[0]?.id;
  // A new account for a verified address may find orders placed under it as a guest before.
  if (id) await attachOrdersOfVerifiedAddress(tx, id);
  return id ?? null;
}

/**
 * The account to sign in: the one linked to this Google account, else the one with this e-mail
 * address (now linked and verified; if nobody had confirmed the address, its password and sessions
 * end), else a new verified customer account without a password. The last two get the guest
 * orders of the address. A concurrent first sign-in of the same person makes the insert miss; the
 * second look finds that account.
 */
export async function accountForGoogle(db: Db, identity: GoogleIdentity): Promise<string> {
  return db.transaction(async (tx) => {
    const id = (await findOrCreate(tx, identity)) ?? (await findOrCreate(tx, identity));
    if (!id) throw new Error('Konto für die Google-Anmeldung konnte nicht angelegt werden.');
    return id;
  });
}
