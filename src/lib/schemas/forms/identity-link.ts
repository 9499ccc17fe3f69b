import * as v from 'valibot';
import { MISSING_FIELDS } from './common.ts';

/**
 * The identity link of a declaration's receipt mail (cancellation, withdrawal; decision 0054): the
 * page behind it posts the token when the person presses the button, and the server checks it
 * with this schema. A token is 32 random bytes, base64url.
 */
export const identityLinkMessages = {
  unknown: 'Dieser Bestätigungslink ist ungültig. Bitte verwenden Sie den vollständigen Link aus unserer E-Mail.',
} as const;

export const IdentityTokenSchema = v.object(
  {
    token: v.pipe(v.string(identityLinkMessages.unknown), v.regex(/^[A-Za-z0-9_-]{43}$/, identityLinkMessages.unknown)),
  },
  MISSING_FIELDS,
);
