import * as v from 'valibot';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

const EnvSchema = v.object({
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '.data'),
  DATABASE_URL: optionalText,
  DB_DRIVER: v.optional(v.picklist(['pglite', 'postgres', 'neon'])),
  /** host:port/path of a WebSocket-to-TCP proxy for the Neon driver (Neon's local-development setup). */
  NEON_WS_PROXY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'Website <noreply@localhost>'),
  APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'APP_SECRET muss mindestens 32 Zeichen lang sein.'))),
  /** Proof-of-work tasks per form and their difficulty (leading hex zeros); see docs/decisions/0006. */
  HASHCASH_TASKS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(256)), '48'),
  HASHCASH_DIFFICULTY: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(6)), '4'),
  /** Google sign-in (OpenID Connect) is offered only when both are set; see docs/decisions/0012. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: v.optional(v.pipe(v.string(), v.trim(), v.url('GOOGLE_ISSUER muss eine URL sein.')), 'https://accounts.google.com'),
  /** Set by Netlify in builds; functions do not get it (see inNetlifyFunction). */
  NETLIFY: optionalText,
  /** The site's main address, set by Netlify; links in mails use it instead of the request's Host header. */
  URL: optionalText,
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
  dbDriver: DbDriver;
  neonWsProxy: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Key for every HMAC the server issues (CSRF, captcha, hashcash, ...). */
  appSecret: string;
  /** True on Netlify: no local files (mail copies, PGlite, generated secret). */
  onNetlify: boolean;
  hashcash: { tasks: number; difficulty: number };
  /** Origin for absolute links in mails (Netlify's URL); undefined locally, where the request's origin is used. */
  siteOrigin: string | undefined;
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
 * Netlify sets NETLIFY only in builds: of its read-only variables, functions get just URL,
 * SITE_NAME and SITE_ID at runtime. Its function runtime (also under `netlify serve`) defines
 * the `Netlify` global before it loads a function, so that is how a function knows where it runs.
 */
function inNetlifyFunction(): boolean {
  return 'Netlify' in globalThis;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`Ungültige Umgebungsvariablen: URL: ${url} ist keine gültige Adresse.`);
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = v.safeParse(EnvSchema, source);
  if (!parsed.success) {
    const details = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Ungültige Umgebungsvariablen: ${details}`);
  }
  const e = parsed.output;
  const onNetlify = e.NETLIFY === 'true' || inNetlifyFunction();
  const dataDir = resolve(e.DATA_DIR);
  const dbDriver: DbDriver =
    e.DB_DRIVER ?? (e.DATABASE_URL ? (isNeonHost(e.DATABASE_URL) ? 'neon' : 'postgres') : 'pglite');
  if (dbDriver !== 'pglite' && !e.DATABASE_URL) {
    throw new Error(`DB_DRIVER=${dbDriver} braucht DATABASE_URL.`);
  }
  if (onNetlify && !e.APP_SECRET) {
    throw new Error('APP_SECRET fehlt: auf Netlify muss ein geheimer Schlüssel (>= 32 Zeichen) gesetzt sein.');
  }
  return {
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbDriver,
    neonWsProxy: e.NEON_WS_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET ?? localSecret(dataDir),
    onNetlify,
    hashcash: { tasks: e.HASHCASH_TASKS, difficulty: e.HASHCASH_DIFFICULTY },
    siteOrigin: e.URL ? originOf(e.URL) : undefined,
    google: googleConfig(e),
  };
}

let cached: Env | undefined;

/** The environment, parsed once per process (cold start). */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
