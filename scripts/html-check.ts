/**
 * `npm run check:html` (after `npm run build`): the Nu HTML Checker (vnu-jar, pinned, run with the
 * installed Java) over every page in dist/, in one Java start. Fails on any error and prints it
 * with page and line; warnings are counted and listed, they do not fail (decision 0043).
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal';
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const distDir = resolve(process.argv[2] ?? 'dist');
const files = readdirSync(distDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .sort()
  .map((file) => join(distDir, file));
if (files.length === 0) throw new Error(`Keine Seiten in ${distDir} – vorher npm run build ausführen.`);

// vnu exits with 1 whenever it reports an error; the JSON on stderr is the result either way.
const { stderr } = await promisify(execFile)(process.env.JAVA ?? 'java', ['-jar', vnuJar, '--format', 'json', ...files], {
  maxBuffer: 64 * 1024 * 1024,
}).catch((error: { stderr?: string; message: string }) => {
  if (!error.stderr?.trimStart().startsWith('{')) throw new Error(`vnu.jar lief nicht: ${error.stderr || error.message}`);
  return { stderr: error.stderr };
});
const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };

const where = (m: VnuMessage) => `${m.url ? relative(distDir, new URL(m.url).pathname) : '?'}${m.lastLine ? `:${m.lastLine}` : ''}`;
const describe = (m: VnuMessage) => `${where(m)}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : ''}`;
const errors = messages.filter((m) => m.type !== 'info');
const warnings = messages.filter((m) => m.type === 'info' && m.subType === 'warning');

if (warnings.length > 0) console.log(`Warnungen:\n- ${warnings.map(describe).join('\n- ')}\n`);
console.log(`Nu HTML Checker: ${files.length} Seiten, ${errors.length} Fehler, ${warnings.length} Warnungen.`);
if (errors.length > 0) {
  console.error(`\nFehler:\n- ${errors.map(describe).join('\n- ')}`);
  process.exitCode = 1;
}
