import * as v from 'valibot';
import type { SessionUser } from '../auth/session-user.ts';
import type { AccountOverview } from '../contracts/overview.ts';
import {
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UpdateAccountSchema,
} from '../schemas/auth.ts';
import type { Json, Route } from './route.ts';

/** An answer that only says it worked. */
type Done = { ok: boolean };
/** An answer with the server's German sentence for the person. */
type Said = { message: string };

/**
 * Every endpoint of the functions, once (issue 37, decision 0074): the server's endpoint() takes
 * its entry, the browser calls api(entry, …), links to documents use routeUrl(entry, …), and
 * tests/integration/http/route-table.test.ts proves that each function's `config.path` is its
 * entry's path. Netlify reads `config.path` without running the module, so the functions keep
 * their path as a literal beside the entry. One named export per entry, each a plain object: a
 * page bundles only the entries it calls and their schemas (`import * as routes` reads the table).
 *
 * The endpoints not yet in this table still declare themselves in their function (the test lists
 * them); they move here feature by feature.
 */

// Accounts (SPEC §4, issues 6 and 19).
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

// The customer area (decisions 0028 and 0030, issue 24).
export const accountOverview = { method: 'GET', path: '/api/account/overview', answer: 'json' as Json<AccountOverview> } as const satisfies Route;
/** The contract confirmation PDF stored with an order. */
export const accountOrderConfirmation = { method: 'GET', path: '/api/account/orders/:orderNumber/confirmation', answer: 'file' } as const satisfies Route;
/** A stored file of an invoice: `kind` pdf (the default) or xml; any other kind is not found. */
export const accountInvoiceDocument = {
  method: 'GET',
  path: '/api/account/invoices/:invoiceNumber/document',
  query: v.object({ kind: v.optional(v.string()) }),
  answer: 'file',
} as const satisfies Route;
