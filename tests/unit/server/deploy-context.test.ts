import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPreviewContext, readBuildContext } from '../../../src/server/deploy-context.ts';
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

  it('hands the build\'s context to the functions through the generated file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'deploy-context-'));
    try {
      await writeBuildContext(root, 'deploy-preview');
      expect(readBuildContext(root)).toBe('deploy-preview');
      // A build outside Netlify (no CONTEXT) records that it has none.
      await writeBuildContext(root, undefined);
      expect(readBuildContext(root)).toBeUndefined();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('reports a bundle without the file instead of guessing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await mkdtemp(join(tmpdir(), 'deploy-context-'));
    try {
      expect(readBuildContext(root)).toBeUndefined();
      expect(log).toHaveBeenCalledWith(expect.stringContaining('deploy-context.json fehlt'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
