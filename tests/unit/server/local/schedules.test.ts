import { describe, expect, it } from 'vitest';
import { startSchedules } from '../../../../src/server/local/schedules.ts';
import type { FunctionModule } from '../../../../src/server/local/function-routes.ts';

describe('startSchedules', () => {
  it('runs a function with config.schedule on its expression, as Netlify calls it, and stops', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    const scheduled: FunctionModule = {
      default: async (request) => {
        calls.push({ method: request.method, url: request.url, body: await request.json() });
        return new Response(null, { status: 204 });
      },
      // Every second (croner's six-field form), so the test waits about one second.
      config: { schedule: '* * * * * *' },
    };
    const routed: FunctionModule = { default: () => new Response('nie'), config: { path: '/api/x' } };
    const schedules = startSchedules(new Map([['/f/billing-run.mts', scheduled], ['/f/x.mts', routed]]), 'http://127.0.0.1:4321');
    try {
      await expect.poll(() => calls.length, { timeout: 3000 }).toBeGreaterThan(0);
    } finally {
      schedules.stop();
    }
    const count = calls.length;
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://127.0.0.1:4321/.netlify/functions/billing-run' });
    expect(Date.parse((calls[0]!.body as { next_run: string }).next_run)).toBeGreaterThan(Date.now() - 1000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.length).toBe(count);
  });
});
