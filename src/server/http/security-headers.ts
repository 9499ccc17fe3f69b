/**
 * The security headers of every page and every API answer, defined once.
 * The build writes them into dist/_headers for Netlify (src/server/local/netlify-files.ts),
 * the local server serves that same file, and the endpoint wrapper adds them to function answers.
 */

const common: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * CSP of HTML pages. Scripts come from our own origin only; the few inline scripts Astro
 * emits for island hydration are allowed by their SHA-256 hashes, collected at build time.
 * 'wasm-unsafe-eval' lets the hashcash worker compile its WebAssembly kernel (decision 0011);
 * unlike 'unsafe-eval' it allows no eval() or new Function(). Inline style attributes stay
 * allowed: React islands and Astro's island wrapper use them, and they cannot execute code.
 */
export function pageContentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const scriptSrc = ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes.map((h) => `'sha256-${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never documents: nothing may load or frame them. */
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function pageSecurityHeaders(inlineScriptHashes: readonly string[]): Record<string, string> {
  return { ...common, 'Content-Security-Policy': pageContentSecurityPolicy(inlineScriptHashes) };
}

export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  ...common,
  'Content-Security-Policy': apiContentSecurityPolicy,
  'Cache-Control': 'no-store',
};

/**
 * Every answer of a deploy preview or branch deploy: search engines must not index a copy of the
 * site with unreleased prices. The build adds it to dist/_headers for a preview build, the endpoint
 * wrapper to function answers; production never sends it.
 */
export const previewHeaders: Readonly<Record<string, string>> = {
  'X-Robots-Tag': 'noindex',
};
