import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from '../../../src/server/http/security-headers.ts';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1);

describe('page CSP', () => {
  it('allows our scripts, the given inline script hashes and compiling WebAssembly, but no eval', () => {
    const scriptSrc = directive(pageContentSecurityPolicy(['abc=']), 'script-src');
    expect(scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-abc='"]);
  });

  it('lets workers come from our origin only (and blob: URLs)', () => {
    expect(directive(pageContentSecurityPolicy([]), 'worker-src')).toEqual(["'self'", 'blob:']);
  });
});
