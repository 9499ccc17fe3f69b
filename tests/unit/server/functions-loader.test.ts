import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FunctionModule } from '../../../src/server/local/function-routes.ts';
import { loadFunctions } from '../../../src/server/local/functions-loader.ts';

describe('loadFunctions (the npm start router)', () => {
  it('tells the server which function yields to a static file (preferStatic)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'functions-'));
    for (const name of ['asset-missing.mts', 'health.mts', 'notes.txt']) writeFileSync(join(dir, name), '');
    const handler = () => new Response();
    const modules: Record<string, FunctionModule> = {
      'asset-missing.mts': { default: handler, config: { path: '/_astro/*', preferStatic: true } },
      'health.mts': { default: handler, config: { path: '/api/health' } },
    };
    const loaded: string[] = [];
    const functions = await loadFunctions(dir, (file) => {
      loaded.push(basename(file));
      return Promise.resolve(modules[basename(file)]!);
    });

    expect(loaded).toEqual(['asset-missing.mts', 'health.mts']);
    expect(functions.find('/_astro/app.123.js')).toMatchObject({ module: modules['asset-missing.mts'], preferStatic: true });
    expect(functions.find('/_astro/fonts/a.woff2')?.preferStatic).toBe(true);
    expect(functions.find('/api/health')).toMatchObject({ module: modules['health.mts'], preferStatic: false });
    expect(functions.find('/_astronaut.js')).toBeUndefined();
  });
});
