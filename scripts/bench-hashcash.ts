/**
 * `npm run bench:hashcash`: hashes per second of the hashcash solver in one web worker of
 * headless Chromium, against the native single-core SHA-256 rate (`openssl speed`) measured
 * in the same run, printed as a ratio. The worker is the real one (src/lib/hashcash/worker.ts,
 * WebAssembly SIMD) solving issued tasks one message at a time like the form does; a worker
 * running the JS search (`searchNonce`, the fallback) is measured the same way for comparison.
 * Timings on shared machines are noisy: compare ratios, run several times.
 */
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { issueTasks } from '../src/server/security/hashcash.ts';
import { NONCE_LIMIT, type HashcashTask } from '../src/lib/hashcash/index.ts';

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

async function bundle(entry: { file: string } | { contents: string }): Promise<string> {
  const result = await build({
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' as const } }),
    bundle: true,
    format: 'iife',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** Solves tasks in one worker for SECONDS; every task costs its nonce + 1 hashes. */
async function workerHashesPerSecond(workerSource: string, tasks: HashcashTask[]): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      async ({ source, tasks, ms, limit }) => {
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        const started = performance.now();
        let hashes = 0;
        let index = 0;
        await new Promise<void>((resolve) => {
          worker.onmessage = ({ data }: MessageEvent<{ nonce: number | null }>) => {
            hashes += (data.nonce ?? limit - 1) + 1;
            if (performance.now() - started >= ms) return resolve();
            index++;
            worker.postMessage({ index, task: tasks[index % tasks.length] });
          };
          worker.postMessage({ index, task: tasks[0] });
        });
        worker.terminate();
        return (hashes / (performance.now() - started)) * 1000;
      },
      { source: workerSource, tasks, ms: SECONDS * 1000, limit: NONCE_LIMIT },
    );
  } finally {
    await browser.close();
  }
}

const tasks = issueTasks('benchmark-secret-0123456789abcdefghijk', 500, 4);
const solverWorker = await bundle({ file: 'src/lib/hashcash/worker.ts' });
const jsWorker = await bundle({
  contents: `import { searchNonce } from './src/lib/hashcash/index.ts';
    self.onmessage = (e) => self.postMessage({ index: e.data.index, nonce: searchNonce(e.data.task) });`,
});
const native = nativeHashesPerSecond();
const solver = await workerHashesPerSecond(solverWorker, tasks);
const js = await workerHashesPerSecond(jsWorker, tasks);
const line = (label: string, rate: number) => `${label.padEnd(34)}${(rate / 1e6).toFixed(2).padStart(6)} Mio. Hashes/s`;
const percent = (rate: number) => `${((rate / native) * 100).toFixed(1)} %`;
console.log(line('nativ (openssl, 1 Kern):', native));
console.log(`${line('Solver (1 Web Worker, WASM-SIMD):', solver)}  ${percent(solver)}`);
console.log(`${line('JS-Referenz (1 Web Worker):', js)}  ${percent(js)}`);
console.log(`Verhältnis Solver/nativ: ${percent(solver)} (Ziel: mindestens 30 %)`);
