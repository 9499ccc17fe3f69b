import * as v from 'valibot';
import type { SessionUser } from '../../lib/auth/session-user.ts';
import type { Done, Json, Route, Said } from '../../lib/http/route.ts';
import {
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UpdateAccountSchema,
} from '../../lib/schemas/auth.ts';

/**
 * The accounts' endpoints (SPEC §4, issues 6 and 19) in the route table (issue 37, decision 0074):
 * the functions' endpoint() takes each entry, the browser calls api(entry, …) and links with
 * routeUrl(entry, …). One module per feature, so that a page bundles only the entries of the
 * features it uses, with their schemas; tests/integration/http/route-table.test.ts reads every
 * feature's routes.ts as the table.
 */

export const authMe = { method: 'GET', path: '/api/auth/me', answer: 'json' as Json<SessionUser> } as const satisfies Route;
export const authLogin = { method: 'POST', path: '/api/auth/login', body: LoginSchema, answer: 'json' as Json<Done> } as const satisfies Route;
export const authLogout = { method: 'POST', path: '/api/auth/logout', answer: 'empty' } as const satisfies Route;
export const authProviders = { method: 'GET', path: '/api/auth/providers', answer: 'json' as Json<{ google: boolean }> } as const satisfies Route;
export const authRegister = { method: 'POST', path: '/api/auth/register', body: RegisterSchema, answer: 'json' as Json<Said> } as const satisfies Route;
export const authForgotPassword = { method: 'POST', path: '/api/auth/forgot-password', body: ForgotPasswordSchema, answer: 'json' as Json<Said> } as const satisfies Route;
export const authResetPassword = { method: 'POST', path: '/api/auth/reset-password', body: ResetPasswordSchema, answer: 'json' as Json<Done> } as const satisfies Route;
export const authConfirmEmail = { method: 'POST', path: '/api/auth/confirm-email', body: ConfirmEmailSchema, answer: 'json' as Json<Said> } as const satisfies Route;
/** Starts the sign-in with Google; `returnTo` is the page to come back to (the server keeps it on the site). */
export const authGoogle = {
  method: 'GET',
  path: '/api/auth/google',
  query: v.object({ returnTo: v.optional(v.string()) }),
  answer: 'redirect',
} as const satisfies Route;
/**
 * Google's redirect back after the sign-in (OpenID Connect's authorization code, its state, or an
 * error such as access_denied). Every answer is a redirect: whatever Google sends, the visitor
 * lands on a page of ours, so the query accepts any value and the function judges it.
 */
export const authGoogleCallback = {
  method: 'GET',
  path: '/auth/google/callback',
  query: v.object({ code: v.optional(v.string()), state: v.optional(v.string()), error: v.optional(v.string()) }),
  answer: 'redirect',
} as const satisfies Route;
export const accountUpdate = { method: 'PATCH', path: '/api/account', body: UpdateAccountSchema, answer: 'json' as Json<SessionUser> } as const satisfies Route;
export const accountDelete = { method: 'DELETE', path: '/api/account', body: DeleteAccountSchema, answer: 'empty' } as const satisfies Route;
export const accountPassword = { method: 'POST', path: '/api/account/password', body: ChangePasswordSchema, answer: 'json' as Json<Done> } as const satisfies Route;
export const accountConfirmationLink = {
  method: 'POST',
  path: '/api/account/confirmation-link',
  answer: 'json' as Json<Said & { emailVerified: boolean }>,
} as const satisfies Route;
/** The account's data as a JSON download (GDPR Art. 20). */
export const accountExport = { method: 'GET', path: '/api/account/export', answer: 'file' } as const satisfies Route;
