import * as v from 'valibot';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildOrigin } from './content/build-origin.ts';
import { buildRecordOfDeploy, inNetlifyFunction, isPreviewContext, type BuildRecord } from './deploy-context.ts';

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

const EnvSchema = v.object({
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '.data'),
  /** Production's database. Never used by a preview (see databaseFor). */
  DATABASE_URL: optionalText,
  /** Set by Netlify DB (Neon's Netlify extension): in a deploy preview the Neon branch made for it. */
  NETLIFY_DATABASE_URL: optionalText,
  /** A database for previews an operator sets with the Deploy Previews/Branch deploys scope (e.g. a Neon branch). */
  PREVIEW_DATABASE_URL: optionalText,
  DB_DRIVER: v.optional(v.picklist(['pglite', 'postgres', 'neon'])),
  /** host:port/path of a WebSocket-to-TCP proxy for the Neon driver (Neon's local-development setup). */
  NEON_WS_PROXY: optionalText,
  /** URL of a local endpoint speaking Neon's HTTP SQL protocol, for the Neon driver's single statements. */
  NEON_HTTP_PROXY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'Website <noreply@localhost>'),
  APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'APP_SECRET muss mindestens 32 Zeichen lang sein.'))),
  /** Proof-of-work tasks per form and their difficulty (leading hex zeros); see docs/decisions/0006. */
  HASHCASH_TASKS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(256)), '48'),
  HASHCASH_DIFFICULTY: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(6)), '4'),
  /** Mails with visitor-typed text to one visitor-typed address per 24 hours (docs/decisions/0040). */
  VISITOR_MAILS_PER_DAY: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100_000)), '5'),
  /** Google sign-in (OpenID Connect) is offered only when both are set; see docs/decisions/0012. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: v.optional(v.pipe(v.string(), v.trim(), v.url('GOOGLE_ISSUER muss eine URL sein.')), 'https://accounts.google.com'),
  /** Set by Netlify in builds; functions do not get it (see inNetlifyFunction). */
  NETLIFY: optionalText,
  /** The site's main address, set by Netlify; links in mails use it instead of the request's Host header. */
  URL: optionalText,
  /** An operator's choice of the public address; wins over URL, as in the build (buildOrigin). */
  SITE_URL: optionalText,
});

export type DbDriver = 'pglite' | 'postgres' | 'neon';

/** An OpenID provider registered for this site: Google, or a local one in tests. */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface Env {
  dataDir: string;
  databaseUrl: string | undefined;
  /** 'none': a preview without a database of its own; every use fails with a 503 (see openDb). */
  dbDriver: DbDriver | 'none';
  neonWsProxy: string | undefined;
  neonHttpProxy: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Key for every HMAC the server issues (CSRF, captcha, hashcash, ...). */
  appSecret: string;
  /** True on Netlify: no local files (mail copies, PGlite, generated secret). */
  onNetlify: boolean;
  /** Netlify's deploy context of the build these functions come from; undefined outside Netlify's function runtime. */
  deployContext: string | undefined;
  /** A deploy preview or branch deploy: its own database, mails only in the log, noindex. */
  preview: boolean;
  hashcash: { tasks: number; difficulty: number };
  /** See VISITOR_MAILS_PER_DAY above. */
  visitorMailsPerDay: number;
  /**
   * Origin for absolute links in mails and sign-in redirects, never taken from a request: the one
   * the pages are built for (SITE_URL, else Netlify's URL, else the local server); in a preview the
   * preview's own address its build recorded (see siteOriginOf).
   */
  siteOrigin: string;
  /** Undefined when Google sign-in is not configured: the button stays hidden. */
  google: OidcClientConfig | undefined;
}

function isNeonHost(url: string): boolean {
  try {
    return /(^|\.)neon\.tech$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Plain http only for a provider on this machine (tests, local development). */
function isTrustedIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function googleConfig(e: v.InferOutput<typeof EnvSchema>): OidcClientConfig | undefined {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: issuer } = e;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new Error('GOOGLE_CLIENT_ID und GOOGLE_CLIENT_SECRET müssen beide gesetzt sein (oder beide fehlen).');
  }
  if (!isTrustedIssuer(issuer)) throw new Error('GOOGLE_ISSUER muss https verwenden.');
  return { issuer, clientId, clientSecret };
}

