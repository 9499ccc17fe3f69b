import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE_ELEMENT, withoutIslandStyle } from '../../../src/server/local/build-files.ts';

describe('Astro island style in the body', () => {
  it('is the element the installed Astro emits before a first island', () => {
    // If Astro changes its rule, the build would leave the new one in the body: this notices it.
    const source = readFileSync('node_modules/astro/dist/runtime/server/astro-island-styles.js', 'utf8');
    const rule = /ISLAND_STYLES = "([^"]+)"/.exec(source)?.[1];
    expect(`<style>${rule}</style>`).toBe(ISLAND_STYLE_ELEMENT);
  });

  it('is removed from a page, which keeps everything else', () => {
    const page = `<body><a href="/">x</a>${ISLAND_STYLE_ELEMENT}<script>1</script><astro-island></astro-island></body>`;
    expect(withoutIslandStyle(page)).toBe('<body><a href="/">x</a><script>1</script><astro-island></astro-island></body>');
  });

  it('is in the site stylesheet instead', () => {
    expect(readFileSync('src/styles/global.css', 'utf8')).toMatch(/astro-island,\s*astro-slot,\s*astro-static-slot\s*\{\s*display:\s*contents;/);
  });
});
