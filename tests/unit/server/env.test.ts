import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/server/env.ts';
import { addressOnly } from '../../../src/server/mail/address.ts';

const secret = 'x'.repeat(40);

describe('environment', () => {
  it('defaults to the embedded PGlite database', () => {
    expect(loadEnv({ APP_SECRET: secret }).dbDriver).toBe('pglite');
  });

  it('picks node-postgres for a plain DATABASE_URL and Neon for a Neon host', () => {
    expect(loadEnv({ APP_SECRET: secret, DATABASE_URL: 'postgres://u@db.example.de/app' }).dbDriver).toBe('postgres');
    expect(loadEnv({ APP_SECRET: secret, DATABASE_URL: 'postgres://u:p@ep-cool-1.eu-central-1.aws.neon.tech/app' }).dbDriver).toBe('neon');
    expect(loadEnv({ APP_SECRET: secret, DATABASE_URL: 'postgres://u@127.0.0.1/app', DB_DRIVER: 'neon' }).dbDriver).toBe('neon');
  });

  it('takes the origin for links in mails from Netlify\'s URL, never from a request', () => {
    expect(loadEnv({ APP_SECRET: secret }).siteOrigin).toBeUndefined();
    expect(loadEnv({ APP_SECRET: secret, URL: 'https://www.kraus-webentwicklung.de/' }).siteOrigin).toBe('https://www.kraus-webentwicklung.de');
    expect(() => loadEnv({ APP_SECRET: secret, URL: 'keine adresse' })).toThrow('URL');
  });

  it('refuses an explicit server driver without a URL and a short secret', () => {
    expect(() => loadEnv({ APP_SECRET: secret, DB_DRIVER: 'postgres' })).toThrow('DATABASE_URL');
    expect(() => loadEnv({ APP_SECRET: 'kurz' })).toThrow('APP_SECRET');
  });

  it('requires APP_SECRET on Netlify and generates a stable local one otherwise', () => {
    expect(() => loadEnv({ NETLIFY: 'true', DATABASE_URL: 'postgres://u@h/db' })).toThrow('APP_SECRET fehlt');
    const dataDir = mkdtempSync(join(tmpdir(), 'env-'));
    const first = loadEnv({ DATA_DIR: dataDir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dataDir }).appSecret).toBe(first);
  });

  it('offers Google sign-in only with client id and secret, and refuses half a configuration', () => {
    expect(loadEnv({ APP_SECRET: secret }).google).toBeUndefined();
    expect(loadEnv({ APP_SECRET: secret, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'geheim' }).google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'geheim',
    });
    expect(() => loadEnv({ APP_SECRET: secret, GOOGLE_CLIENT_ID: 'id' })).toThrow('GOOGLE_CLIENT_SECRET');
    expect(() => loadEnv({ APP_SECRET: secret, GOOGLE_CLIENT_SECRET: 'geheim', GOOGLE_CLIENT_ID: ' ' })).toThrow('beide');
  });

  it('takes another issuer, but plain http only on this machine', () => {
    const google = { APP_SECRET: secret, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'geheim' };
    expect(loadEnv({ ...google, GOOGLE_ISSUER: 'http://127.0.0.1:9000' }).google?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => loadEnv({ ...google, GOOGLE_ISSUER: 'http://idp.example.de' })).toThrow('https');
    expect(() => loadEnv({ ...google, GOOGLE_ISSUER: 'kein-url' })).toThrow('GOOGLE_ISSUER');
  });
});

describe('mail addresses', () => {
  it('takes the bare address for the SMTP envelope', () => {
    expect(addressOnly('IT-Service <noreply@example.de>')).toBe('noreply@example.de');
    expect(addressOnly('kunde@example.de')).toBe('kunde@example.de');
  });
});
