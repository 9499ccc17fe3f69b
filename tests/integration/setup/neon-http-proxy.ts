import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export interface NeonHttpProxy {
  /** URL of the SQL endpoint, for NEON_HTTP_PROXY (the driver's neonConfig.fetchEndpoint). */
  endpoint: string;
  close(): Promise<void>;
}

interface HttpQuery {
  query: string;
  params?: unknown[];
}

/** Neon-Batch-Isolation-Level as @neondatabase/serverless sends it, in SQL. */
const ISOLATION_LEVELS: Record<string, string> = {
  ReadUncommitted: 'READ UNCOMMITTED',
  ReadCommitted: 'READ COMMITTED',
  RepeatableRead: 'REPEATABLE READ',
  Serializable: 'SERIALIZABLE',
};

/** The fields of a PostgreSQL error Neon's endpoint passes on (the driver copies these onto NeonDbError). */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

/** Every value as PostgreSQL's text output: the driver parses them itself (Neon-Raw-Text-Output). */
const rawText = { getTypeParser: () => (value: string) => value };

class RequestError extends Error {}

/**
 * An HTTP endpoint like Neon's SQL-over-HTTP proxy in front of the one PostgreSQL server the
 * tests use: POST /sql with `{query, params}`, or `{queries: [...]}` run as one transaction,
 * the target in the Neon-Connection-String header, answers and errors shaped as Neon sends
 * them. Statements use the extended protocol as Neon's does, so a text with several statements
 * fails here as it would there. Connections are pooled per connection string, as Neon's are.
 */
export async function startNeonHttpProxy(allowedTarget: { host: string; port: number }): Promise<NeonHttpProxy> {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connectionString: string): pg.Pool => {
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: 5, types: rawText });
      // A connection the server drops while idle leaves the pool; the next request opens another.
      pool.on('error', () => undefined);
      pools.set(connectionString, pool);
    }
    return pool;
  };

  // Idle connections stay open longer than the client keeps them (undici: 4 s), so the client
  // always drops one first. With Node's default of 5 s a CPU-bound test worker could send a
  // request on a connection the server had just closed, and the request was lost.
  const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
    answer(request, poolFor, allowedTarget).then(
      (body) => send(response, 200, body),
      (error: unknown) => {
        if (error instanceof pg.DatabaseError) send(response, 400, databaseError(error));
        else if (error instanceof RequestError) send(response, 400, { message: error.message });
        // No answer from PostgreSQL at all (it is down): Neon's proxy answers with a server error.
        else send(response, 503, { message: `Couldn't connect to compute node: ${String(error)}` });
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/sql`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...pools.values()].map((pool) => pool.end()));
    },
  };
}

async function answer(
  request: IncomingMessage,
  poolFor: (connectionString: string) => pg.Pool,
  allowedTarget: { host: string; port: number },
): Promise<object> {
  if (request.method !== 'POST' || new URL(request.url ?? '', 'http://proxy').pathname !== '/sql') {
    throw new RequestError('expected POST /sql');
  }
  const connectionString = header(request, 'neon-connection-string');
  if (!connectionString) throw new RequestError('missing Neon-Connection-String header');
  const target = new URL(connectionString);
  if (target.hostname !== allowedTarget.host || Number(target.port || 5432) !== allowedTarget.port) {
    throw new RequestError('target not allowed');
  }
  if (header(request, 'neon-raw-text-output') !== 'true') throw new RequestError('only raw text output is served here');
  const arrayMode = header(request, 'neon-array-mode') === 'true';

  const body = parseBody(await readBody(request));
  const pool = poolFor(connectionString);
  if (!('queries' in body)) return resultOf(await pool.query(statement(body)), arrayMode);

  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(beginOf(request));
    const results: object[] = [];
    for (const query of body.queries) results.push(resultOf(await client.query(statement(query)), arrayMode));
    await client.query('COMMIT');
    return { results };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

function parseBody(text: string): HttpQuery | { queries: HttpQuery[] } {
  try {
    return JSON.parse(text) as HttpQuery | { queries: HttpQuery[] };
  } catch {
    throw new RequestError('request body is not JSON');
  }
}

function statement({ query, params = [] }: HttpQuery): pg.QueryArrayConfig {
  return { text: query, values: params, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig;
}

/** BEGIN with the batch's Neon-Batch-* options. */
function beginOf(request: IncomingMessage): string {
  const parts = ['BEGIN'];
  const isolation = header(request, 'neon-batch-isolation-level');
  if (isolation) {
    const level = ISOLATION_LEVELS[isolation];
    if (!level) throw new RequestError(`unknown isolation level ${isolation}`);
    parts.push(`ISOLATION LEVEL ${level}`);
  }
  const readOnly = header(request, 'neon-batch-read-only');
  if (readOnly) parts.push(readOnly === 'true' ? 'READ ONLY' : 'READ WRITE');
  const deferrable = header(request, 'neon-batch-deferrable');
  if (deferrable) parts.push(deferrable === 'true' ? 'DEFERRABLE' : 'NOT DEFERRABLE');
  return parts.join(' ');
}

function resultOf(result: pg.QueryArrayResult, arrayMode: boolean): object {
  const fields = result.fields.map(({ name, tableID, columnID, dataTypeID, dataTypeSize, dataTypeModifier, format }) => ({
    name,
    tableID,
    columnID,
    dataTypeID,
    dataTypeSize,
    dataTypeModifier,
    format,
  }));
  const rows = arrayMode ? result.rows : result.rows.map((row) => Object.fromEntries(fields.map((field, i) => [field.name, row[i]])));
  return { fields, rows, command: result.command, rowCount: result.rowCount, rowAsArray: arrayMode };
}

function databaseError(error: pg.DatabaseError): object {
  const body: Record<string, unknown> = { message: error.message };
  for (const field of ERROR_FIELDS) if (error[field] !== undefined) body[field] = error[field];
  return body;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
