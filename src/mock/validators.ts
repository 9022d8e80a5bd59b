// The validators of the mock's operations, from a copy of the document ajv can compile: OpenAPI 3.0's
// `nullable` without `type` is spelt as JSON Schema says it, and an operation whose schemas still do not
// compile (a $ref to a file that is not there) takes any input rather than answering 500 to everything.
import type { ValidateFunction } from 'ajv';
import { OpenApiModel } from '../openapi/operations.js';
import { isObject } from '../openapi/json.js';
import { followLocalRefs } from '../openapi/refs.js';
import type { CompiledOperation } from '../reference-server/validation.js';

type Json = Record<string, unknown>;

/** `document` with every `nullable: true` that has no `type` made an `anyOf` with null (ajv refuses the former). */
export function compilable(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => compilable(item, depth + 1));
  if (!isObject(value) || depth > 200) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) out[key] = compilable(item, depth + 1);
  if (out['nullable'] !== true || out['type'] !== undefined) return out;
  const { nullable: _nullable, ...rest } = out;
  return { anyOf: [rest, { type: 'null' }] };
}

const ANY = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;

/** The operations of `path` taking any value of their declared parameters and any JSON body. */
export function permissiveOperations(document: Json, path: string): Map<string, CompiledOperation> {
  const operations = new Map<string, CompiledOperation>();
  const paths = isObject(document['paths']) ? document['paths'] : {};
  const model = OpenApiModel.of({ ...document, paths: { [path]: paths[path] } });
  for (const { method, pathItem, operation } of model.operations()) {
    const params = model
      .parameters(pathItem, operation)
      .map((p) => p.node.value)
      .filter((p) => p['in'] === 'path' || p['in'] === 'query')
      .map((p) => ({
        name: String(p['name']),
        in: p['in'] as 'path' | 'query',
        required: p['required'] === true,
        schema: {},
        validate: ANY,
      }));
    const body = model.requestBody(operation).value as Json | undefined;
    const content = isObject(body?.['content']) ? body['content'] : undefined;
    operations.set(`${method.toUpperCase()} ${path}`, {
      path: params.filter((p) => p.in === 'path'),
      query: params.filter((p) => p.in === 'query'),
      ...(content ? { bodyMediaTypes: Object.keys(content), validateBody: ANY } : {}),
    });
  }
  return operations;
}

/** The object parts of a schema: itself and its allOf/anyOf/oneOf members, $refs followed (bounded). */
function parts(document: Json, schema: unknown, depth = 0): Json[] {
  const s = followLocalRefs(document, schema).value;
  if (!isObject(s) || depth > 8) return [];
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    Array.isArray(s[key]) ? (s[key] as unknown[]).flatMap((member) => parts(document, member, depth + 1)) : [],
  );
  return [s, ...nested];
}

/**
 * The members of `value` its schema does not name, where the schema names its members and allows no others
 * explicitly (`additionalProperties` true or a schema, `patternProperties`): the guide refuses unknown input.
 */
function unknownMembers(document: Json, schema: unknown, value: unknown, at: string[], depth = 0): string[][] {
  if (depth > 16) return [];
  if (Array.isArray(value)) {
    const items = parts(document, schema).find((part) => part['items'] !== undefined)?.['items'];
    return items === undefined
      ? []
      : value.flatMap((item, i) => unknownMembers(document, items, item, [...at, String(i)], depth + 1));
  }
  if (!isObject(value)) return [];
  const all = parts(document, schema);
  const open = all.some(
    (part) =>
      (part['additionalProperties'] !== undefined && part['additionalProperties'] !== false) ||
      part['patternProperties'] !== undefined,
  );
  const known = new Map<string, unknown>();
  for (const part of all)
    if (isObject(part['properties']))
      for (const [name, sub] of Object.entries(part['properties'])) known.set(name, sub);
  if (open || known.size === 0) return [];
  return Object.entries(value).flatMap(([name, member]) =>
    known.has(name) ? unknownMembers(document, known.get(name), member, [...at, name], depth + 1) : [[...at, name]],
  );
}

/**
 * The body validators of `path`'s operations also refusing members their schema does not name (as ajv does
 * only where a schema says `additionalProperties: false`), reported as ajv reports those.
 */
export function refuseUnknownMembers(document: Json, path: string, operations: Map<string, CompiledOperation>): void {
  const paths = isObject(document['paths']) ? document['paths'] : {};
  const model = OpenApiModel.of({ ...document, paths: { [path]: paths[path] } });
  for (const { method, operation } of model.operations()) {
    const compiled = operations.get(`${method.toUpperCase()} ${path}`);
    const body = model.requestBody(operation).value as Json | undefined;
    const content = isObject(body?.['content']) ? body['content'] : {};
    const schema = (Object.values(content)[0] as Json | undefined)?.['schema'];
    const validate = compiled?.validateBody;
    if (!compiled || !validate || schema === undefined) continue;
    const strict = Object.assign(
      (data: unknown) => {
        const valid = validate(data);
        const unknown = unknownMembers(document, schema, data, []).map((segments) => ({
          instancePath: segments
            .slice(0, -1)
            .map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`)
            .join(''),
          schemaPath: '#/additionalProperties',
          keyword: 'additionalProperties',
          params: { additionalProperty: segments.at(-1) },
          message: 'must NOT have additional properties',
        }));
        strict.errors = [...(validate.errors ?? []), ...unknown];
        return valid && unknown.length === 0;
      },
      { errors: null as ValidateFunction['errors'] },
    );
    compiled.validateBody = strict as unknown as ValidateFunction;
  }
}
