import type { IncomingHttpHeaders } from 'node:http';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { badRequest, issue, type Issue } from './problems.js';
import type { ParsedQuery } from './query-string.js';
import { parsePointer, valueAt } from '../openapi/pointer.js';
import { OpenApiModel } from '../openapi/operations.js';
import { followLocalRefs } from '../openapi/refs.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = Record<string, unknown>;
const DOC_ID = 'https://restguide.invalid/openapi';

interface CompiledParam {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
  validate: ValidateFunction;
}

export interface CompiledOperation {
  path: CompiledParam[];
  query: CompiledParam[];
  /** Declared header parameters, held to their schemas only where compiled with `headers` (the mock). */
  header?: CompiledParam[];
  /** Media types the request body may have, or undefined when the operation takes no body. */
  bodyMediaTypes?: string[];
  validateBody?: ValidateFunction;
}

/** A fresh ajv that understands the OpenAPI 3.0 dialect of the document (nullable, example, int32/int64...). */
export function createAjv(document: Json): Ajv {
  // No code optimisation pass: it halves compile time at start-up (every `restguide check` pays it) and
  // these small parameter and body validators run no measurably slower without it.
  const ajv = new Ajv({ strict: false, allErrors: true, code: { optimize: false } });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: document.components }, DOC_ID);
  return ajv;
}

/** Compiles `schema` (which may hold local `#/components/...` refs) against the document. */
export function compileAgainst(ajv: Ajv, schema: unknown): ValidateFunction {
  return ajv.compile(rebase(schema) as Json);
}

/** Rewrites local refs to point into the registered document. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof item === 'string' && item.startsWith('#/') ? DOC_ID + item : rebase(item);
  }
  return out;
}

const resolveRef = <T = Json>(document: Json, value: unknown): T => followLocalRefs(document, value).value as T;

/** Headers HTTP itself carries: OpenAPI ignores them as header parameters. */
const HTTP_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * Compiles, once at startup, the parameter and body validators of every operation of the document;
 * `headers`: its header parameters too (the reference server judges its own headers in its handlers).
 */
export function compileOperations(
  document: Json,
  ajv: Ajv = createAjv(document),
  options: { headers?: boolean } = {},
): Map<string, CompiledOperation> {
  const operations = new Map<string, CompiledOperation>();
  const model = OpenApiModel.of(document);
  for (const { path, method, pathItem, operation } of model.operations()) {
    const params = model
      .parameters(pathItem, operation)
      .map((p) => p.node.value)
      .filter(
        (p) =>
          p.in === 'path' ||
          p.in === 'query' ||
          (options.headers === true && p.in === 'header' && !HTTP_HEADERS.has(String(p.name).toLowerCase())),
      )
      .map((p): CompiledParam => {
        const schema = (p.schema ?? {}) as Json;
        return {
          name: p.name as string,
          in: p.in as CompiledParam['in'],
          required: p.required === true,
          schema: resolveRef(document, schema),
          validate: compileAgainst(ajv, schema),
        };
      });
    const compiled: CompiledOperation = {
      path: params.filter((p) => p.in === 'path'),
      query: params.filter((p) => p.in === 'query'),
      ...(options.headers ? { header: params.filter((p) => p.in === 'header') } : {}),
    };
    const body = model.requestBody(operation).value as Json | undefined;
    if (body) {
      const content = body.content as Record<string, Json>;
      compiled.bodyMediaTypes = Object.keys(content);
      const first = Object.values(content)[0];
      compiled.validateBody = compileAgainst(ajv, first?.schema);
    }
    operations.set(`${method.toUpperCase()} ${path}`, compiled);
  }
  return operations;
}

