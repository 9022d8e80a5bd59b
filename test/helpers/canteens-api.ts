// Schools and their menus as finale-rest serves them on PostgreSQL (the sixth field pass): integer ids the
// database casts, so a malformed id, or a parent id in the nested list under another name, answers 500; a name
// above its column's length answers 500 to POST and PUT alike. Each fault can be fixed alone, to prove both ways
// that one cause is one finding and that a fault of its own is still reported.
import type { ServerResponse } from 'node:http';
import { readJsonObject, sendJson, startFixture, type FixtureServer } from './fixture-server.js';

export interface CanteensOptions {
  /** What `/schools/abc` answers: the database's 500, or a problem 400. */
  malformedId: 500 | 400;
  /** What `/schools/abc/menus` answers (finale's own route, another handler than the item's). */
  malformedParent: 500 | 400;
  /** What a name above 80 characters answers, by POST and by PUT. */
  longName: 500 | 400;
  /** A fault no other check names: every menu list answers 500. */
  menusBroken?: true;
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const School = {
  type: 'object',
  properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', maxLength: 80 } },
  required: ['name'],
};
const Menu = { type: 'object', properties: { id: { type: 'integer' }, dish: { type: 'string' } } };
const list = (items: unknown) => ({ type: 'object', properties: { items: { type: 'array', items } } });
/** Client errors declared everywhere, 5xx nowhere (as hand-made documents of the field pass did). */
const problemContent = { 'application/problem+json': { schema: { type: 'object' } } };
const errors = {
  400: { description: 'bad request', content: problemContent },
  404: { description: 'not found', content: problemContent },
};
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer' }, example: 1 });

export function canteensDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'canteens', version: '1' },
    paths: {
      '/schools': {
        get: {
          parameters: [{ name: 'network', in: 'query', schema: { type: 'string', enum: ['public', 'free'] } }],
          responses: { 200: { description: 'ok', content: json(list(School)) }, ...errors },
        },
        post: {
          requestBody: { required: true, content: json(School) },
          responses: { 201: { description: 'created', content: json(School) }, ...errors },
        },
      },
      '/schools/{id}': {
        parameters: [id('id')],
        get: { responses: { 200: { description: 'ok', content: json(School) }, ...errors } },
        put: {
          requestBody: { required: true, content: json(School) },
          responses: { 200: { description: 'ok', content: json(School) }, ...errors },
        },
        delete: { responses: { 204: { description: 'gone' }, ...errors } },
      },
      '/schools/{schoolId}/menus': {
        parameters: [id('schoolId')],
        get: { responses: { 200: { description: 'ok', content: json(list(Menu)) }, ...errors } },
      },
    },
  };
}

const PROBLEM = { 'content-type': 'application/problem+json' };

function problem(res: ServerResponse, status: number, issues?: Array<Record<string, unknown>>): void {
  const type = status === 400 ? 'urn:problem-type:belgif:badRequest' : 'about:blank';
  sendJson(res, status, { type, title: `status ${status}`, status, ...(issues ? { issues } : {}) }, PROBLEM);
}

const pathIssue = (name: string) => [
  { type: 'urn:problem-type:belgif:input-validation:schemaViolation', in: 'path', name },
];

/** finale's 500: the database's refusal as application/json (the leak is no concern of these tests). */
const databaseError = (res: ServerResponse) => problem(res, 500);

export async function startCanteensApi(options: CanteensOptions): Promise<FixtureServer> {
  const schools = new Map<number, { id: number; name: string }>([1, 2].map((n) => [n, { id: n, name: `School ${n}` }]));
  let next = 3;
  const nameIssue = (name: unknown) =>
    typeof name !== 'string' || name.length > 80
      ? [{ type: 'urn:problem-type:belgif:input-validation:schemaViolation', in: 'body', name: 'name' }]
      : undefined;
  return startFixture(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/doc/openapi.json') return sendJson(res, 200, canteensDocument());
    if (path === '/schools' && req.method === 'GET') {
      const network = url.searchParams.get('network');
      if (network !== null && !['public', 'free'].includes(network))
        return problem(res, 400, [
          { type: 'urn:problem-type:belgif:input-validation:schemaViolation', in: 'query', name: 'network' },
        ]);
      return sendJson(res, 200, { items: [...schools.values()] });
    }
    if (path === '/schools' && req.method === 'POST') {
      const body = await readJsonObject(req);
      const issues = nameIssue(body?.['name']);
      if (issues) return options.longName === 500 ? databaseError(res) : problem(res, 400, issues);
      const school = { id: next++, name: String(body?.['name']) };
      schools.set(school.id, school);
      return sendJson(res, 201, school, { location: `${path}/${school.id}` });
    }
    const nested = /^\/schools\/([^/]+)\/menus$/.exec(path);
    if (nested && req.method === 'GET') {
      if (!/^\d+$/.test(nested[1] ?? ''))
        return options.malformedParent === 500 ? databaseError(res) : problem(res, 400, pathIssue('schoolId'));
      if (options.menusBroken) return databaseError(res);
      if (!schools.has(Number(nested[1]))) return problem(res, 404);
      return sendJson(res, 200, { items: [{ id: 1, dish: 'stoemp' }] });
    }
    const item = /^\/schools\/([^/]+)$/.exec(path);
    if (!item) return problem(res, 404);
    if (!/^\d+$/.test(item[1] ?? ''))
      return options.malformedId === 500 ? databaseError(res) : problem(res, 400, pathIssue('id'));
    const school = schools.get(Number(item[1]));
    if (!school) return problem(res, 404);
    if (req.method === 'GET') return sendJson(res, 200, school);
    if (req.method === 'DELETE') {
      schools.delete(school.id);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'PUT') {
      const body = await readJsonObject(req);
      const issues = nameIssue(body?.['name']);
      if (issues) return options.longName === 500 ? databaseError(res) : problem(res, 400, issues);
      school.name = String(body?.['name']);
      return sendJson(res, 200, school);
    }
    res.writeHead(405, { allow: 'GET, PUT, DELETE' }).end();
  });
}
