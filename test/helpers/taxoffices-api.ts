// Tax offices and their sessions as the seventh field pass's frameworks served them (Dancer2, Slim, restify,
// Flask-RESTful): a session `date` declared `format: date` that a lax app stores as sent and answers back, one
// validation status (422) for every bad input, a framework's HTML 404 page for a malformed id on every item route.
// Each fault can be fixed alone, to prove both ways that one cause is one finding and a fault of its own still shows.
import type { ServerResponse } from 'node:http';
import { readJsonObject, sendJson, startFixture, type FixtureServer } from './fixture-server.js';

export interface TaxOfficesOptions {
  /** What a session date that is no date (`2024-13-45`) gets, by POST and by PUT: stored as sent, or refused. */
  badDate: 'take' | 400 | 422;
  /** What a body member of the wrong JSON type gets. */
  wrongType: 400 | 422;
  /** Every answer carries a session's `room` as a string, where the document declares an integer. */
  roomAsString?: true;
  /** A malformed id on any item route answers the framework's 404 page (text/html), not a problem 400. */
  htmlNotFound?: true;
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const Office = {
  type: 'object',
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
  required: ['name'],
};
const Session = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    date: { type: 'string', format: 'date' },
    room: { type: 'integer' },
  },
  required: ['date', 'room'],
};
const list = (items: unknown) => ({ type: 'object', properties: { items: { type: 'array', items } } });
const problemContent = { 'application/problem+json': { schema: { type: 'object' } } };
const errors = {
  400: { description: 'bad request', content: problemContent },
  404: { description: 'not found', content: problemContent },
  422: { description: 'invalid input', content: problemContent },
};
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' }, example: 1 });

/** A collection and its items, with the writes the checks probe. */
function resource(schema: unknown, parameters: unknown[]) {
  const one = { 200: { description: 'ok', content: json(schema) }, ...errors };
  return {
    list: {
      ...(parameters.length > 0 ? { parameters } : {}),
      get: { responses: { 200: { description: 'ok', content: json(list(schema)) }, ...errors } },
      post: {
        requestBody: { required: true, content: json(schema) },
        responses: { 201: { description: 'created', content: json(schema) }, ...errors },
      },
    },
    item: (itemParam: unknown) => ({
      parameters: [...parameters, itemParam],
      get: { responses: one },
      put: { requestBody: { required: true, content: json(schema) }, responses: one },
      delete: { responses: { 204: { description: 'gone' }, ...errors } },
    }),
  };
}

export function taxOfficesDocument(): Record<string, unknown> {
  const offices = resource(Office, []);
  const sessions = resource(Session, [id('officeId')]);
  return {
    openapi: '3.0.3',
    info: { title: 'taxoffices', version: '1' },
    paths: {
      '/offices': offices.list,
      '/offices/{officeId}': offices.item(id('officeId')),
      '/offices/{officeId}/sessions': sessions.list,
      '/offices/{officeId}/sessions/{sessionId}': sessions.item(id('sessionId')),
    },
  };
}

const PROBLEM = { 'content-type': 'application/problem+json' };

function problem(res: ServerResponse, status: number, issues?: Array<Record<string, unknown>>): void {
  const type = status === 400 ? 'urn:problem-type:belgif:badRequest' : 'about:blank';
  sendJson(res, status, { type, title: `status ${status}`, status, ...(issues ? { issues } : {}) }, PROBLEM);
}

const issue = (inWhere: string, name: string) => [
  { type: 'urn:problem-type:belgif:input-validation:schemaViolation', in: inWhere, name },
];

