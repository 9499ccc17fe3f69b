// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { netlifyLocal } from './src/server/local/astro-integration.ts';
import { buildOrigin } from './src/server/content/build-origin.ts';
import { compiledContent } from './src/server/content/integration.ts';

export default defineConfig({
  output: 'static',
  // Netlify sets URL at build time; locally the canonical origin is the local server.
  site: buildOrigin(),
  trailingSlash: 'never',
  build: {
    format: 'file',
    // External stylesheets keep the CSP free of inline-style hashes for <style> blocks.
    inlineStylesheets: 'never',
  },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  integrations: [compiledContent(), react(), netlifyLocal()],
  vite: {
    plugins: [tailwindcss()],
    // Page scripts stay external files (cacheable, no CSP hash per page); Astro would inline small ones.
    build: {
      assetsInlineLimit: 0,
      // The VAT-ID check digits of every EU state (jsvat-next, decision 0056) only the checkout needs:
      // a chunk of their own, cached apart from the checkout's code that changes more often.
      rollupOptions: { output: { manualChunks: (id) => (id.includes('/node_modules/jsvat-next/') ? 'vat-id-rules' : undefined) } },
    },
  },
});
