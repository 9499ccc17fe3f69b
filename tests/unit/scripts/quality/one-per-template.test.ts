import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onePerTemplate } from '../../../../scripts/quality/page-javascript.ts';

describe('onePerTemplate: the pages the template-judging checks visit', () => {
  it('keeps the first page of each dynamic route of src/pages and every other page', () => {
    const pagesDir = mkdtempSync(join(tmpdir(), 'pages-'));
    for (const file of ['index.astro', 'agb.astro', 'domains/index.astro', 'domains/[tld].astro', 'blog/[year]/[slug].astro']) {
      mkdirSync(join(pagesDir, file, '..'), { recursive: true });
      writeFileSync(join(pagesDir, file), '');
    }
    const built = ['/', '/agb', '/domains', '/domains/at', '/domains/de', '/blog/2026/a', '/blog/2025/b'].map((route) => ({ route }));
    expect(onePerTemplate(built, pagesDir).map(({ route }) => route)).toEqual(['/', '/agb', '/domains', '/domains/at', '/blog/2026/a']);
  });

  it('on this site: one domain page stands for the eleven', () => {
    const built = ['/domains', ...['at', 'de', 'org'].map((tld) => `/domains/${tld}`), '/webapp'].map((route) => ({ route }));
    expect(onePerTemplate(built).map(({ route }) => route)).toEqual(['/domains', '/domains/at', '/webapp']);
  });
});
