import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Method, Reply, RequestContext, RouteDef } from './context.js';
import { negotiateLanguage, type Language } from './i18n.js';
import { parseJson, readBody } from './json-body.js';
import { mediaTypeOf, negotiateMediaType } from './negotiation.js';
import { PROBLEM_TYPES } from './problem-types.js';
import { checkContentEncoding, checkProtocol } from './protocol-guard.js';
import { ParsedQuery } from './query-string.js';
import {
  badRequest,
  issue,
  notFound,
  problemBody,
  ProblemError,
  referenceNaming,
  type Issue,
  type ProblemNaming,
} from './problems.js';
import type { Router } from './router.js';
import type { Store } from './store/store.js';
import { validateBody, validateHeaders, validatePath, validateQuery, type CompiledOperation } from './validation.js';

export interface PipelineOptions<S = Store> {
  basePath: string;
  router: Router<S>;
  operations: Map<string, CompiledOperation>;
  store: S;
  taskDelayMs: number;
  /** The API's public base URL (configured, or the listening address): every absolute link starts with it. */
  publicBase: () => string;
  /** Protected mode: checks the access token of an operation before any input is read; undefined lets it through. */
  authorize?: (req: IncomingMessage, method: Method, routePath: string) => Promise<void> | undefined;
  /** The type and documentation href of each problem kind (default: the reference API's). */
  problemNaming?: ProblemNaming;
}

const TRACE_ID = /^[\x21-\x7e]{1,200}$/;
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const JSON_ONLY = ['application/json'];

const DONE: Promise<void> = Promise.resolve();

/**
 * Handles one request end to end; never throws, never leaks an internal detail. Requests without a
 * body to read and with a synchronous handler are answered synchronously (the promise is then settled).
 */
export function handleRequest<S>(
  req: IncomingMessage,
  res: ServerResponse,
  options: PipelineOptions<S>,
): Promise<void> {
  const traceId = randomUUID();
  const lang = negotiateLanguage(req.headers['accept-language']);
  // Never from the Host header: a client-chosen Host would poison every link a shared cache stores.
  const base = options.publicBase();
  const related = req.headers['belgov-trace-id'];
  const relatedId = typeof related === 'string' && TRACE_ID.test(related) ? related : undefined;
  const head = req.method === 'HEAD';
  let reply: Reply | Promise<Reply>;
  try {
    reply = dispatch(req, options, base, lang);
  } catch (error) {
    reply = problemReply(error, traceId, lang, base, options.problemNaming);
  }
  if (!(reply instanceof Promise)) {
    send(res, reply, traceId, relatedId, head);
    return DONE;
  }
  return reply.then(
    (settled) => send(res, settled, traceId, relatedId, head),
    (error: unknown) =>
      send(res, problemReply(error, traceId, lang, base, options.problemNaming), traceId, relatedId, head),
  );
}

/** Answers `error` as a problem outside the normal dispatch (e.g. an unmet Expect), with the trace header. */
export function answerProblem<S>(
  req: IncomingMessage,
  res: ServerResponse,
  error: ProblemError,
  options: PipelineOptions<S>,
): void {
  const traceId = randomUUID();
  const lang = negotiateLanguage(req.headers['accept-language']);
  const reply = problemReply(error, traceId, lang, options.publicBase(), options.problemNaming);
  send(res, reply, traceId, undefined, req.method === 'HEAD');
}

function problemReply(
  error: unknown,
  traceId: string,
  lang: Language,
  base: string,
  naming: ProblemNaming = referenceNaming,
): Reply {
  const problem = error instanceof ProblemError ? error : new ProblemError('internalServerError');
  return {
    status: PROBLEM_TYPES[problem.kind].status,
    body: problemBody(problem, traceId, lang, base, naming),
    contentType: 'application/problem+json',
    headers: { ...problem.options.headers, 'Content-Language': lang, Vary: 'Accept-Language' },
  };
}

function dispatch<S>(
  req: IncomingMessage,
  options: PipelineOptions<S>,
  base: string,
  lang: Language,
): Reply | Promise<Reply> {
  checkProtocol(req);
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : target.slice(queryAt);
  if (!pathname.startsWith(options.basePath) || pathname.charCodeAt(options.basePath.length) !== 47 /* / */)
    throw notFound(pathname);
  const path = pathname.slice(options.basePath.length);
  const match = options.router.match(path);
  if (!match) throw notFound(path);

  const requested = req.method ?? 'GET';
  if (requested === 'OPTIONS') return { status: 200, headers: { Allow: allowOf(match.def) } };
  const method = (requested === 'HEAD' ? 'GET' : requested) as Method;
  const handler = METHODS.includes(method) ? match.def.methods[method] : undefined;
  if (!handler)
    throw new ProblemError(
      'methodNotAllowed',
      { method: requested.slice(0, 20) },
      { headers: { Allow: allowOf(match.def) } },
    );

  const operation = options.operations.get(`${method} ${match.def.path}`);
  if (!operation) throw new ProblemError('internalServerError');
  const operate = (): Reply | Promise<Reply> => {
    const mediaType = negotiateMediaType(
      header(req, 'accept'),
      method === 'GET' ? (match.def.produces ?? JSON_ONLY) : JSON_ONLY,
    );
    // Every parameter and body member the request breaks is named in one problem, not the first part's only.
    const issues: Issue[] = [];
    const params = collectIssues(issues, {}, () => validatePath(operation, match.rawParams));
    const parsedQuery = ParsedQuery.parse(rawQuery.slice(1));
    const query = collectIssues(issues, {}, () => validateQuery(operation, parsedQuery));
    if (operation.header) collectIssues(issues, undefined, () => validateHeaders(operation, req.headers));
    if (issues.length) {
      if (!operation.validateBody || !hasBody(req) || !decodable(req)) throw badRequest(issues);
      // A body that cannot be read as JSON of a supported type adds nothing: the parameters' issues stand.
      return readJsonBody(req, operation).then(
        () => {
          throw badRequest(issues);
        },
        (error: unknown) => {
          throw badRequest([...issues, ...(isBadRequest(error) ? (error.options.issues ?? []) : [])]);
        },
      );
    }
    const ctx = new Context(
      method,
      path,
      params,
      query,
      parsedQuery,
      rawQuery,
      req.headers,
      base,
      mediaType,
      lang,
      options,
    );
    if (operation.validateBody || hasBody(req)) checkContentEncoding(req);
    if (!operation.validateBody) return handler(ctx);
    return readJsonBody(req, operation).then((body) => {
      ctx.body = body;
      return handler(ctx);
    });
  };
  // The token is judged before any input: a client without the right to call learns nothing from validation.
  const authorized = options.authorize?.(req, method, match.def.path);
  return authorized ? authorized.then(operate) : operate();
}

