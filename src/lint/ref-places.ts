// A `$ref` where OpenAPI allows no Reference Object: `info.description: { $ref: README.md }` is
// Redocly's habit (it inlines the file), but the specification says these fields are strings, so
// other tools fail on it. Read from the document as written, once per $ref.
import type { RuleInfo } from '../core/report/types.js';
import { isObject, type JsonPath } from '../openapi/json.js';
import { HTTP_METHODS } from '../openapi/operations.js';

const OAS_REFERENCE = 'https://spec.openapis.org/oas/v3.0.3.html#reference-object';

export const REF_PLACE_RULE: RuleInfo = {
  kind: 'lint',
  id: 'oas-ref-place',
  rule: 'openapi-spec',
  severity: 'error',
  writes: false,
  url: OAS_REFERENCE,
  description:
    'A $ref stands only where the specification allows a Reference Object: not in info, servers, tags, externalDocs, nor for a summary or description (write the text in place)',
};

const refOf = (value: unknown): string | undefined =>
  isObject(value) && typeof value.$ref === 'string' ? value.$ref : undefined;
const TEXT_FIELDS = ['summary', 'description'];
const MAX_DEPTH = 64;

export interface MisplacedRef {
  /** The path of the object holding the $ref (its `$ref` member is where the finding goes). */
  path: JsonPath;
  ref: string;
}

/** Every $ref of a parsed OpenAPI document standing where the specification allows none. */
export function misplacedRefs(root: unknown): MisplacedRef[] {
  if (!isObject(root)) return [];
  const out: MisplacedRef[] = [];
  // Objects whose members are never References: any $ref in them (extensions aside) is misplaced.
  const anywhere = (value: unknown, path: JsonPath, depth = 0): void => {
    if (depth > MAX_DEPTH) return;
    const ref = refOf(value);
    if (ref !== undefined) {
      out.push({ path, ref });
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => anywhere(v, [...path, i], depth + 1));
    else if (isObject(value))
      for (const [key, v] of Object.entries(value)) if (!key.startsWith('x-')) anywhere(v, [...path, key], depth + 1);
  };
  for (const key of ['info', 'servers', 'tags', 'externalDocs']) anywhere(root[key], [key]);
  // The text fields of the objects that may be References themselves (when written in place).
  const texts = (holder: unknown, path: JsonPath): void => {
    if (!isObject(holder) || refOf(holder) !== undefined) return;
    for (const field of TEXT_FIELDS) {
      const ref = refOf(holder[field]);
      if (ref !== undefined) out.push({ path: [...path, field], ref });
    }
  };
  const parameters = (list: unknown, path: JsonPath): void => {
    if (Array.isArray(list)) list.forEach((p, i) => texts(p, [...path, i]));
  };
  const headers = (map: unknown, path: JsonPath): void => {
    if (isObject(map)) for (const [name, header] of Object.entries(map)) texts(header, [...path, name]);
  };
  const responses = (map: unknown, path: JsonPath): void => {
    if (!isObject(map)) return;
    for (const [code, response] of Object.entries(map)) {
      texts(response, [...path, code]);
      if (isObject(response) && refOf(response) === undefined) headers(response.headers, [...path, code, 'headers']);
    }
  };
  const pathItems = (map: unknown, at: string): void => {
    if (!isObject(map)) return;
    for (const [path, item] of Object.entries(map)) {
      if (!isObject(item) || refOf(item) !== undefined) continue;
      texts(item, [at, path]);
      parameters(item.parameters, [at, path, 'parameters']);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const base = [at, path, method];
        texts(operation, base);
        anywhere(operation.externalDocs, [...base, 'externalDocs']);
        parameters(operation.parameters, [...base, 'parameters']);
        texts(operation.requestBody, [...base, 'requestBody']);
        responses(operation.responses, [...base, 'responses']);
      }
    }
  };
  pathItems(root.paths, 'paths');
  pathItems(root.webhooks, 'webhooks');
  const components = isObject(root.components) ? root.components : {};
  for (const kind of ['parameters', 'requestBodies', 'headers', 'securitySchemes', 'examples', 'links']) {
    const map = components[kind];
    if (isObject(map)) for (const [name, value] of Object.entries(map)) texts(value, ['components', kind, name]);
  }
  responses(components.responses, ['components', 'responses']);
  return out;
}

/** The message of one misplaced $ref. */
export function misplacedRefMessage({ path, ref }: MisplacedRef): string {
  const where = path.join('.');
  return `A $ref to "${ref}" stands at ${where}, where OpenAPI allows no $ref (only Redocly inlines it; other tools fail): write the text in place`;
}
