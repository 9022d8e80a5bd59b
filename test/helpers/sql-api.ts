// An API generated from SQL tables as Platformatic DB shapes it: every column is declared a plain `string` or
// `integer` (a TIMESTAMP, a DATE and an INTEGER column kept as text are all `string`), the database alone enforces
// the column's type and answers text it cannot read with a 500 carrying its error code; Fastify answers 404 to
// every method it does not route. The document declares successes, and a 404 of its items without content (as
// NestJS's @ApiNotFoundResponse() does) that the API answers with JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startFixture, type FixtureServer } from './fixture-server.js';

/** What the database holds in a column: text reaches it as declared `string` whatever the column's type. */
type Column = 'serial' | 'text' | 'integer-text' | 'timestamp' | 'date';

interface Table {
  columns: Record<string, Column>;
  /** The document declares PUT on the collection, "update one or more" (Platformatic's); it is not routed here. */
  putMany?: true;
  required: string[];
  rows: Array<Record<string, unknown>>;
}

const TABLES: Record<string, Table> = {
  bookings: {
    // `until` says no time in its name: only the records show it holds moments.
    columns: { id: 'serial', facility: 'text', startsAt: 'timestamp', until: 'timestamp', note: 'text' },
    required: ['facility', 'startsAt', 'until'],
    putMany: true,
    rows: [1, 2, 3, 4].map((id) => ({
      id,
      facility: `Hall ${id}`,
      startsAt: `2026-03-0${id}T10:00:00.000Z`,
      until: `2026-03-0${id}T11:00:00.000Z`,
    })),
  },
  rooms: {
    // `code` is an INTEGER column the document declares as a string: free text there fails the database.
    columns: { id: 'serial', code: 'integer-text', name: 'text' },
    required: ['code', 'name'],
    rows: [1, 2, 3, 4].map((id) => ({ id, code: String(100 + id), name: `Room ${id}` })),
  },
};

/** Whether the database reads `value` into a column of this type (PostgreSQL's 22P02 / 22007 otherwise). */
function readable(column: Column, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (column === 'integer-text') return /^-?\d+$/.test(String(value));
  if (column === 'timestamp') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(String(value));
  if (column === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(String(value));
  return true;
}

const declared = (column: Column): Record<string, unknown> =>
  column === 'serial' ? { type: 'integer', readOnly: true } : { type: 'string' };

const NOT_FOUND = { description: 'Not Found' };

/** The OpenAPI document of the tables: a list and a create per table, an item GET and DELETE, a `where` filter. */
export function sqlApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const ref = { $ref: `#/components/schemas/${name}` };
    const json = { 'application/json': { schema: ref } };
    schemas[name] = {
      type: 'object',
      required: table.required,
      properties: Object.fromEntries(Object.entries(table.columns).map(([c, t]) => [c, declared(t)])),
    };
    const filters = Object.keys(table.columns)
      .filter((c) => c !== 'id')
      .map((c) => ({ name: `where.${c}.eq`, in: 'query', schema: { type: 'string' } }));
    paths[`/${name}`] = {
      get: {
        parameters: filters,
        responses: {
          200: {
            description: 'rows',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { items: { type: 'array', items: ref } } },
              },
            },
          },
        },
      },
      post: { requestBody: { content: json }, responses: { 201: { description: 'created', content: json } } },
      ...(table.putMany
        ? { put: { requestBody: { content: json }, responses: { 200: { description: 'updated', content: json } } } }
        : {}),
    };
    paths[`/${name}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { 200: { description: 'one', content: json }, 404: NOT_FOUND } },
      delete: { responses: { 204: { description: 'deleted' }, 404: NOT_FOUND } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'sql', version: '1' }, paths, components: { schemas } };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

const databaseError = (res: ServerResponse, column: string) =>
  sendJson(res, 500, { statusCode: 500, code: '22P02', error: 'Internal Server Error', message: `bad ${column}` });

export interface SqlApi extends FixtureServer {
  /** The ids of a table's rows now. */
  ids(table: string): number[];
}

/** Starts the API; the seeded rows are never the run's to change. */
export async function startSqlApi(): Promise<SqlApi> {
  const rows = new Map(Object.entries(TABLES).map(([name, t]) => [name, new Map(t.rows.map((r) => [r.id, { ...r }]))]));
  let next = 1000;
  const server = await startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/(\w+)(?:\/(\d+))?$/.exec(url.pathname);
    const table = match ? TABLES[match[1] as string] : undefined;
    const stored = match ? rows.get(match[1] as string) : undefined;
    const notFound = () =>
      sendJson(res, 404, {
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${req.method}:${url.pathname} not found`,
      });
    if (!match || !table || !stored) return notFound();
    const base = `http://${req.headers.host}/${match[1]}`;
    if (match[2] === undefined) {
      if (req.method === 'GET') {
        let listed = [...stored.values()];
        for (const [param, value] of url.searchParams) {
          const column = /^where\.(\w+)\.eq$/.exec(param)?.[1];
          const type = column === undefined ? undefined : table.columns[column];
          if (column === undefined || type === undefined) continue;
          if (!readable(type, value)) return databaseError(res, column);
          listed = listed.filter((row) => String(row[column]) === value);
        }
        return sendJson(res, 200, { items: listed });
      }
      if (req.method !== 'POST') return notFound();
      const body = await readJson(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return sendJson(res, 400, { statusCode: 400, error: 'Bad Request', message: 'body must be object' });
      const input = body as Record<string, unknown>;
      const missing = table.required.find((column) => typeof input[column] !== 'string');
      if (missing !== undefined)
        return sendJson(res, 400, { statusCode: 400, error: 'Bad Request', message: `body/${missing} is required` });
      for (const [column, value] of Object.entries(input))
        if (table.columns[column] !== undefined && !readable(table.columns[column], value))
          return databaseError(res, column);
      const row = { ...input, id: next++ };
      stored.set(row.id, row);
      return sendJson(res, 201, row, { location: `${base}/${row.id}` });
    }
    const id = Number(match[2]);
    const row = stored.get(id);
    if (req.method !== 'GET' && req.method !== 'DELETE') return notFound();
    if (!row) return sendJson(res, 404, { statusCode: 404, error: 'Not Found', message: 'no such row' });
    if (req.method === 'GET') return sendJson(res, 200, row);
    stored.delete(id);
    res.writeHead(204).end();
  });
  return Object.assign(server, {
    ids: (name: string) => [...(rows.get(name)?.keys() ?? [])].map(Number).sort((a, b) => a - b),
  });
}
