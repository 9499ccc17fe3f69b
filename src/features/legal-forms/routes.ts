import * as v from 'valibot';
import type { CancellationAnswer } from '../../lib/contracts/cancellation-answer.ts';
import type { Json, Route } from '../../lib/http/route.ts';
import { AvRequestSchema } from '../../lib/schemas/forms/av-request.ts';
import { CancellationSchema, CustomerCancellationSchema } from '../../lib/schemas/forms/cancellation.ts';
import type { CancellationType, CancelledContract } from '../../lib/schemas/forms/cancellation-receipt.ts';
import type { FormAnswer } from '../../lib/schemas/forms/common.ts';
import { DemoRequestSchema } from '../../lib/schemas/forms/demo-request.ts';
import { IdentityTokenSchema } from '../../lib/schemas/forms/identity-link.ts';
import { OrderInquirySchema } from '../../lib/schemas/forms/order-inquiry.ts';
import { WithdrawalSchema, type WithdrawalAnswer } from '../../lib/schemas/forms/withdrawal.ts';

/**
 * The legal forms' endpoints in the route table (issue 37, decision 0074): the declarations a
 * German business must take – the cancellation of § 312k BGB and the withdrawal, both also posted
 * without JavaScript (decision 0033), with the identity links of their receipts (decision 0054) –
 * and the requests of the AV contract, a demo and an order inquiry.
 */

/** Every answer of an identity link's confirmation besides its own details. */
interface Confirmed {
  id: number;
  receivedAt: string;
  confirmedAt: string;
}

/** A confirmed cancellation: whoever holds the link controls the owner's mailbox, so its contract may be named. */
export interface ConfirmedCancellationAnswer extends Confirmed {
  contractName: string;
  type: CancellationType;
  /** The contract it is attributed to, with its end as it stands now; null when none fitted (an agent assigns it). */
  contract: CancelledContract | null;
}

/** A confirmed withdrawal and the orders withdrawn with it (empty while an agent checks it). */
export interface ConfirmedWithdrawalAnswer extends Confirmed {
  contract: string;
  withdrawnOrders: string[];
}

export const avRequest = { method: 'POST', path: '/api/forms/av-request', body: AvRequestSchema, answer: 'json' as Json<FormAnswer> } as const satisfies Route;
export const demoRequest = { method: 'POST', path: '/api/forms/demo-request', body: DemoRequestSchema, answer: 'json' as Json<FormAnswer> } as const satisfies Route;
export const orderInquiry = { method: 'POST', path: '/api/forms/order-inquiry', body: OrderInquirySchema, answer: 'json' as Json<FormAnswer> } as const satisfies Route;

/**
 * A cancellation: a visitor's whole form with the captcha, or a logged-in customer's declaration
 * alone (SPEC §6). The session decides which of the two schemas the function reads it with.
 */
export const cancellation = {
  method: 'POST',
  path: '/api/forms/cancellation',
  body: v.union([CancellationSchema, CustomerCancellationSchema]),
  formPost: true,
  answer: 'json' as Json<CancellationAnswer>,
} as const satisfies Route;
export const withdrawal = {
  method: 'POST',
  path: '/api/forms/withdrawal',
  body: WithdrawalSchema,
  formPost: true,
  answer: 'json' as Json<WithdrawalAnswer>,
} as const satisfies Route;

/** The button behind a cancellation receipt's identity link: a POST, so that mail scanners opening links confirm nothing. */
export const cancellationIdentity = {
  method: 'POST',
  path: '/api/forms/cancellation/identity',
  body: IdentityTokenSchema,
  answer: 'json' as Json<ConfirmedCancellationAnswer>,
} as const satisfies Route;
export const withdrawalIdentity = {
  method: 'POST',
  path: '/api/forms/withdrawal/identity',
  body: IdentityTokenSchema,
  answer: 'json' as Json<ConfirmedWithdrawalAnswer>,
} as const satisfies Route;

/** The identity links of the receipt mails: they hand the token to the confirmation page in the fragment. */
export const cancellationLink = { method: 'GET', path: '/vertraege-kuendigen/bestaetigen/:token', answer: 'redirect' } as const satisfies Route;
export const withdrawalLink = { method: 'GET', path: '/online-widerrufsformular/bestaetigen/:token', answer: 'redirect' } as const satisfies Route;
