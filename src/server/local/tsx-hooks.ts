import { readFile } from 'node:fs/promises';
import type { LoadHook } from 'node:module';
import { transform } from 'esbuild';

/**
 * Module hooks of the local server: Node strips the types of .ts files itself but cannot run
 * .tsx. The declaration functions render the forms' React components to HTML (decision 0033),
 * so their .tsx files are compiled here with esbuild – the bundler Netlify uses for the same files.
 */
export const load: LoadHook = async (url, context, nextLoad) => {
  if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { code } = await transform(source, { loader: 'tsx', jsx: 'automatic', format: 'esm', sourcefile: url, sourcemap: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
};
