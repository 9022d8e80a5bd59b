import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../../src/reference-server/openapi/document.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/reference-server/index.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type Json = Record<string, any>;

const document = buildOpenApiDocument() as Json;
const DOC_ID = 'https://test.invalid/openapi';
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: DOC_ID, components: document.components });
const compiled = new Map<string, ValidateFunction>();

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON with Content-Type application/json unless headers say otherwise. */
  body?: unknown;
}

/** Finds the OpenAPI path template of a request path relative to the base (static segments win). */
function templateOf(path: string): string | undefined {
  const parts = path.split('/');
  let best: { template: string; statics: number } | undefined;
  for (const template of Object.keys(document.paths)) {
    const segments = template.split('/');
    if (segments.length !== parts.length) continue;
    if (!segments.every((s, i) => (s.startsWith('{') ? parts[i] !== '' : s === parts[i]))) continue;
    const statics = segments.filter((s) => !s.startsWith('{')).length;
    if (!best || statics > best.statics) best = { template, statics };
  }
  return best?.template;
}

/** A response declared with a local `$ref` (the shared `#/components/responses/...`) resolved. */
function resolve(value: Json | undefined): Json | undefined {
  const ref = value?.$ref as string | undefined;
  return ref?.startsWith('#/')
    ? ref
        .slice(2)
        .split('/')
        .reduce<Json | undefined>((node, key) => node?.[key], document)
    : value;
}

function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`));
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * Checks a response against the document: the status must be declared for the operation (or fall
 * under `default`), the media type declared, and a JSON body valid against its schema.
 */
export function assertMatchesDocument(method: string, path: string, response: ApiResponse): void {
  const where = `${method} ${path} → ${response.status}`;
  const template = templateOf(path);
  const operation = template ? document.paths[template][method === 'HEAD' ? 'get' : method.toLowerCase()] : undefined;
  if (method === 'OPTIONS' && response.status === 200) return; // OPTIONS is generic, not in the document
  let declared: Json | undefined = resolve(
    operation?.responses[String(response.status)] ?? operation?.responses.default,
  );
  if (!operation) {
    // Paths and methods outside the document may only answer with a problem.
    declared = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
  }
  if (!declared) throw new Error(`${where}: status not declared in the OpenAPI document`);
  if (method === 'HEAD' || response.status === 304 || response.status === 204) {
    if (response.text !== '') throw new Error(`${where}: must not have a body`);
    return;
  }
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = declared.content?.[mediaType];
  if (!content) throw new Error(`${where}: media type '${mediaType}' not declared`);
  if (!mediaType.endsWith('json')) return;
  const validate = validatorFor(`${template} ${method} ${response.status} ${mediaType}`, content.schema);
  if (!validate(response.body)) {
    throw new Error(
      `${where}: body does not match the document: ${ajv.errorsText(validate.errors)}\n${response.text.slice(0, 500)}`,
    );
  }
}

/** A client bound to one server whose every response is checked against the published document. */
export function client(server: ReferenceServer) {
  const basePath = new URL(server.url).pathname;
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (typeof options.body === 'string') body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
        headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    const response = { status: res.status, headers: res.headers, text, body: parsed };
    const pathOnly = (server.url + path).split('?')[0]!.slice(server.origin.length + basePath.length);
    assertMatchesDocument(method, pathOnly, response);
    return response;
  };
}

/** Starts a fresh server for a test file; tasks finish after 30 ms. */
export async function freshServer(
  taskDelayMs = 30,
): Promise<{ server: ReferenceServer; call: ReturnType<typeof client> }> {
  const server = await startReferenceServer({ taskDelayMs });
  return { server, call: client(server) };
}

/** Asserts a problem response: status, media type, type URN, instance = trace id. */
export function expectProblem(response: ApiResponse, status: number, type: string): any {
  const where = `expected ${status} ${type}, got ${response.status} ${response.text.slice(0, 300)}`;
  if (response.status !== status) throw new Error(where);
  if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json'))
    throw new Error(`${where}: not problem+json`);
  if (response.body.type !== type || response.body.status !== status) throw new Error(where);
  if (response.body.instance !== `urn:uuid:${response.headers.get('belgov-trace-id')}`)
    throw new Error(`${where}: instance ≠ BelGov-Trace-Id`);
  return response.body;
}

export const BELGIF = 'urn:problem-type:belgif:';
export const API = 'urn:problem-type:belgif:registry:';
export const SCHEMA_VIOLATION = 'urn:problem-type:belgif:input-validation:schemaViolation';
export const UNKNOWN_INPUT = 'urn:problem-type:belgif:input-validation:unknownInput';
