// The validators of the mock's operations, from a copy of the document ajv can compile: OpenAPI 3.0's
// `nullable` without `type` is spelt as JSON Schema says it, and an operation whose schemas still do not
// compile (a $ref to a file that is not there) takes any input rather than answering 500 to everything.
import type { ValidateFunction } from 'ajv';
import { OpenApiModel } from '../openapi/operations.js';
import { isObject } from '../openapi/json.js';
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