/** A secret generated once per data directory, so local restarts keep issued tokens valid. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The public origin at run time. Production and local runs: as the build computes it
 * (buildOrigin). A preview's links must lead back to the preview, whose database alone knows the
 * token, but Netlify hands functions only URL (production's address); so the build records the
 * preview's own address (DEPLOY_PRIME_URL, set in every Netlify build) next to its context, and
 * that is the origin here. Never the request's: its Host header is the sender's to choose
 * (decision 0041). A preview whose build recorded no address cannot link anywhere safely: refused.
 */
function siteOriginOf(e: v.InferOutput<typeof EnvSchema>, preview: boolean, recordedOrigin: string | undefined): string {
  let origin: string;
  try {
    origin = buildOrigin({ SITE_URL: e.SITE_URL, URL: e.URL });
  } catch {
    throw new Error(`Ungültige Umgebungsvariablen: SITE_URL/URL: ${e.SITE_URL ?? e.URL} ist keine gültige Adresse.`);
  }
  if (!preview) return origin;
  if (recordedOrigin === undefined) {
    throw new Error('Vorschau ohne eigene Adresse: der Build hat DEPLOY_PRIME_URL nicht festgehalten.');
  }
  const url = URL.parse(recordedOrigin);
  // Only a web address has an origin to link to (`mailto:…` has the origin "null").
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`Vorschau mit ungültiger Adresse: der Build hat als DEPLOY_PRIME_URL „${recordedOrigin}“ festgehalten.`);
  }
  return url.origin;
}

/**
 * The database of this deploy. Production and local runs: DATABASE_URL, else the embedded PGlite.
 * A preview never takes DATABASE_URL, which is production's and usually reaches every context:
 * it takes the Neon branch Netlify DB made for it, else PREVIEW_DATABASE_URL, else none at all.
 */
function databaseFor(e: v.InferOutput<typeof EnvSchema>, preview: boolean): { url: string | undefined; driver: DbDriver | 'none' } {
  const url = preview ? (e.NETLIFY_DATABASE_URL ?? e.PREVIEW_DATABASE_URL) : e.DATABASE_URL;
  if (preview && !url) return { url, driver: 'none' };
  const driver = e.DB_DRIVER ?? (url ? (isNeonHost(url) ? 'neon' : 'postgres') : 'pglite');
  if (driver !== 'pglite' && !url) throw new Error(`DB_DRIVER=${driver} braucht DATABASE_URL.`);
  return { url, driver };
}

/**
 * Parses the environment. `build` is what the build recorded: its deploy context and the deploy's
 * own address (Netlify gives functions neither CONTEXT nor DEPLOY_PRIME_URL at runtime); outside
 * Netlify's function runtime there is no record.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env, build: BuildRecord = buildRecordOfDeploy()): Env {
  const parsed = v.safeParse(EnvSchema, source);
  if (!parsed.success) {
    const details = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Ungültige Umgebungsvariablen: ${details}`);
  }
  const e = parsed.output;
  const onNetlify = e.NETLIFY === 'true' || inNetlifyFunction();
  const preview = isPreviewContext(build.context);
  const dataDir = resolve(e.DATA_DIR);
  const database = databaseFor(e, preview);
  const siteOrigin = siteOriginOf(e, preview, build.origin);
  const google = googleConfig(e);
  if (onNetlify && !e.APP_SECRET) {
    throw new Error('APP_SECRET fehlt: auf Netlify muss ein geheimer Schlüssel (>= 32 Zeichen) gesetzt sein.');
  }
  return {
    dataDir,
    databaseUrl: database.url,
    dbDriver: database.driver,
    neonWsProxy: e.NEON_WS_PROXY,
    neonHttpProxy: e.NEON_HTTP_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET ?? localSecret(dataDir),
    onNetlify,
    deployContext: build.context,
    preview,
    hashcash: { tasks: e.HASHCASH_TASKS, difficulty: e.HASHCASH_DIFFICULTY },
    visitorMailsPerDay: e.VISITOR_MAILS_PER_DAY,
    siteOrigin,
    // Google accepts only the redirect URIs registered for the site; a preview's own address is
    // not one of them, so the button stays hidden there instead of ending in Google's error page.
    google: preview ? undefined : google,
  };
}

let cached: Env | undefined;

/** The environment, parsed once per process (cold start). */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
