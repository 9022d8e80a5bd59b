// `restguide serve --openapi`: any API description served the way the guide wants it, through the
// reference server's own pipeline (validation from the document, problems, 405/406/415, trace ids).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'yaml';
import type { Reply, RequestContext, RouteDef } from '../reference-server/context.js';
import { answerClientError, answerOnSocket, trackAnswer } from '../reference-server/client-error.js';
import { answerProblem, handleRequest, type PipelineOptions } from '../reference-server/pipeline.js';
import { ProblemError } from '../reference-server/problems.js';
import { resolvePublicBase } from '../reference-server/public-url.js';
import { Router } from '../reference-server/router.js';
import type { Ajv } from 'ajv';
import { followLocalRefs } from '../openapi/refs.js';
import {
  compileAgainst,
  compileOperations,
  createAjv,
  type CompiledOperation,
} from '../reference-server/validation.js';
import { create, declaredStatus, filtered, itemReply, listPage, recordOf, remove, update } from './collections.js';
import { collectionAt } from './nested.js';
import { compilable, permissiveOperations, refuseUnknownMembers } from './validators.js';
import { unservedNotes } from './notes.js';
import { WrittenRecords } from './written.js';
import { declaredProblemTypesPath, mockNaming, PROBLEM_TYPES_PATH, problemTypesRoute } from './problems.js';
import { taskPathsOf, taskRoutes, type TaskRoutes } from './tasks.js';
import {
  answerOf,
  collectionsOf,
  SERVED_METHODS,
  seedCollection,
  type MockCollection,
  type MockState,
} from './model.js';
import { seededRandom, ValueMaker } from './values.js';
import { isObject } from '../openapi/json.js';
import { pathsBasePath, rebase } from '../core/profile/base-path.js';

type Json = Record<string, unknown>;

export interface MockOptions {
  port?: number;
  host?: string;
  publicUrl?: string;
  seed?: number;
  /** How long a task stays processing (default 500 ms). */
  taskDelayMs?: number;
  /** Records per collection path, used instead of generated ones. */
  data?: Record<string, unknown[]>;
  /** Bytes of JSON that clients' writes may hold before the oldest written go (default 32 MiB). */
  writtenBytes?: number;
}

export interface MockServer {
  url: string;
  /** One line for each part not served as the guide wants, and why. */
  notes: string[];
  close(): Promise<void>;
}

/** The answer of an operation that is neither a collection nor its item: its example, else made from its schema, once per URL. */
function declaredAnswer(document: Json, operation: unknown): (ctx: RequestContext<MockState>) => Reply {
  const answer = answerOf(document, operation);
  return (ctx) => {
    if (!answer) return { status: 204 };
    if (!answer.schema && !answer.holder) return { status: answer.status };
    const key = `${ctx.method} ${ctx.path}${ctx.method === 'GET' ? ctx.rawQuery : ''}`;
    let body = ctx.store.answers.get(key);
    if (body === undefined) {
      body = ctx.store.maker.exampleOf(answer.holder) ?? ctx.store.maker.make(answer.schema ?? {});
      if (isObject(body) && 'self' in body) body = { ...body, self: `${ctx.base}${ctx.path}${ctx.rawQuery}` };
      if (ctx.method === 'GET' && ctx.store.answers.size < 10_000) ctx.store.answers.set(key, body);
    }
    const lang = ctx.query['lang'];
    return { status: answer.status, body: typeof lang === 'string' ? onlyLanguage(body, lang) : body };
  };
}

const LANGUAGE_KEY = /^[a-z]{2}(-[A-Za-z]{2})?$/;

/** `lang` asked: each object keyed by languages keeps only that language. */
function onlyLanguage(value: unknown, lang: string): unknown {
  if (Array.isArray(value)) return value.map((v) => onlyLanguage(v, lang));
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 1 && keys.every((k) => LANGUAGE_KEY.test(k)) && lang in value) return { [lang]: value[lang] };
  return Object.fromEntries(keys.map((k) => [k, onlyLanguage(value[k], lang)]));
}

