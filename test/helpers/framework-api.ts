// A small API as ordinary frameworks make them, with its own generated OpenAPI document: items listed under
// `results` (Django REST framework) or `items`, paging by offset/limit or Skip/Take, server-assigned ids under
// `/PublicationTypes/{id}`, and a `lang` parameter whose enum lists languages the API does not translate into.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startFixture, type FixtureHandler, type FixtureServer } from './fixture-server.js';

export interface FrameworkApiOptions {
  /** The member the items are listed under; `bare`: the answer is the array itself. */
  listUnder: 'results' | 'items' | 'bare';
  /** offset/limit (DRF's LimitOffsetPagination) or Skip/Take (an ASP.NET style). */
  paging: 'offset-limit' | 'skip-take';
  /** A sort parameter of the framework's own (Django REST framework's `ordering=name`, `-name` descending). */
  ordering?: boolean;
  /** Where the document is published (default `/doc/openapi.json` and `/openapi.json`; Fastify: `/documentation/json`). */
  documentAt?: string[];
}

interface PublicationType {
  id: number;
  description: string;
  name: string;
  active: boolean;
}

const DATA: PublicationType[] = Array.from({ length: 12 }, (_, index) => ({
  id: 101 + index * 7,
  description: `Publication type ${index + 1}`,
  name: ['Decree', 'Law', 'Order', 'Circular'][index % 4] ?? 'Decree',
  active: index % 3 !== 0,
}));

const PARAMS = { 'offset-limit': ['offset', 'limit'], 'skip-take': ['Skip', 'Take'] } as const;

/** The OpenAPI document the framework would generate for it. */
export function frameworkDocument(options: FrameworkApiOptions): Record<string, unknown> {
  const [start, size] = PARAMS[options.paging];
  const integer = { type: 'integer' };
  const query = (name: string, schema: object) => ({ name, in: 'query', required: false, schema });
  const array = { type: 'array', items: { $ref: '#/components/schemas/PublicationType' } };
  const list = {
    results: {
      type: 'object',
      properties: {
        count: integer,
        next: { type: 'string', nullable: true },
        previous: { type: 'string', nullable: true },
        results: array,
      },
    },
    items: { type: 'object', properties: { items: array, total: integer } },
    bare: array,
  }[options.listUnder];
  return {
    openapi: '3.0.3',
    info: { title: 'Publications', version: '1.0.0' },
    paths: {
      '/PublicationTypes': {
        get: {
          parameters: [
            query(start, integer),
            query(size, integer),
            query('SortOrder', { type: 'string', enum: ['asc', 'desc'] }),
            query('name', { type: 'string' }),
            query('active', { type: 'boolean' }),
            query('lang', { type: 'string', enum: ['nl', 'fr', 'de', 'en'] }),
            ...(options.ordering ? [query('ordering', { type: 'string' })] : []),
          ],
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: list } } } },
        },
      },
      '/PublicationTypes/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: integer }],
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/PublicationType' } } },
            },
            404: { description: 'not found' },
          },
        },
      },
    },
    components: {
      schemas: {
        // The framework lists the properties as the model declares them: the description first, the key last.
        PublicationType: {
          type: 'object',
          properties: {
            description: { type: 'string' },
            name: { type: 'string' },
            active: { type: 'boolean' },
            id: integer,
          },
        },
      },
    },
  };
}

function answer(options: FrameworkApiOptions, origin: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', origin);
  const [startName, sizeName] = PARAMS[options.paging];
  if (req.method !== 'GET')
    return sendJson(res, 405, { detail: `Method "${req.method ?? ''}" not allowed.` }, { allow: 'GET' });
  if ((options.documentAt ?? ['/doc/openapi.json', '/openapi.json']).includes(url.pathname))
    return sendJson(res, 200, frameworkDocument(options));
  const item = /^\/PublicationTypes\/([^/]+)$/.exec(url.pathname);
  if (item) {
    const found = DATA.find((one) => String(one.id) === decodeURIComponent(item[1] ?? ''));
    return found ? sendJson(res, 200, found) : sendJson(res, 404, { detail: 'Not found.' });
  }
  if (url.pathname !== '/PublicationTypes') return sendJson(res, 404, { detail: 'Not found.' });
  const number = (name: string, fallback: number): number | undefined => {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    return /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  const start = number(startName, 0);
  const size = number(sizeName, 5);
  if (start === undefined || size === undefined || size === 0)
    return sendJson(res, 400, { detail: `${startName} and ${sizeName} must be positive integers.` });
  const name = url.searchParams.get('name');
  const active = url.searchParams.get('active');
  let rows = DATA.filter(
    (one) => (name === null || one.name === name) && (active === null || String(one.active) === active),
  );
  if (url.searchParams.get('SortOrder') === 'desc') rows = [...rows].reverse();
  const ordering = options.ordering ? url.searchParams.get('ordering') : null;
  if (ordering) {
    const key = ordering.replace(/^-/, '') as keyof PublicationType;
    const sign = ordering.startsWith('-') ? -1 : 1;
    rows = [...rows].sort((a, b) => sign * String(a[key]).localeCompare(String(b[key])));
  }
  const page = rows.slice(start, start + Math.min(size, 50));
  const link = (at: number) => {
    const next = new URL(url.href);
    next.searchParams.set(startName, String(at));
    next.searchParams.set(sizeName, String(size));
    return next.href;
  };
  const next = start + size < rows.length ? link(start + size) : null;
  const previous = start > 0 ? link(Math.max(0, start - size)) : null;
  if (options.listUnder === 'results') return sendJson(res, 200, { count: rows.length, next, previous, results: page });
  if (options.listUnder === 'bare') return sendJson(res, 200, page);
  return sendJson(res, 200, { items: page, total: rows.length, ...(next ? { next } : {}) });
}

/** The API as a fixture handler (`fixture(frameworkApi(...))` in a check table). */
export function frameworkApi(options: FrameworkApiOptions): FixtureHandler {
  return (req, res, server) => answer(options, server.origin, req, res);
}

export function startFrameworkApi(options: FrameworkApiOptions): Promise<FixtureServer> {
  return startFixture(frameworkApi(options));
}
