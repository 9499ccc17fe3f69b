import * as v from 'valibot';
import type { PostedForm, PostedReceipt } from '../../lib/forms/posted-form.ts';
import type { ReceiptText, SummaryLine } from '../../lib/schemas/forms/common.ts';
import { fieldErrors } from '../../lib/schemas/issues.ts';
import { captchaQuestion } from '../../lib/security/captcha.ts';
import { getDb, type Db } from '../db/index.ts';
import { env } from '../env.ts';
import type { Route } from '../../lib/http/route.ts';
import { on, type RequestContext, type RouteContext, type RouteHandler, type RouteResponse } from '../http/endpoint.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import type { RateLimitName } from '../rate-limits.ts';
import { checkCaptcha, type CaptchaMode } from '../security/captcha.ts';
import { CAPTCHA_COOKIE, issueBrowserCaptcha } from '../security/captcha-cookie.ts';
import { securityCheckMessages } from '../security/check.ts';
import { htmlPage, type PageResponse } from '../http/respond.ts';
import { deliverAfterCommit, type StoredRecord, type SubmissionMails } from './submission.ts';

/**
 * A declaration (cancellation, withdrawal) posted as an HTML form without JavaScript (decision
 * 0033): validated with the same schema as the JSON body, stored by the same function, answered
 * with an HTML page instead of JSON – the receipt, or the same form component again with
 * everything typed and the errors in German.
 */
interface DeclarationPost<S extends v.GenericSchema, R extends StoredRecord> {
  rateLimit: RateLimitName;
  /** The submission's schema: the fields and the captcha. */
  schema: S;
  /** The page with the form's island in the posted state, as HTML (src/components/forms/declaration-pages.ts). */
  formPage: (posted: PostedForm) => string;
  /** The receipt page, as HTML. */
  receiptPage: (receipt: PostedReceipt) => string;
  /** The withdrawal's second step (§ 356a BGB): a first post shows the declaration to confirm. */
  confirmStep?: boolean;
  store: (declaration: v.InferOutput<S>) => Promise<R & SubmissionMails>;
  receipt: (declaration: v.InferOutput<S>, stored: R & SubmissionMails) => ReceiptText & { lines: SummaryLine[] };
}

/** A declaration's route: the form posted without JavaScript, and the island's JSON. */
export interface DeclarationEndpoint<D extends Route, S extends v.GenericSchema, R extends StoredRecord> {
  rateLimit: RateLimitName;
  /** The schema of the form posted without JavaScript. */
  schema: S;
  /** How that form post is stored and answered as HTML pages. */
  formPost: (ctx: RouteContext<D>, db: Db) => Omit<DeclarationPost<S, R>, 'rateLimit' | 'schema'>;
  /** The island's JSON post, after the same rate limit. */
  json: (ctx: RouteContext<D>, db: Db) => Promise<RouteResponse<D>>;
}

/** The handler of a declaration's route (one that takes form posts): one rate limit, two ways in (decision 0033). */
export function declarationHandler<D extends Route & { formPost: true }, S extends v.GenericSchema, R extends StoredRecord>(
  route: D,
  declaration: DeclarationEndpoint<D, S, R>,
): RouteHandler<D> {
  return on(route, async (ctx) => {
    const db = await getDb();
    if (ctx.formPost) {
      const page = await answerDeclarationPost(ctx, { rateLimit: declaration.rateLimit, schema: declaration.schema, ...declaration.formPost(ctx, db) });
      // A page is an answer of every route that takes form posts (D's constraint); the compiler cannot resolve that for a generic D.
      return page as RouteResponse<D>;
    }
    await ctx.rateLimit(declaration.rateLimit);
    return declaration.json(ctx, db);
  });
}

/** Only what the page may load: our stylesheet and the captcha picture; no scripts at all. */
const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The fields the form's buttons and hidden inputs add; never part of a declaration. */
const CONTROLS = ['captcha', 'captcha_mode', 'captcha_kind', 'edit', 'confirmed'];

const page = (status: number, html: string) => htmlPage(status, html, PAGE_CSP);

async function answerDeclarationPost<S extends v.GenericSchema, R extends StoredRecord>(
  ctx: Omit<RequestContext, 'params' | 'body'>,
  post: DeclarationPost<S, R>,
): Promise<PageResponse> {
  const fields = await ctx.formFields();
  const values = Object.fromEntries(Object.entries(fields).filter(([name]) => !CONTROLS.includes(name)));
  const kind: CaptchaMode = (fields.captcha_mode ?? fields.captcha_kind) === 'text' ? 'text' : 'image';

  /** The form again with a new captcha of the kind shown (the picture issues its own when it loads). */
  const form = async (status: number, errors: Record<string, string> = {}, refusal?: string) => {
    const db = await getDb();
    const captcha = kind === 'text' ? { mode: kind, image: null, question: captchaQuestion(await issueBrowserCaptcha(db, ctx, 'text')) } : {};
    return page(status, post.formPage({ values, errors, refusal, captcha }));
  };

  try {
    await ctx.rateLimit(post.rateLimit);
    // 'Neues Bild', 'Code als Text anzeigen' and 'Angaben ändern': the form again, nothing checked.
    if (fields.captcha_mode !== undefined || fields.edit !== undefined) return await form(200);

    const parsed = v.safeParse(post.schema, fields);
    if (!parsed.success) return await form(400, fieldErrors(parsed.issues), httpMessages.invalidInput);
    const declaration = parsed.output;

    if (post.confirmStep && fields.confirmed === undefined) {
      // The code is checked, not spent: a wrong guess counts, the right one confirms the next post.
      const id = ctx.cookies.get(CAPTCHA_COOKIE);
      if (!id || !(await checkCaptcha(await getDb(), env().appSecret, id, fields.captcha ?? ''))) {
        return await form(400, { captcha: securityCheckMessages.captchaInvalid }, securityCheckMessages.captchaInvalid);
      }
      const captcha = { mode: kind, image: null, question: null, input: fields.captcha ?? '' };
      return page(200, post.formPage({ values, errors: {}, reviewing: true, captcha }));
    }

    const stored = await post.store(declaration);
    await deliverAfterCommit(await getDb(), stored);
    const { title, lead, lines } = post.receipt(declaration, stored);
    return page(201, post.receiptPage({ title, lead, id: stored.id, receivedAt: stored.receivedAt.toISOString(), lines }));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    const response = await form(error.status, error.errors ?? {}, error.message);
    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
    return response;
  }
}