function routesOf(
  state: MockState,
  notes: string[],
  taskDelayMs: number,
  seed: (one: MockCollection, template: MockCollection) => void,
): Array<RouteDef<MockState>> {
  // A nested list's records are its parent's: the list at the path asked, or the one above the item asked.
  const list = (ctx: RequestContext<MockState>, c: MockCollection) => collectionAt(ctx, c, ctx.path, seed);
  const itemList = (ctx: RequestContext<MockState>, c: MockCollection) =>
    collectionAt(ctx, c, ctx.path.slice(0, ctx.path.lastIndexOf('/')), seed);
  const paths = (isObject(state.document['paths']) ? state.document['paths'] : {}) as Record<string, Json>;
  const routes: Array<RouteDef<MockState>> = [];
  // Long-running operations first: their task paths are answered by the task, not from the document.
  const submits = new Map<string, TaskRoutes>();
  const polls = new Map<string, TaskRoutes>();
  for (const [path, item] of Object.entries(paths)) {
    if (answerOf(state.document, item['post'])?.status !== 202) continue;
    const taskPaths = taskPathsOf(paths, path);
    if (!taskPaths) {
      notes.push(
        `POST ${path}: answered 202 from the document, with no task to poll (it declares no GET ${path}/{id})`,
      );
      continue;
    }
    const routes = taskRoutes(state, taskPaths, taskDelayMs);
    submits.set(path, routes);
    polls.set(taskPaths.task, routes);
  }
  for (const [path, item] of Object.entries(paths)) {
    const methods: RouteDef<MockState>['methods'] = {};
    const listed = state.byPath.get(path);
    const owner = state.byItemPath.get(path);
    for (const method of SERVED_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const upper = method.toUpperCase() as keyof RouteDef['methods'];
      const submit = method === 'post' ? submits.get(path) : undefined;
      const poll = method === 'get' ? polls.get(path) : undefined;
      if (submit) methods.POST = submit.submit;
      else if (poll) methods.GET = poll.poll;
      else if (listed && method === 'get') methods.GET = (ctx) => listPage(ctx, list(ctx, listed));
      else if (listed && method === 'post') methods.POST = (ctx) => create(ctx, list(ctx, listed), operation);
      else if (listed && method === 'delete')
        methods.DELETE = (ctx) => {
          const at = list(ctx, listed);
          for (const record of filtered(ctx, at)) ctx.store.written.remove(at, String(record[at.key]));
          return { status: declaredStatus(ctx, operation, 204) };
        };
      else if (owner && method === 'get')
        methods.GET = (ctx) => {
          const at = itemList(ctx, owner);
          return itemReply(ctx, at, recordOf(ctx, at));
        };
      else if (owner && (method === 'put' || method === 'patch'))
        methods[upper] = (ctx) => update(ctx, itemList(ctx, owner), operation);
      else if (owner && method === 'delete') methods.DELETE = (ctx) => remove(ctx, itemList(ctx, owner), operation);
      else methods[upper] = declaredAnswer(state.document, operation);
    }
    routes.push({ path, methods });
  }
  return routes;
}

/**
 * Routes the guide reserves that the document need not declare: /health, the document itself, and the
 * descriptions of the mock's own problem types (at the document's problem type path where it declares one).
 */
function reservedRoutes(
  state: MockState,
  declared: Array<RouteDef<MockState>>,
  original: Json,
): Array<RouteDef<MockState>> {
  // Made on the first request: stringifying a 1 MB document takes a good part of a second.
  let yaml: string | undefined;
  const extra: Array<RouteDef<MockState>> = [
    { path: '/doc/openapi.json', methods: { GET: () => ({ status: 200, body: original }) } },
    {
      path: '/doc/openapi.yaml',
      produces: ['application/yaml'],
      methods: {
        GET: () => ({ status: 200, text: (yaml ??= stringify(original)), contentType: 'application/yaml' }),
      },
    },
  ];
  if (!declared.some((r) => r.path === '/health'))
    extra.push({ path: '/health', methods: { GET: () => ({ status: 200, body: { status: 'UP' } }) } });
  const typesPath = declaredProblemTypesPath(declared.map((r) => r.path));
  const own = declared.find((r) => r.path === typesPath)?.methods.GET;
  extra.push(problemTypesRoute(typesPath ?? PROBLEM_TYPES_PATH, own));
  return extra;
}

