import { describe, expect, it } from 'vitest';
import callback from '../../../netlify/functions/auth-google-callback.mts';
import googleStart from '../../../netlify/functions/auth-google.mts';
import providers from '../../../netlify/functions/auth-providers.mts';
import { Visitor } from '../http/visitor.ts';

// Without client id and secret Google sign-in does not exist; the env module reads this on first use.
delete process.env.GOOGLE_CLIENT_ID;
delete process.env.GOOGLE_CLIENT_SECRET;
delete process.env.GOOGLE_ISSUER;

describe('Google sign-in without configuration', () => {
  it('is not offered to the login dialog', async () => {
    const response = await new Visitor().call(providers, '/api/auth/providers');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ google: false });
  });

  it('answers start and callback with 404 and a German page', async () => {
    for (const [handler, path] of [
      [googleStart, '/api/auth/google?returnTo=/login-test'],
      [callback, '/auth/google/callback?code=x&state=y'],
    ] as const) {
      const response = await new Visitor().call(handler, path);
      expect(response.status).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('Die Anmeldung mit Google ist auf dieser Website nicht eingerichtet.');
    }
  });
});
