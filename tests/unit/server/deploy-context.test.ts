import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CONTEXT_FILE, isPreviewContext, readBuildContext } from '../../../src/server/deploy-context.ts';
import { writeBuildContext } from '../../../src/server/local/build-files.ts';

describe('deploy context', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('treats deploy previews and branch deploys as previews, nothing else', () => {
    expect(isPreviewContext('deploy-preview')).toBe(true);
    expect(isPreviewContext('branch-deploy')).toBe(true);
    for (const context of ['production', 'dev', 'staging', '', null, undefined]) expect(isPreviewContext(context)).toBe(false);
  });

  it('hands the build\'s context and the deploy\'s own address to the functions through the generated file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'deploy-context-'));
    try {
      const file = await writeBuildContext(root, { context: 'deploy-preview', origin: 'https://deploy-preview-42--kraus.netlify.app' });
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ context: 'deploy-preview', origin: 'https://deploy-preview-42--kraus.netlify.app' });
      expect(readBuildContext(root)).toEqual({ context: 'deploy-preview', origin: 'https://deploy-preview-42--kraus.netlify.app' });
      // A build outside Netlify (no CONTEXT, no DEPLOY_PRIME_URL) records that it has neither.
      await writeBuildContext(root, {});
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ context: null, origin: null });
      expect(readBuildContext(root)).toEqual({ context: undefined, origin: undefined });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  /** A function bundle's root holding the build file with this text, or none at all (null). */
  async function inBundle(text: string | null, check: (root: string) => void): Promise<void> {
    const root = await mkdtemp(join(tmpdir(), 'deploy-context-'));
    try {
      if (text !== null) {
        await mkdir(dirname(join(root, BUILD_CONTEXT_FILE)), { recursive: true });
        await writeFile(join(root, BUILD_CONTEXT_FILE), text);
      }
      check(root);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  it('still recognises a preview in a file of the older format, which names no address', () =>
    inBundle('{"context":"deploy-preview"}\n', (root) => {
      expect(readBuildContext(root)).toEqual({ context: 'deploy-preview', origin: undefined });
    }));

  it('reports an invalid file instead of guessing', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return inBundle('{"context":"deploy-preview","origin":""}\n', (root) => {
      expect(readBuildContext(root)).toEqual({});
      expect(log).toHaveBeenCalledWith(expect.stringContaining('deploy-context.json ist ungültig'));
    });
  });

  it('reports a bundle without the file instead of guessing', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return inBundle(null, (root) => {
      expect(readBuildContext(root)).toEqual({});
      expect(log).toHaveBeenCalledWith(expect.stringContaining('deploy-context.json fehlt'));
    });
  });
});