/**
 * A merge patch leaves out what it keeps and sets to null what it removes (RFC 7396): it is held to the
 * record's members, none required and each nullable, not to the whole record; it comes as
 * application/merge-patch+json or application/json, whichever the document names.
 */
function relaxMergePatch(document: Json, operations: Map<string, CompiledOperation>, ajv: Ajv, path: string): void {
  const item = (document['paths'] as Record<string, Json>)[path];
  const compiled = operations.get(`PATCH ${path}`);
  if (!item || !compiled?.bodyMediaTypes) return;
  const body = followLocalRefs(document, (item['patch'] as Json | undefined)?.['requestBody']).value;
  const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
  // A PATCH is a merge patch whichever of the two media types the document names (the mock takes both).
  const type =
    Object.keys(content).find((t) => /merge-patch/i.test(t)) ?? Object.keys(content).find((t) => /json/i.test(t));
  if (!type) return;
  const types = new Set([...compiled.bodyMediaTypes, 'application/merge-patch+json', 'application/json']);
  compiled.bodyMediaTypes = [...types];
  const schema = followLocalRefs(document, (content[type] as Json | undefined)?.['schema']).value;
  if (!isObject(schema) || !isObject(schema['properties'])) return;
  const { required: _required, ...rest } = schema;
  const properties = Object.fromEntries(
    Object.entries(schema['properties']).map(([name, member]) => [name, { anyOf: [member, { enum: [null] }] }]),
  );
  compiled.validateBody = compileAgainst(ajv, { ...rest, properties });
}

/**
 * The validators of each path, compiled when the path is first asked for: compiling every operation of
 * a 1 MB description up front took most of the mock's start (seconds); one path takes milliseconds.
 */
class LazyOperations extends Map<string, CompiledOperation> {
  private readonly compiled = new Set<string>();
  /** The paths whose schemas did not compile: their input is taken as it comes. */
  readonly unvalidated = new Set<string>();
  constructor(
    /** The document as ajv can compile it (see compilable). */
    private readonly document: Json,
    private readonly ajv: Ajv,
  ) {
    super();
  }

  override get(key: string): CompiledOperation | undefined {
    const path = key.slice(key.indexOf(' ') + 1);
    const paths = (isObject(this.document['paths']) ? this.document['paths'] : {}) as Record<string, Json>;
    if (!this.compiled.has(path) && Object.hasOwn(paths, path)) {
      this.compiled.add(path);
      let one: Map<string, CompiledOperation>;
      try {
        one = compileOperations({ ...this.document, paths: { [path]: paths[path] } }, this.ajv, { headers: true });
        relaxMergePatch(this.document, one, this.ajv, path);
        refuseUnknownMembers(this.document, path, one);
      } catch {
        this.unvalidated.add(path);
        one = permissiveOperations(this.document, path);
      }
      for (const [name, operation] of one) if (!super.has(name)) this.set(name, operation);
    }
    return super.get(key);
  }
}

/**
 * Fills a collection when it is first used, from its own seeded maker: the data stays the same for the
 * same seed whatever order requests come in, and a large document starts without making all its data.
 */
function seedLazily(c: MockCollection, document: Json, seed: number, given?: unknown[]): void {
  const records = c.records;
  let seeded = false;
  Object.defineProperty(c, 'records', {
    get: () => {
      if (!seeded) {
        seeded = true;
        let hash = seed >>> 0;
        for (const char of c.path) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
        const maker = new ValueMaker(document, seededRandom(hash));
        seedCollection(c, maker, c.paging.kind === 'none' ? 5 : c.paging.size * 3 + 1, given);
      }
      return records;
    },
  });
}

const basePathOf = (document: Json): string => {
  const servers = Array.isArray(document['servers']) ? document['servers'] : [];
  const url = isObject(servers[0]) && typeof servers[0]['url'] === 'string' ? servers[0]['url'] : '';
  const path = url.replace(/\{[^}]*\}/g, 'x').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path.replace(/\/+$/, '');
};

/**
 * The filter parameters of a list that name no member of its elements (BeSt's `municipalityID` on streets):
 * the mock has nothing to compare them with, so it says so rather than pretend they filter.
 */