/** Turns a query or path string into the type its schema declares; anything else stays a string for ajv to refuse. */
function coerce(raw: string, schema: Json): unknown {
  switch (schema.type) {
    case 'integer':
      return /^-?[0-9]{1,20}$/.test(raw) ? Number(raw) : raw;
    case 'number':
      return /^-?[0-9]+(\.[0-9]+)?$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

/** Validates path parameters; returns them typed. */
export function validatePath(op: CompiledOperation, raw: Record<string, string>): Record<string, unknown> {
  const issues: Issue[] = [];
  const values: Record<string, unknown> = {};
  for (const param of op.path) {
    const text = raw[param.name] ?? '';
    const value = coerce(text, param.schema);
    if (param.validate(value)) values[param.name] = value;
    else issues.push(issue('schemaViolation', 'path', param.name, text, describe(param.name, param.validate.errors)));
  }
  if (issues.length) throw badRequest(issues);
  return values;
}

/** Validates the declared header parameters: a required one missing, a value its schema refuses. */
export function validateHeaders(op: CompiledOperation, headers: IncomingHttpHeaders): void {
  const issues: Issue[] = [];
  for (const param of op.header ?? []) {
    const raw = headers[param.name.toLowerCase()];
    if (raw === undefined) {
      if (param.required)
        issues.push(issue('schemaViolation', 'header', param.name, undefined, `Header ${param.name} is required`));
      continue;
    }
    const text = Array.isArray(raw) ? raw.join(', ') : raw;
    const items = (param.schema.items as Json | undefined) ?? {};
    const value =
      param.schema.type === 'array'
        ? text.split(',').map((part) => coerce(part.trim(), items))
        : coerce(text, param.schema);
    if (!param.validate(value))
      issues.push(issue('schemaViolation', 'header', param.name, text, describe(param.name, param.validate.errors)));
  }
  if (issues.length) throw badRequest(issues);
}

/** What validateQuery needs of an operation beyond its parameters, worked out on first use. */
interface QueryPlan {
  known: Set<string>;
  defaults: Record<string, unknown>;
  required: string[];
}
const plans = new WeakMap<CompiledOperation, QueryPlan>();
const NONE: readonly string[] = [];

function planOf(op: CompiledOperation): QueryPlan {
  let plan = plans.get(op);
  if (!plan) {
    const defaults: Record<string, unknown> = {};
    for (const param of op.query)
      if (!param.required && param.schema.default !== undefined) defaults[param.name] = param.schema.default;
    plan = {
      known: new Set(op.query.map((p) => p.name)),
      defaults,
      required: op.query.filter((p) => p.required).map((p) => p.name),
    };
    plans.set(op, plan);
  }
  return plan;
}

/** Validates the query string: unknown parameters, repetition, types, defaults. */
export function validateQuery(op: CompiledOperation, query: ParsedQuery): Record<string, unknown> {
  const plan = planOf(op);
  // No query string: only defaults, unless a parameter is required (then the full pass reports it).
  if (query.pairs.length === 0 && plan.required.length === 0) return { ...plan.defaults };
  const issues: Issue[] = [];
  const values: Record<string, unknown> = {};
  let reported: Set<string> | undefined;
  for (const [name] of query.pairs) {
    if (plan.known.has(name) || reported?.has(name)) continue;
    (reported ??= new Set()).add(name);
    issues.push(issue('unknownInput', 'query', name, query.get(name) ?? '', `Query parameter ${name} is not known`));
  }
  for (const param of op.query) {
    const raws = query.has(param.name) ? query.getAll(param.name) : NONE;
    if (raws.length === 0) {
      if (param.required)
        issues.push(
          issue('schemaViolation', 'query', param.name, undefined, `Query parameter ${param.name} is required`),
        );
      else if (param.schema.default !== undefined) values[param.name] = param.schema.default;
      continue;
    }
    let value: unknown;
    if (param.schema.type === 'array') {
      value = raws.map((r) => coerce(r, (param.schema.items as Json | undefined) ?? {}));
    } else if (raws.length > 1) {
      issues.push(
        issue(
          'schemaViolation',
          'query',
          param.name,
          raws.join(','),
          `Query parameter ${param.name} must not be repeated`,
        ),
      );
      continue;
    } else {
      value = coerce(raws[0] ?? '', param.schema);
    }
    if (param.validate(value)) values[param.name] = value;
    else
      issues.push(
        issue(
          'schemaViolation',
          'query',
          param.name,
          raws.length > 1 ? raws : raws[0],
          describe(param.name, param.validate.errors),
        ),
      );
  }
  if (issues.length) throw badRequest(issues);
  return values;
}

/** Validates a parsed body with `validate`; unknown properties become unknownInput issues. */
export function validateBody(validate: ValidateFunction, body: unknown): void {
  if (validate(body)) return;
  throw badRequest(bodyIssues(validate.errors ?? [], body));
}

export function bodyIssues(errors: ErrorObject[], body: unknown): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const error of errors) {
    const segments = parsePointer(error.instancePath);
    let kind: 'schemaViolation' | 'unknownInput' = 'schemaViolation';
    if (error.keyword === 'additionalProperties') {
      kind = 'unknownInput';
      segments.push(String(error.params.additionalProperty));
    } else if (error.keyword === 'required') {
      segments.push(String(error.params.missingProperty));
    }
    const name = dotted(segments);
    const key = `${kind} ${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const value = valueAt(body, segments);
    const detail =
      kind === 'unknownInput' ? `Property ${name} is not known` : `${name || 'body'} ${error.message ?? 'is invalid'}`;
    issues.push(issue(kind, 'body', name, value, detail));
  }
  return issues;
}

function dotted(segments: string[]): string {
  return segments.reduce((acc, s) => (/^[0-9]+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
}

function describe(name: string, errors: ErrorObject[] | null | undefined): string {
  const message = errors?.[0]?.message ?? 'is invalid';
  return `${name} ${message}`;
}