const decodable = (req: IncomingMessage): boolean => {
  try {
    checkContentEncoding(req);
    return true;
  } catch {
    return false;
  }
};

const isBadRequest = (error: unknown): error is ProblemError =>
  error instanceof ProblemError && error.kind === 'badRequest';

/** Runs a validation; a refusal adds its issues to `issues` and gives `fallback`, any other error is thrown. */
function collectIssues<T>(issues: Issue[], fallback: T, validate: () => T): T {
  try {
    return validate();
  } catch (error) {
    if (!isBadRequest(error) || !error.options.issues?.length) throw error;
    issues.push(...error.options.issues);
    return fallback;
  }
}

/**
 * What a handler sees. A class, so that the lazy `searchParams` getter lives on the prototype: a getter
 * in an object literal gives every request's context its own hidden class, which the GC then has to keep.
 */
class Context<S> implements RequestContext<S> {
  body: unknown = undefined;
  readonly store: S;
  readonly taskDelayMs: number;

  constructor(
    readonly method: Method,
    readonly path: string,
    readonly params: Record<string, unknown>,
    readonly query: Record<string, unknown>,
    readonly parsedQuery: ParsedQuery,
    readonly rawQuery: string,
    readonly headers: IncomingHttpHeaders,
    readonly base: string,
    readonly mediaType: string,
    readonly lang: Language,
    options: PipelineOptions<S>,
  ) {
    this.store = options.store;
    this.taskDelayMs = options.taskDelayMs;
  }

  get searchParams(): URLSearchParams {
    return this.parsedQuery.searchParams;
  }
}

/** The Allow header of a route, only needed for OPTIONS and 405: built then, not on every request. */
function allowOf<S>(def: RouteDef<S>): string {
  const allowed = METHODS.filter((m) => def.methods[m]);
  return [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

async function readJsonBody(req: IncomingMessage, operation: CompiledOperation): Promise<unknown> {
  const supported = operation.bodyMediaTypes ?? [];
  const contentType = mediaTypeOf(header(req, 'content-type'));
  if (contentType && !supported.includes(contentType)) {
    throw new ProblemError('unsupportedMediaType', {
      contentType: contentType.slice(0, 100),
      supported: supported.join(' or '),
    });
  }
  const buffer = await readBody(req);
  if (buffer.length === 0) {
    throw badRequest([issue('schemaViolation', 'body', '', undefined, 'A request body is required')]);
  }
  if (!contentType && hasBody(req)) {
    throw new ProblemError('unsupportedMediaType', { contentType: '(none)', supported: supported.join(' or ') });
  }
  const body = parseJson(buffer);
  validateBody(operation.validateBody!, body);
  return body;
}

const hasBody = (req: IncomingMessage): boolean =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function send(res: ServerResponse, reply: Reply, traceId: string, relatedId: string | undefined, head: boolean): void {
  // A string payload goes out in one write together with the head; a Buffer would take a second (writev).
  let payload: string | undefined;
  let bytes: number | undefined;
  const headers: Record<string, string> = { 'BelGov-Trace-Id': traceId };
  if (relatedId !== undefined) headers['BelGov-Related-Trace-Id'] = relatedId;
  if (reply.headers) Object.assign(headers, reply.headers);
  if (reply.text !== undefined) {
    payload = reply.text;
    headers['Content-Type'] = reply.contentType ?? 'text/plain';
  } else if (reply.json !== undefined) {
    payload = reply.json;
    bytes = reply.jsonBytes;
    headers['Content-Type'] = reply.contentType ?? 'application/json';
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['Content-Type'] = reply.contentType ?? 'application/json';
  }
  if (reply.status !== 304)
    headers['Content-Length'] = String(payload === undefined ? 0 : (bytes ?? Buffer.byteLength(payload, 'utf8')));
  res.writeHead(reply.status, headers);
  res.end(head || reply.status === 304 ? undefined : payload, 'utf8');
}
