/**
 * `npm run bench:hashcash`: hashes per second of the hashcash solver in one web worker of
 * headless Chromium, against the native single-core SHA-256 rate (`openssl speed`) measured
 * in the same run, printed as a ratio. Timings on shared machines are noisy: compare ratios.
 */
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { issueTask } from '../src/server/security/hashcash.ts';

const SECONDS = 2;

function nativeHashesPerSecond(): number {
  // One line per block size; `-bytes 40` measures messages as long as ours (text + nonce > 64 bytes
  // would be two blocks; 40 bytes is one block like the solver's nonce block).
  const output = execFileSync('openssl', ['speed', '-evp', 'sha256', '-bytes', '40', '-seconds', String(SECONDS)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const match = /^sha256\s+([\d.]+)k/m.exec(output);
  if (!match) throw new Error(`openssl speed: unerwartete Ausgabe:\n${output}`);
  return (Number(match[1]) * 1000) / 40;
}

async function workerHashesPerSecond(text: string): Promise<number> {
  const bundle = await build({
    stdin: {
      contents: `import { NonceHasher } from './src/lib/hashcash/sha256.ts';
        self.onmessage = (e) => {
          const hasher = new NonceHasher(e.data.text);
          const until = performance.now() + e.data.ms;
          let n = 0, zeros = 0;
          while (performance.now() < until) { for (let i = 0; i < 20000; i++) zeros += hasher.leadingZeros(n++); }
          self.postMessage({ n, ms: e.data.ms, zeros });
        };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  });
  const workerSource = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      async ({ source, text, ms }) => {
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const worker = new Worker(url);
        const result = await new Promise<{ n: number; ms: number }>((resolve) => {
          worker.onmessage = (event) => resolve(event.data);
          worker.postMessage({ text, ms });
        });
        worker.terminate();
        return (result.n / result.ms) * 1000;
      },
      { source: workerSource, text, ms: SECONDS * 1000 },
    );
  } finally {
    await browser.close();
  }
}

const task = issueTask('benchmark-secret-0123456789abcdefghijk', 4);
const native = nativeHashesPerSecond();
const worker = await workerHashesPerSecond(task.text);
const ratio = worker / native;
console.log(`nativ (openssl, 1 Kern):   ${(native / 1e6).toFixed(2)} Mio. Hashes/s`);
console.log(`Solver (1 Web Worker):    ${(worker / 1e6).toFixed(2)} Mio. Hashes/s`);
console.log(`Verhältnis:               ${(ratio * 100).toFixed(1)} % der nativen Rate (Ziel: mindestens 30 %)`);
