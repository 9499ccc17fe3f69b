import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import * as v from 'valibot';
import type { OidcClientConfig } from '../env.ts';
import { GoogleSignInError } from './google-failure.ts';

/**
 * The relying-party side of the OpenID Connect authorization-code flow with PKCE: discovery,
 * the authorization URL, the code exchange and the ID token check. Written against the
 * standard, not against Google, so the tests run it against a local provider.
 */

export interface OidcProvider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  keys: JWTVerifyGetKey;
}

/** Google signs ID tokens with RS256; pinning it also rules out `alg: none` and HMAC confusion. */
const ID_TOKEN_ALGORITHMS = ['RS256'];
const PROVIDER_TIMEOUT_MS = 10_000;

const MetadataSchema = v.object({
  issuer: v.string(),
  authorization_endpoint: v.pipe(v.string(), v.url()),
  token_endpoint: v.pipe(v.string(), v.url()),
  jwks_uri: v.pipe(v.string(), v.url()),
});

const TokenResponseSchema = v.object({ id_token: v.pipe(v.string(), v.nonEmpty()) });

async function fetchProvider(input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (cause) {
    throw new GoogleSignInError('unreachable', { cause });
  }
}

async function loadProvider(issuer: string): Promise<OidcProvider> {
  // OpenID Connect Discovery 1.0 §4: a trailing slash of the issuer is dropped before the suffix.
  const response = await fetchProvider(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
  });
  const metadata = v.safeParse(MetadataSchema, response.ok ? await response.json().catch(() => null) : null);
  // §4.3: the document must name exactly the issuer we asked, or its keys prove nothing.
  if (!metadata.success || metadata.output.issuer !== issuer) {
    throw new GoogleSignInError('unreachable', { cause: new Error(`Discovery von ${issuer} fehlgeschlagen (${response.status})`) });
  }
  return {
    issuer,
    authorizationEndpoint: metadata.output.authorization_endpoint,
    tokenEndpoint: metadata.output.token_endpoint,
    // jose caches the key set and refetches it when a token names an unknown key (rotation).
    keys: createRemoteJWKSet(new URL(metadata.output.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_MS }),
  };
}

const providers = new Map<string, Promise<OidcProvider>>();

/** The provider's endpoints and keys, discovered once per process; a failure is retried next time. */
export function discoverProvider(issuer: string): Promise<OidcProvider> {
  let pending = providers.get(issuer);
  if (!pending) {
    pending = loadProvider(issuer);
    providers.set(issuer, pending);
    pending.catch(() => providers.delete(issuer));
  }
  return pending;
}

/** RFC 7636 S256: the challenge sent up front is the hash of the verifier revealed at the exchange. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function authorizationUrl(provider: OidcProvider, client: OidcClientConfig, request: AuthorizationRequest): URL {
  const url = new URL(provider.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', request.state);
  url.searchParams.set('nonce', request.nonce);
  url.searchParams.set('code_challenge', pkceChallenge(request.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url;
}

/** Exchanges the code (client_secret_post plus the PKCE verifier) for the ID token. */
export async function exchangeCode(
  provider: OidcProvider,
  client: OidcClientConfig,
  exchange: { code: string; redirectUri: string; codeVerifier: string },
): Promise<string> {
  const response = await fetchProvider(provider.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code_verifier: exchange.codeVerifier,
    }),
  });
  if (response.status >= 500) throw new GoogleSignInError('unreachable', { cause: new Error(`Token-Endpunkt: ${response.status}`) });
  // A 4xx is about this code (spent, expired, verifier mismatch), not about the provider.
  const body = v.safeParse(TokenResponseSchema, response.ok ? await response.json().catch(() => null) : null);
  if (!body.success) throw new GoogleSignInError('invalid', { cause: new Error(`Token-Endpunkt: ${response.status}`) });
  return body.output.id_token;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Google's ID tokens name the issuer with or without the scheme (Google's OpenID Connect guide,
 * "Validating an ID token"); every other issuer must match exactly.
 */
function acceptedIssuers(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

/**
 * OpenID Connect Core §3.1.3.7: signature by the provider's key, issuer, audience (and the
 * authorized party when there are several audiences), expiry and the nonce of this flow.
 */
export async function verifyIdToken(
  provider: OidcProvider,
  client: OidcClientConfig,
  idToken: string,
  nonce: string,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, provider.keys, {
      issuer: acceptedIssuers(provider.issuer),
      audience: client.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      requiredClaims: ['sub', 'iat', 'exp', 'nonce'],
      clockTolerance: 30,
    }));
  } catch (cause) {
    const offline = cause instanceof errors.JWKSTimeout || !(cause instanceof errors.JOSEError);
    throw new GoogleSignInError(offline ? 'unreachable' : 'invalid', { cause });
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const authorizedParty = audiences.length > 1 ? payload.azp === client.clientId : true;
  if (typeof payload.nonce !== 'string' || !sameText(payload.nonce, nonce) || !authorizedParty) {
    throw new GoogleSignInError('invalid', { cause: new Error('Nonce oder azp des ID-Tokens passen nicht.') });
  }
  return payload;
}
