// A json-server-like API of employers for the write-safety tests: it stores a body it cannot read (text/plain, a
// form) as an empty record with a server-assigned id, as json-server 0.17 does, or lies about what it created.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import type { Profile } from '../../src/core/profile/profile.js';
import { sendJson, startFixture, type FixtureServer } from './fixture-server.js';

type Employer = Record<string, unknown> & { id: number };

export interface LaxStoreOptions {
  /**
   * What a POST answers: `stores` what it read (json-server); `existing` answers every create with record 1,
   * unchanged; `existing-when-unread` answers a body it cannot read with record 5, which its list never shows (so no
   * earlier answer of the run named it); `random` answers with a fresh
   * id of its own, and a GET of a created record shows other data each time (a mock serving random data).
   */
  create?: 'stores' | 'existing' | 'existing-when-unread' | 'random';
  /** A PUT of /employers empties the store (a wrongly honoured collection PUT), unless its If-Match fails; else 404. */
  collectionPut?: 'checks If-Match';
  /** A text member sent as another type is stored as null (a typed backend that coerces instead of refusing). */
  coerce?: boolean;
}

export interface LaxStore extends FixtureServer {
  /** The records as they are now, by id. */
  records(): Map<number, Employer>;
}

const SEED: Employer[] = [1, 2, 3, 4, 5].map((id) => ({
  id,
  name: `Employer ${id}`,
  enterpriseNumber: `02000${String(id).padStart(5, '0')}`,
  city: id % 2 === 0 ? 'Gent' : 'Liège',
}));

async function readBody(req: IncomingMessage): Promise<{ json?: unknown; malformed?: boolean; unread?: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!/^application\/([\w.+-]*\+)?json/.test(req.headers['content-type'] ?? '')) return { unread: true };
  try {
    return { json: text === '' ? {} : JSON.parse(text) };
  } catch {
    return { malformed: true };
  }
}

const plain = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export async function startLaxStore(options: LaxStoreOptions = {}): Promise<LaxStore> {
  const mode = options.create ?? 'stores';
  const store = new Map<number, Employer>(SEED.map((e) => [e.id, { ...e }]));
  const created = new Set<number>();
  let next = 100;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/employers(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, {});
    const id = match[1] === undefined ? undefined : Number(match[1]);
    const record = id === undefined ? undefined : store.get(id);
    if (req.method === 'GET' && id === undefined)
      return sendJson(
        res,
        200,
        [...store.values()].filter((e) => mode !== 'existing-when-unread' || e.id !== 5),
      );
    if (req.method === 'GET') {
      if (!record) return sendJson(res, 404, {});
      if (mode === 'random' && created.has(record.id))
        return sendJson(res, 200, { id: record.id, name: `random ${Math.random()}`, city: 'Nowhere' });
      return sendJson(res, 200, record);
    }
    const body = req.method === 'DELETE' ? {} : await readBody(req);
    if (body.malformed) return sendJson(res, 400, { error: 'SyntaxError: Unexpected end of JSON input' });
    if (req.method === 'POST' && id === undefined) {
      if (mode === 'existing') return sendJson(res, 201, store.get(1));
      if (mode === 'existing-when-unread' && body.unread) return sendJson(res, 201, store.get(5));
      const sent = plain(body.json);
      const key = typeof sent['id'] === 'number' && mode !== 'random' ? sent['id'] : next++;
      if (store.has(key)) return sendJson(res, 500, { error: `Insert failed, duplicate id ${key}` });
      if (options.coerce)
        for (const name of ['name', 'enterpriseNumber', 'city'])
          if (name in sent && typeof sent[name] !== 'string') sent[name] = null;
      const made: Employer = { ...sent, id: key };
      store.set(key, made);
      created.add(key);
      return sendJson(res, 201, made);
    }
    // PUT of the whole collection replaces it, unless a precondition fails (no representation matches).
    if (req.method === 'PUT' && id === undefined) {
      if (!options.collectionPut) return sendJson(res, 404, {});
      const ifMatch = req.headers['if-match'];
      if (ifMatch !== undefined && ifMatch !== '*') return sendJson(res, 412, {});
      store.clear();
      return sendJson(res, 200, []);
    }
    if (id === undefined) return sendJson(res, 404, {});
    if (!record) return sendJson(res, 404, {});
    if (req.method === 'DELETE') {
      store.delete(id);
      return sendJson(res, 200, {});
    }
    if (req.method === 'PUT') {
      store.set(id, { ...plain(body.json), id });
      return sendJson(res, 200, store.get(id));
    }
    if (req.method === 'PATCH') {
      store.set(id, { ...record, ...plain(body.json), id });
      return sendJson(res, 200, store.get(id));
    }
    sendJson(res, 404, {});
  };
  const server = await startFixture(handle);
  return Object.assign(server, { records: () => new Map([...store].map(([k, v]) => [k, { ...v }])) });
}

/** The OpenAPI document of the lax store; `itemWrites` false leaves PUT and PATCH of an item out. */
export function laxStoreOpenApi(itemWrites = true): Record<string, unknown> {
  const employer = { $ref: '#/components/schemas/Employer' };
  const json = { 'application/json': { schema: employer } };
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
  return {
    openapi: '3.0.3',
    info: { title: 'lax store', version: '1' },
    paths: {
      '/employers': {
        get: {
          responses: {
            200: {
              description: 'all',
              content: { 'application/json': { schema: { type: 'array', items: employer } } },
            },
          },
        },
        post: { requestBody: { content: json }, responses: { 201: { description: 'created', content: json } } },
      },
      '/employers/{id}': {
        parameters: [id],
        get: { responses: { 200: { description: 'one', content: json }, 404: { description: 'missing' } } },
        ...(itemWrites
          ? {
              put: { requestBody: { content: json }, responses: { 200: { description: 'replaced' } } },
              patch: { requestBody: { content: json }, responses: { 200: { description: 'patched' } } },
            }
          : {}),
        delete: { responses: { 200: { description: 'deleted' } } },
      },
    },
    components: {
      schemas: {
        Employer: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            enterpriseNumber: { type: 'string' },
            city: { type: 'string' },
          },
        },
      },
    },
  };
}

/** The lax store's profile with the create body's `id` left out: the server assigns every key, nothing is unique. */
export function serverKeysProfile(itemWrites = true): Profile {
  const profile = deriveProfile(laxStoreOpenApi(itemWrites));
  return {
    ...profile,
    collections: (profile.collections ?? []).map(({ create, ...c }) => {
      const { id: _id, ...body } = create?.body ?? {};
      return { ...c, create: { body } };
    }),
  };
}
