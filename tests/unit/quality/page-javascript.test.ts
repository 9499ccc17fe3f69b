import { describe, expect, it } from 'vitest';
import { scriptEntries, staticImports } from '../../../scripts/quality/page-javascript.ts';

describe('the JavaScript a built page loads', () => {
  it('finds scripts, module preloads, island components and renderers, and inline scripts', () => {
    const html = [
      '<script src="/shell-init.js"></script>',
      '<link rel="modulepreload" href="/_astro/page.A.js">',
      '<script type="application/ld+json">{"a":1}</script>',
      '<script>(()=>{self.Astro={}})()</script>',
      '<astro-island uid="1" component-url="/_astro/Header.B.js" renderer-url="/_astro/client.C.js" ssr client="idle"></astro-island>',
      '<astro-island uid="2" component-url="/_astro/Header.B.js" renderer-url="/_astro/client.C.js" ssr client="idle"></astro-island>',
    ].join('\n');
    expect(scriptEntries(html)).toEqual({
      entries: ['/shell-init.js', '/_astro/page.A.js', '/_astro/Header.B.js', '/_astro/client.C.js'],
      islands: ['/_astro/Header.B.js'],
      renderers: ['/_astro/client.C.js'],
      inlineScripts: ['(()=>{self.Astro={}})()'],
    });
  });

  it('follows static imports and re-exports of minified chunks, not dynamic imports', () => {
    const code = 'import{t as e}from"./react.A.js";import"./side.B.js";export{x}from"./x.C.js";import*as n from"./ns.D.js";const l=()=>import(`./Booking.E.js`);';
    expect(staticImports(code)).toEqual(['./react.A.js', './side.B.js', './x.C.js', './ns.D.js']);
  });
});
