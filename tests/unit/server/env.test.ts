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

  it('takes the origin for links in mails from SITE_URL, Netlify\'s URL or the local default, never from a request', () => {
    expect(loadEnv({ APP_SECRET: secret }).siteOrigin).toBe('http://127.0.0.1:4321');
    expect(loadEnv({ APP_SECRET: secret, URL: 'https://www.kraus-webentwicklung.de/' }).siteOrigin).toBe('https://www.kraus-webentwicklung.de');
    expect(loadEnv({ APP_SECRET: secret, URL: 'https://x.netlify.app', SITE_URL: 'https://www.kraus-webentwicklung.de/a' }).siteOrigin).toBe('https://www.kraus-webentwicklung.de');
    expect(() => loadEnv({ APP_SECRET: secret, SITE_URL: 'keine adresse' })).toThrow('SITE_URL');
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

describe('deploy previews', () => {
  /** What a preview's build records: its context and its own address (DEPLOY_PRIME_URL). */
  const previewOf = (context: string) => ({ context, origin: `https://${context === 'deploy-preview' ? 'deploy-preview-7' : 'feature-x'}--kraus.netlify.app` });
  const production = 'postgres://u:p@ep-prod-1.eu-central-1.aws.neon.tech/app';
  const netlifyDb = 'postgres://u:p@ep-preview-42.eu-central-1.aws.neon.tech/app';
  const operatorDb = 'postgres://u@preview-db.example.de/app';

  it('takes the Neon branch of Netlify DB, else PREVIEW_DATABASE_URL, never production\'s DATABASE_URL', () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      const both = loadEnv({ APP_SECRET: secret, DATABASE_URL: production, NETLIFY_DATABASE_URL: netlifyDb, PREVIEW_DATABASE_URL: operatorDb }, previewOf(context));
      expect(both).toMatchObject({ preview: true, deployContext: context, databaseUrl: netlifyDb, dbDriver: 'neon' });
      const operator = loadEnv({ APP_SECRET: secret, DATABASE_URL: production, PREVIEW_DATABASE_URL: operatorDb }, previewOf(context));
      expect(operator).toMatchObject({ preview: true, databaseUrl: operatorDb, dbDriver: 'postgres' });
    }
  });

  it('has no database at all without one of its own, even with DATABASE_URL or DB_DRIVER set', () => {
    const config = loadEnv({ APP_SECRET: secret, DATABASE_URL: production, DB_DRIVER: 'neon' }, previewOf('deploy-preview'));
    expect(config).toMatchObject({ preview: true, dbDriver: 'none', databaseUrl: undefined });
    expect(loadEnv({ APP_SECRET: secret }, previewOf('deploy-preview'))).toMatchObject({ dbDriver: 'none', databaseUrl: undefined });
  });

  it('leaves production and local runs as they were: DATABASE_URL or PGlite, Netlify DB\'s variables ignored', () => {
    for (const context of ['production', undefined, 'dev']) {
      const config = loadEnv({ APP_SECRET: secret, DATABASE_URL: production, NETLIFY_DATABASE_URL: netlifyDb, PREVIEW_DATABASE_URL: operatorDb }, { context });
      expect(config).toMatchObject({ preview: false, deployContext: context, databaseUrl: production, dbDriver: 'neon' });
      expect(loadEnv({ APP_SECRET: secret, PREVIEW_DATABASE_URL: operatorDb }, { context })).toMatchObject({ dbDriver: 'pglite', databaseUrl: undefined });
    }
  });

  it('links back to the preview itself and hides Google sign-in, whose redirect URI is production\'s', () => {
    const google = { APP_SECRET: secret, URL: 'https://www.kraus-webentwicklung.de', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'geheim' };
    expect(loadEnv(google, previewOf('deploy-preview'))).toMatchObject({ siteOrigin: 'https://deploy-preview-7--kraus.netlify.app', google: undefined });
    expect(loadEnv(google, previewOf('branch-deploy'))).toMatchObject({ siteOrigin: 'https://feature-x--kraus.netlify.app', google: undefined });
    // Production keeps its configured address; the address a production build records is not used.
    expect(loadEnv(google, { context: 'production', origin: 'https://main--kraus.netlify.app' })).toMatchObject({
      siteOrigin: 'https://www.kraus-webentwicklung.de',
      google: { clientId: 'id' },
    });
    // A broken configuration is still refused in a preview.
    expect(() => loadEnv({ ...google, URL: 'keine adresse' }, previewOf('deploy-preview'))).toThrow('URL');
  });

  it('takes the recorded address as an origin, ahead of SITE_URL and URL', () => {
    const record = { context: 'deploy-preview', origin: 'https://deploy-preview-7--kraus.netlify.app/' };
    const config = loadEnv({ APP_SECRET: secret, URL: 'https://www.kraus-webentwicklung.de', SITE_URL: 'https://www.kraus-webentwicklung.de' }, record);
    expect(config.siteOrigin).toBe('https://deploy-preview-7--kraus.netlify.app');
  });

  it('refuses a preview whose build recorded no address or an invalid one: its links would lead nowhere safe', () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      expect(() => loadEnv({ APP_SECRET: secret, URL: 'https://www.kraus-webentwicklung.de' }, { context })).toThrow(
        'Vorschau ohne eigene Adresse: der Build hat DEPLOY_PRIME_URL nicht festgehalten.',
      );
      for (const origin of ['keine adresse', 'mailto:vorschau@example.test']) {
        expect(() => loadEnv({ APP_SECRET: secret }, { context, origin })).toThrow('Vorschau mit ungültiger Adresse');
      }
    }
    // Production and local runs need none.
    expect(loadEnv({ APP_SECRET: secret }, { context: 'production' }).siteOrigin).toBe('http://127.0.0.1:4321');
  });

  it('outside Netlify\'s function runtime there is no deploy, whatever a build left behind', () => {
    expect('Netlify' in globalThis).toBe(false);
    expect(loadEnv({ APP_SECRET: secret })).toMatchObject({ deployContext: undefined, preview: false });
  });
});

describe('mail addresses', () => {
  it('takes the bare address for the SMTP envelope', () => {
    expect(addressOnly('IT-Service <noreply@example.de>')).toBe('noreply@example.de');
    expect(addressOnly('kunde@example.de')).toBe('kunde@example.de');
  });
});