type Row = Record<string, unknown> & { id: number };

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export async function startTaxOfficesApi(options: TaxOfficesOptions): Promise<FixtureServer> {
  const offices = new Map<number, Row>([1, 2].map((n) => [n, { id: n, name: `Office ${n}` }]));
  const sessions = new Map<number, Row & { officeId: number }>(
    [1, 2].map((n) => [n, { id: n, officeId: 1, date: `2025-0${n}-10`, room: n }]),
  );
  let next = 10;
  /** The member types each kind of record declares: a wrong type is refused with options.wrongType. */
  const types: Record<string, Record<string, 'string' | 'number'>> = {
    office: { name: 'string' },
    session: { date: 'string', room: 'number' },
  };
  const shown = (row: Row): Row => {
    const { officeId: _, ...rest } = row;
    return options.roomAsString && 'room' in rest ? { ...rest, room: String(rest['room']) } : rest;
  };
  /** The record a write body makes, or an answer already sent. */
  const validate = (res: ServerResponse, kind: 'office' | 'session', body: Record<string, unknown> | undefined) => {
    if (!body) return problem(res, 400, issue('body', ''));
    // As lax as Perl and PHP apps are: a room number sent as a numeric string is a number.
    if (typeof body['room'] === 'string' && /^\d+$/.test(body['room'])) body['room'] = Number(body['room']);
    for (const [name, type] of Object.entries(types[kind] ?? {}))
      if (typeof body[name] !== type) return problem(res, options.wrongType, issue('body', name));
    if (kind === 'session' && !DATE.test(String(body['date'])) && options.badDate !== 'take')
      return problem(res, options.badDate, issue('body', 'date'));
    return Object.fromEntries(Object.keys(types[kind] ?? {}).map((name) => [name, body[name]]));
  };
  const malformed = (res: ServerResponse, name: string): void => {
    if (options.htmlNotFound)
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not Found</h1>');
    else problem(res, 400, issue('path', name));
  };
  const empty = (res: ServerResponse, status: number, headers: Record<string, string> = {}): void => {
    res.writeHead(status, headers).end();
  };

  return startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/doc/openapi.json') return sendJson(res, 200, taxOfficesDocument());
    const parts = path.split('/').slice(1);
    if (parts[0] !== 'offices' || parts.length > 4 || (parts.length > 2 && parts[2] !== 'sessions'))
      return problem(res, 404);
    const [, officeId, , sessionId] = parts;
    if (officeId !== undefined && !/^\d+$/.test(officeId)) return malformed(res, 'officeId');
    if (sessionId !== undefined && !/^\d+$/.test(sessionId)) return malformed(res, 'sessionId');
    const office = officeId === undefined ? undefined : offices.get(Number(officeId));
    if (officeId !== undefined && !office) return problem(res, 404);
    const kind = parts.length > 2 ? 'session' : 'office';
    const rows: Map<number, Row> = kind === 'session' ? sessions : offices;
    const inScope = (row: Row) => kind === 'office' || row['officeId'] === office?.id;
    const itemId = kind === 'session' ? sessionId : officeId;
    if (itemId === undefined || (kind === 'session' && parts.length === 3)) {
      if (req.method === 'GET') return sendJson(res, 200, { items: [...rows.values()].filter(inScope).map(shown) });
      if (req.method !== 'POST') return empty(res, 405, { allow: 'GET, POST' });
      const made = validate(res, kind, await readJsonObject(req));
      if (!made) return;
      const row = { ...made, id: next++, ...(kind === 'session' ? { officeId: office?.id } : {}) } as Row;
      rows.set(row.id, row as Row & { officeId: number });
      return sendJson(res, 201, shown(row), { location: `${path}/${row.id}` });
    }
    const row = rows.get(Number(itemId));
    if (!row || !inScope(row)) return problem(res, 404);
    if (req.method === 'GET') return sendJson(res, 200, shown(row));
    if (req.method === 'DELETE') {
      rows.delete(row.id);
      return empty(res, 204);
    }
    if (req.method !== 'PUT') return empty(res, 405, { allow: 'GET, PUT, DELETE' });
    const made = validate(res, kind, await readJsonObject(req));
    if (!made) return;
    Object.assign(row, made);
    return sendJson(res, 200, shown(row));
  });
}
