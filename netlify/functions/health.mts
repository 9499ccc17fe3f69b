import { health } from '../../src/features/platform/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { errorJson, json } from '../../src/server/http/respond.ts';

/** Liveness with a real database round trip; monitors and the local server's readiness use it. */
export default endpoint([
  on(health, async () => {
    try {
      const db = await getDb();
      await db.query('SELECT 1 AS ok');
      return json({ ok: true, db: db.kind });
    } catch (error) {
      // An expected refusal (a preview without its own database) says why; anything else is an outage.
      if (error instanceof HttpError) return errorJson(error.status, error.message);
      console.error('[health] database check failed', error);
      return errorJson(503, 'Die Datenbank ist nicht erreichbar.');
    }
  }),
]);

export const config = { path: '/api/health' };
