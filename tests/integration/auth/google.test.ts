import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import callback, { config as callbackConfig } from '../../../netlify/functions/auth-google-callback.mts';
import googleStart from '../../../netlify/functions/auth-google.mts';
import login from '../../../netlify/functions/auth-login.mts';
import me from '../../../netlify/functions/auth-me.mts';
import providers from '../../../netlify/functions/auth-providers.mts';
import register from '../../../netlify/functions/auth-register.mts';
import { authGoogleCallback } from '../../../src/features/accounts/routes.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { ORIGIN, Visitor } from '../http/visitor.ts';
import confirm from '../../../netlify/functions/auth-confirm-email.mts';
import { ownersOf, placeOrder } from './guest-orders.ts';
import { confirmationToken, loggedIn, newAccount, primed } from './helpers.ts';
import { TestProvider } from './oidc-provider.ts';
import { Events, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { withProofOfWork } from '../orders/proof-of-work.ts';

const CLIENT_ID = 'website-test-client.apps.example';
const provider = new TestProvider();

beforeAll(async () => {
  await provider.start();
  // Read by the env module on the first request of this file, after the provider has its port.
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
  process.env.GOOGLE_CLIENT_SECRET = 'test-client-secret';
  process.env.GOOGLE_ISSUER = provider.issuer;
  // Opening and migrating the database is slow on a busy machine: not part of the first test.
  await getDb();
});
afterAll(() => provider.stop());
afterEach(() => {
  // A test that is refused before the token exchange leaves its hooks unused.
  provider.server.service.removeAllListeners();
});

let counter = 0;
type Claims = Record<string, unknown>;

function person(overrides: Claims = {}): Claims & { sub: string; email: string } {
  counter += 1;
  const id = `${counter}-${Date.now()}`;
  return { sub: `google-${id}`, email: `person${id}@example.test`, email_verified: true, name: 'Greta Google', ...overrides };
}

async function start(visitor: Visitor, returnTo?: string): Promise<URL> {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const response = await visitor.call(googleStart, `/api/auth/google${query}`);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** The browser at the provider: the mock approves at once and sends it back with code and state. */
async function approve(authorization: URL): Promise<string> {
  const response = await fetch(authorization, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(ORIGIN + authGoogleCallback.path);
  return back.pathname + back.search;
}

async function signIn(
  visitor: Visitor,
  claims: Claims,
  options: { returnTo?: string; tamper?: (token: MutableToken) => void } = {},
): Promise<Response> {
  provider.nextIdToken(claims, options.tamper);
  return visitor.call(callback, await approve(await start(visitor, options.returnTo)));
}

async function expectFailurePage(response: Response, status: number, message: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
  const html = await response.text();
  expect(html).toContain('<h1>Anmeldung mit Google fehlgeschlagen</h1>');
  expect(html).toContain(message);
  expect(html).toContain('<a href="/">Zur Startseite</a>');
  // Like every page's footer: the cancellation button, the withdrawal function, the accessibility statement.
  expect(html).toContain('<a class="button" href="/vertraege-kuendigen">Verträge hier kündigen</a> <a class="button" href="/online-widerrufsformular">Vertrag widerrufen</a>');
  expect(html).toContain('<a href="/barrierefreiheit">Barrierefreiheit</a>');
}

async function currentUser(visitor: Visitor) {
  const response = await visitor.call(me, '/api/auth/me');
  return response.status === 200 ? ((await response.json()) as { userId: string; displayName: string; userType: string; email: string; emailVerified: boolean }) : null;
}

function encodePart(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('Google sign-in: configuration and start', () => {
  it('tells the login dialog that Google is offered', async () => {
    const response = await new Visitor().call(providers, '/api/auth/providers');
    expect(await response.json()).toEqual({ google: true });
  });

  it('serves the callback at the path the authorization request names', () => {
    expect(callbackConfig.path).toBe(authGoogleCallback.path);
  });

  it('sends the browser to the provider with code flow, PKCE (S256), state and nonce in a signed 10-minute cookie', async () => {
    const visitor = new Visitor();
    const response = await visitor.call(googleStart, '/api/auth/google?returnTo=/login-test');
    const target = new URL(response.headers.get('location')!);
    expect(target.origin + target.pathname).toBe(`${provider.issuer}/authorize`);
    const params = Object.fromEntries(target.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${ORIGIN}/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params).not.toHaveProperty('client_secret');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('google_sign_in='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).not.toContain('Secure'); // plain http here; ctx.secure adds it on https
    expect(cookie).not.toContain(CLIENT_ID);
  });
});

describe('Google sign-in: accounts', () => {
  it('opens a customer account without password, logs in and returns to the page the sign-in started on', async () => {
    const visitor = new Visitor();
    const google = person();
    const response = await signIn(visitor, google, { returnTo: '/login-test?tab=1' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login-test?tab=1');
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('session='))).toContain('HttpOnly');
    expect(cookies.find((c) => c.startsWith('session='))).not.toContain('Max-Age');
    expect(cookies.find((c) => c.startsWith('google_sign_in='))).toContain('Max-Age=0');

    expect(await currentUser(visitor)).toMatchObject({ displayName: 'Greta Google', userType: 'customer' });
    const { rows } = await (await getDb()).query<{ email: string; password_hash: string | null; google_sub: string }>(
      'SELECT email, password_hash, google_sub FROM users WHERE google_sub = $1',
      [google.sub],
    );
    expect(rows).toEqual([{ email: google.email, password_hash: null, google_sub: google.sub }]);

    // A Google-only account has no password: every password fails like a wrong one.
    const other = new Visitor();
    await other.call(me, '/api/auth/me');
    const attempt = await other.call(login, '/api/auth/login', { method: 'POST', json: { email: google.email, password: 'irgendein-passwort' } });
    expect(attempt.status).toBe(401);
  });

  it('finds the account again on the next sign-in, by Google id even after an e-mail change', async () => {
    const google = person({ name: '   ' });
    const first = new Visitor();
    await signIn(first, google);
    const firstUser = await currentUser(first);
    expect(firstUser?.displayName).toBe(google.email.split('@')[0]);

    const second = new Visitor();
    expect((await signIn(second, { ...google, email: `neu.${google.email}` })).status).toBe(302);
    expect((await currentUser(second))?.userId).toBe(firstUser?.userId);
  });

  it('links an existing password account by its verified e-mail, ending what an unverified registration could hold', async () => {
    // Registration does not verify addresses: this may be a squatter who registered the owner's address.
    const registrant = new Visitor();
    await registrant.call(me, '/api/auth/me');
    const email = `konto.${Date.now()}@example.test`;
    const registered = await registrant.call(register, '/api/auth/register', {
      method: 'POST',
      json: withProofOfWork({ email, password: 'richtig-geheim-1', displayName: 'Erika Mustermann' }),
    });
    expect(registered.status).toBe(201);
    const { rows: accounts } = await (await getDb()).query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const userId = accounts[0]!.id;
    expect((await registrant.call(login, '/api/auth/login', { method: 'POST', json: { email, password: 'richtig-geheim-1' } })).status).toBe(200);

    const viaGoogle = new Visitor();
    expect((await signIn(viaGoogle, person({ email: email.toUpperCase() }))).status).toBe(302);
    expect(await currentUser(viaGoogle)).toEqual({ userId, displayName: 'Erika Mustermann', userType: 'customer', email, emailVerified: true });
    // The registrant's session and password no longer open the account.
    expect(await currentUser(registrant)).toBeNull();
    const viaPassword = await registrant.call(login, '/api/auth/login', { method: 'POST', json: { email, password: 'richtig-geheim-1' } });
    expect(viaPassword.status).toBe(401);

    const intruder = new Visitor();
    await expectFailurePage(await signIn(intruder, person({ email })), 400, 'bereits mit einem anderen Google-Konto verknüpft');
    expect(await currentUser(intruder)).toBeNull();
  });

  it('gives a new account the guest orders of its verified address', async () => {
    const google = person();
    const guestOrder = await placeOrder(google.email.toUpperCase());
    const visitor = new Visitor();
    expect((await signIn(visitor, google)).status).toBe(302);
    const user = await currentUser(visitor);
    expect(user).toMatchObject({ emailVerified: true });
    expect(await ownersOf(guestOrder)).toEqual({ order: user!.userId, contracts: [user!.userId] });
  });

  it('gives a linked registration the guest orders it could not see while unconfirmed', async () => {
    const { visitor: registrant, account } = await loggedIn();
    const guestOrder = await placeOrder(account.email);
    expect(await ownersOf(guestOrder)).toEqual({ order: null, contracts: [null] });
    const userId = (await currentUser(registrant))!.userId;

    expect((await signIn(new Visitor(), person({ email: account.email }))).status).toBe(302);
    expect(await ownersOf(guestOrder)).toEqual({ order: userId, contracts: [userId] });
  });

  it('keeps the password and sessions of an account whose address was confirmed by its link', async () => {
    const { visitor: owner, account } = await loggedIn(newAccount());
    const confirmed = await owner.call(confirm, '/api/auth/confirm-email', { method: 'POST', json: { token: await confirmationToken(account.email) } });
    expect(confirmed.status).toBe(200);

    const viaGoogle = new Visitor();
    expect((await signIn(viaGoogle, person({ email: account.email }))).status).toBe(302);
    const user = await currentUser(viaGoogle);
    expect(await currentUser(owner)).toEqual(user);
    const viaPassword = await (await primed()).call(login, '/api/auth/login', { method: 'POST', json: { email: account.email, password: account.password } });
    expect(viaPassword.status).toBe(200);
  });

  it('never keeps a session the visitor brought along', async () => {
    const visitor = new Visitor();
    await signIn(visitor, person());
    const before = visitor.cookies.get('session')!;
    await signIn(visitor, person());
    expect(visitor.cookies.get('session')).not.toBe(before);
    visitor.cookies.set('session', before);
    expect(await currentUser(visitor)).toBeNull();
  });

  it('refuses an e-mail address Google has not verified', async () => {
    for (const claims of [person({ email_verified: false }), person({ email_verified: 'true' }), person({ email_verified: undefined })]) {
      const visitor = new Visitor();
      await expectFailurePage(await signIn(visitor, claims), 400, 'bei Google nicht bestätigt');
      expect(await currentUser(visitor)).toBeNull();
    }
  });
});

describe('Google sign-in: the callback refuses', () => {
  it('a state that does not match the flow cookie', async () => {
    const visitor = new Visitor();
    provider.nextIdToken(person()); // everything else would succeed
    const path = await approve(await start(visitor));
    const forged = path.replace(/state=[^&]+/, 'state=' + 'A'.repeat(43));
    await expectFailurePage(await visitor.call(callback, forged), 400, 'Antwort von Google war ungültig');
  });

  it('a missing or forged flow cookie', async () => {
    const visitor = new Visitor();
    provider.nextIdToken(person());
    const path = await approve(await start(visitor));
    const cookie = visitor.cookies.get('google_sign_in')!;

    visitor.cookies.delete('google_sign_in');
    await expectFailurePage(await visitor.call(callback, path), 400, 'abgelaufen oder wurde bereits abgeschlossen');

    // The visitor cannot rewrite their cookie, e.g. to be sent elsewhere afterwards.
    const [prefix, payload, mac] = cookie.split('.') as [string, string, string];
    const rewritten = encodePart({ ...decodePart(payload), returnTo: '/anderswo' });
    visitor.cookies.set('google_sign_in', `${prefix}.${rewritten}.${mac}`);
    await expectFailurePage(await visitor.call(callback, path), 400, 'abgelaufen oder wurde bereits abgeschlossen');
  });

  it('a replayed callback, even with a copy of the flow cookie', async () => {
    const visitor = new Visitor();
    provider.nextIdToken(person());
    const path = await approve(await start(visitor));
    const cookie = visitor.cookies.get('google_sign_in')!;
    expect((await visitor.call(callback, path)).status).toBe(302);

    await expectFailurePage(await visitor.call(callback, path), 400, 'abgelaufen oder wurde bereits abgeschlossen');
    const attacker = new Visitor();
    attacker.cookies.set('google_sign_in', cookie);
    await expectFailurePage(await attacker.call(callback, path), 400, 'abgelaufen oder wurde bereits abgeschlossen');
    expect(await currentUser(attacker)).toBeNull();
  });

  it('a cancelled sign-in and a provider error', async () => {
    const visitor = new Visitor();
    await start(visitor);
    await expectFailurePage(
      await visitor.call(callback, '/auth/google/callback?error=access_denied&state=x'),
      400,
      'Sie haben die Anmeldung bei Google abgebrochen.',
    );
    const state = (await start(visitor)).searchParams.get('state')!;
    await expectFailurePage(await visitor.call(callback, `/auth/google/callback?error=server_error&state=${state}`), 400, 'ungültig');
  });

  it('a token endpoint that fails, as a temporary outage', async () => {
    const visitor = new Visitor();
    const path = await approve(await start(visitor));
    provider.server.service.once(Events.BeforeResponse, (response: MutableResponse) => {
      response.statusCode = 503;
      response.body = { error: 'temporarily_unavailable' };
    });
    await expectFailurePage(await visitor.call(callback, path), 502, 'Google ist gerade nicht erreichbar');
  });

  const now = () => Math.floor(Date.now() / 1000);
  const tampered: [string, (token: MutableToken) => void][] = [
    ['for another client (audience)', (t) => void (t.payload.aud = 'another-client.apps.example')],
    ['from another issuer', (t) => void (t.payload.iss = 'https://accounts.example')],
    ['with another nonce', (t) => void (t.payload.nonce = 'A'.repeat(43))],
    ['without a nonce', (t) => void delete t.payload.nonce],
    ['that has expired', (t) => Object.assign(t.payload, { iat: now() - 7200, exp: now() - 3600 })],
    ['with several audiences and another authorized party', (t) => Object.assign(t.payload, { aud: [CLIENT_ID, 'other'], azp: 'other' })],
  ];
  for (const [name, tamper] of tampered) {
    it(`an ID token ${name}`, async () => {
      const visitor = new Visitor();
      await expectFailurePage(await signIn(visitor, person(), { tamper }), 400, 'Antwort von Google war ungültig');
      expect(await currentUser(visitor)).toBeNull();
    });
  }

  const rewritten: [string, (idToken: string) => string][] = [
    [
      'without signature (alg none)',
      (idToken) => {
        const [, payload] = idToken.split('.');
        return `${encodePart({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      },
    ],
    [
      'with a changed payload (tampered signature)',
      (idToken) => {
        const [header, payload, signature] = idToken.split('.') as [string, string, string];
        return `${header}.${encodePart({ ...decodePart(payload), email: 'chef@example.test' })}.${signature}`;
      },
    ],
    [
      'that claims HS256 instead of RS256',
      (idToken) => {
        const [, payload] = idToken.split('.') as [string, string];
        return `${encodePart({ alg: 'HS256', typ: 'JWT' })}.${payload}.${'A'.repeat(43)}`;
      },
    ],
  ];
  for (const [name, rewrite] of rewritten) {
    it(`an ID token ${name}`, async () => {
      const visitor = new Visitor();
      provider.nextTokenAnswer(rewrite);
      await expectFailurePage(await signIn(visitor, person()), 400, 'Antwort von Google war ungültig');
      expect(await currentUser(visitor)).toBeNull();
    });
  }
});

describe('Google sign-in: where the visitor returns to', () => {
  for (const attempt of ['//evil.example', 'https://evil.example', '/\\evil.example', '/.//evil.example/pfad', 'javascript:alert(1)']) {
    it(`sends ${attempt} to the start page`, async () => {
      const response = await signIn(new Visitor(), person(), { returnTo: attempt });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    });
  }

  it('answers with a page that runs no script and cannot be framed', async () => {
    const response = await new Visitor().call(callback, '/auth/google/callback?code=x&state=y');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('sha256-');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await response.text()).not.toContain('<script');
  });
});