function unappliedFilters(maker: ValueMaker, c: MockCollection): string[] {
  const members = new Set(
    [c.recordSchema, c.elementSchema].flatMap((schema) => {
      const properties = maker.resolve(schema)['properties'];
      return isObject(properties) ? Object.keys(properties) : [];
    }),
  );
  return c.filters.filter((name) => !members.has(name));
}

export async function startMock(original: Json, options: MockOptions = {}): Promise<MockServer> {
  // Served where check looks for it: paths that all repeat a base path (`/api/v1/...`, no servers) are
  // served below it, so /health, /doc and the problem type pages sit beside them, not at the root.
  const shared = pathsBasePath(original);
  const document = shared ? rebase(original, undefined).document : original;
  const servers = basePathOf(original);
  const basePath = shared && shared !== servers ? `${servers}${shared}` : servers;
  const data = Object.fromEntries(
    Object.entries(options.data ?? {}).map(([name, records]) => [
      shared && name.startsWith(`${shared}/`) ? name.slice(shared.length) : name,
      records,
    ]),
  );
  const maker = new ValueMaker(document, seededRandom(options.seed ?? 1));
  const notes: string[] = [];
  const collections = collectionsOf(document, maker);
  for (const name of Object.keys(data))
    if (!collections.some((c) => c.path === name))
      throw new RangeError(
        `--data names ${name}, which is no collection of the document (${collections.map((c) => c.path).join(', ') || 'none'})`,
      );
  // A nested list (its path a template) is seeded per parent, when each is first asked for.
  const seed = (c: MockCollection, template = c.path) => seedLazily(c, document, options.seed ?? 1, data[template]);
  for (const c of collections) {
    if (!c.nested) seed(c);
    if (!c.itemPath) notes.push(`GET ${c.path}: a list without an item path: its elements have no href`);
    const unapplied = unappliedFilters(maker, c);
    if (unapplied.length)
      notes.push(
        `GET ${c.path}: ${unapplied.length > 1 ? 'filters' : 'filter'} ${unapplied.join(', ')} ${unapplied.length > 1 ? 'name' : 'names'} no member of its elements: not applied (every element matches)`,
      );
  }
  notes.push(...unservedNotes(document, collections));
  const state: MockState = {
    document,
    maker,
    byPath: new Map(collections.map((c) => [c.path, c])),
    byItemPath: new Map(collections.filter((c) => c.itemPath).map((c) => [c.itemPath!, c])),
    answers: new Map(),
    written: new WrittenRecords(options.writtenBytes),
  };
  const declared = routesOf(state, notes, options.taskDelayMs ?? 500, (one, template) => seed(one, template.path));
  const extra = reservedRoutes(state, declared, original);
  // The document at /doc is the document itself, whatever the document says is there.
  const routes = declared.filter((r) => !extra.some((e) => e.path === r.path));
  const validation = compilable(document) as Json;
  const ajv = createAjv(validation);
  const operations = new LazyOperations(validation, ajv);
  for (const route of extra)
    if (!operations.get(`GET ${route.path}`)) operations.set(`GET ${route.path}`, { path: [], query: [] });
  let publicBase = options.publicUrl === undefined ? '' : resolvePublicBase(options.publicUrl, basePath);
  const pipeline: PipelineOptions<MockState> = {
    basePath,
    router: new Router([...routes, ...extra]),
    operations,
    store: state,
    taskDelayMs: 0,
    publicBase: () => publicBase,
    problemNaming: mockNaming,
  };
  const server: Server = createServer({ requireHostHeader: false }, (req, res) => {
    trackAnswer(req, res);
    void handleRequest(req, res, pipeline);
  });
  server.on('checkExpectation', (req, res) => {
    trackAnswer(req, res);
    answerProblem(
      req,
      res,
      new ProblemError('expectationFailed', { expect: String(req.headers.expect ?? '').slice(0, 100) }),
      pipeline,
    );
  });
  // What node answers by itself (a bare 400, a dropped CONNECT) is a problem here too, as on the reference server.
  server.on('connect', (_req, socket) =>
    answerOnSocket(socket, 'notImplemented', publicBase, { method: 'CONNECT' }, 5000, mockNaming),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) =>
    answerClientError(error, socket, publicBase, mockNaming),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listening = `http://${host}:${address.port}${basePath}`;
  if (!publicBase) publicBase = listening;
  return {
    url: publicBase,
    notes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
