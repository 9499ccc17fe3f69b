import { beforeAll, describe, expect, it, vi } from 'vitest';
import type AuthProviders from '../../../netlify/functions/auth-providers.mts';
import type AuthRegister from '../../../netlify/functions/auth-register.mts';
import type Health from '../../../netlify/functions/health.mts';
import type * as DeployContext from '../../../src/server/deploy-context.ts';
import type * as Db from '../../../src/server/db/index.ts';
import type * as Env from '../../../src/server/env.ts';
import type * as Errors from '../../../src/server/http/errors.ts';
import { Visitor } from './visitor.ts';

// This file runs as a function of a deploy preview would: the build recorded 'deploy-preview' and
// the preview's own address (in a real bundle netlify/generated/deploy-context.json, read only
// inside Netlify's runtime).
// No preview database is configured; for the real-database projects DATABASE_URL (production's
// role here) is set by the per-file setup and must stay unused. The setup file loaded the server
// modules already, so they are loaded afresh with the recorded context in place.
let authProviders: typeof AuthProviders;
let authRegister: typeof AuthRegister;
let health: typeof Health;
let getDb: typeof Db.getDb;
let env: typeof Env.env;
let HttpError: typeof Errors.HttpError;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock('../../../src/server/deploy-context.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof DeployContext>()),
    buildRecordOfDeploy: () => ({ context: 'deploy-preview', origin: 'https://deploy-preview-7--kraus.netlify.app' }),
  }));
  authProviders = (await import('../../../netlify/functions/auth-providers.mts')).default;
  authRegister = (await import('../../../netlify/functions/auth-register.mts')).default;
  health = (await import('../../../netlify/functions/health.mts')).default;
  ({ getDb } = await import('../../../src/server/db/index.ts'));
  ({ env } = await import('../../../src/server/env.ts'));
  ({ HttpError } = await import('../../../src/server/http/errors.ts'));
});

const NO_DATABASE = 'Diese Vorschau hat keine eigene Datenbank. Anmelden, Bestellen und Formulare funktionieren hier erst, wenn eine Vorschau-Datenbank eingerichtet ist.';

describe('a deploy preview without a database of its own', () => {
  it('is a preview whose database is none, whatever DATABASE_URL says', () => {
    expect(env()).toMatchObject({
      preview: true,
      deployContext: 'deploy-preview',
      dbDriver: 'none',
      databaseUrl: undefined,
      siteOrigin: 'https://deploy-preview-7--kraus.netlify.app',
    });
  });

  it('answers every database use with a German 503 and logs why, once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const healthAnswer = await new Visitor().call(health, '/api/health');
      expect(healthAnswer.status).toBe(503);
      expect(await healthAnswer.json()).toEqual({ message: NO_DATABASE });

      const visitor = new Visitor();
      await visitor.call(authProviders, '/api/auth/providers');
      const register = await visitor.call(authRegister, '/api/auth/register', {
        method: 'POST',
        json: { email: 'erika@example.test', password: 'richtig-geheim-1', displayName: 'Erika Mustermann' },
      });
      expect(register.status).toBe(503);
      expect(await register.json()).toEqual({ message: NO_DATABASE });

      await expect(getDb()).rejects.toBeInstanceOf(HttpError);
      const lines = log.mock.calls.map(([first]) => String(first)).filter((line) => line.startsWith('[db] Vorschau ohne eigene Datenbank'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('NETLIFY_DATABASE_URL');
      expect(lines[0]).toContain('PREVIEW_DATABASE_URL');
    } finally {
      log.mockRestore();
    }
  });

  it('marks every function answer noindex, also those without a database', async () => {
    const providers = await new Visitor().call(authProviders, '/api/auth/providers');
    expect(providers.status).toBe(200);
    expect(await providers.json()).toEqual({ google: false });
    expect(providers.headers.get('x-robots-tag')).toBe('noindex');
    expect((await new Visitor().call(health, '/api/health')).headers.get('x-robots-tag')).toBe('noindex');
  });
});
