import { Cron } from 'croner';
import { basename } from 'node:path';
import type { FunctionModule } from './function-routes.ts';

/**
 * Scheduled functions on the `npm start` server (decision 0052): Netlify runs a function whose
 * `config.schedule` is a cron expression on that schedule, in UTC; locally the same modules run on
 * the same expressions, in-process like every function (PGlite has a single owner). Netlify calls
 * the function with a POST whose JSON body names the next run; so does this.
 */
export function startSchedules(modules: ReadonlyMap<string, FunctionModule>, origin: string): { stop(): void } {
  const jobs: Cron[] = [];
  for (const [file, module] of modules) {
    const schedule = module.config?.schedule;
    if (typeof schedule !== 'string') continue;
    const name = basename(file).replace(/\.[^.]+$/, '');
    const job: Cron = new Cron(schedule, { timezone: 'UTC', protect: true, unref: true, name }, async () => {
      const body = JSON.stringify({ next_run: job.nextRun()?.toISOString() ?? null });
      try {
        const response = await module.default(new Request(new URL(`/.netlify/functions/${name}`, origin), { method: 'POST', body }), { ip: '127.0.0.1', params: {} });
        if (response.status >= 400) console.error(`[zeitplan] ${name}: Antwort ${response.status}`);
      } catch (error) {
        console.error(`[zeitplan] ${name} fehlgeschlagen:`, error);
      }
    });
    jobs.push(job);
  }
  return { stop: () => jobs.forEach((job) => job.stop()) };
}
