import * as v from 'valibot';
import type { Json, Route } from '../../lib/http/route.ts';
import type { FormAnswer } from '../../lib/schemas/forms/common.ts';
import { ConfiguratorInquirySchema } from '../../lib/schemas/configurator.ts';
import { ContactInquirySchema } from '../../lib/schemas/contact.ts';

/**
 * The inquiries' endpoint (SPEC §7) in the route table (issue 37, decision 0074): the contact form
 * of the start page and the order configurator's request send here.
 */

/**
 * The two bodies SPEC §7 allows: a body with a `configurator` state is the configurator's
 * inquiry, anything else the contact form's. Choosing the schema by that key (instead of a
 * union) keeps the per-field German messages of whichever form sent it.
 */
const InquirySchema = v.lazy((input: unknown) =>
  typeof input === 'object' && input !== null && 'configurator' in input ? ConfiguratorInquirySchema : ContactInquirySchema,
);

/** An inquiry is stored and its mails queued: the receipt's number and time. */
export const inquiry = { method: 'POST', path: '/api/inquiry', body: InquirySchema, answer: 'json' as Json<FormAnswer> } as const satisfies Route;
