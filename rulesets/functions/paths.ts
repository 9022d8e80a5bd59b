// Path-level rules: URI notation, extensions, controllers, reserved resources.
import { operationsOf, parametersOf } from '../support/inventory.js';
import { isObject, type Json } from '../support/json.js';
import { isLowerCamel } from '../support/naming.js';
import { singleType } from '../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from './define.js';

export const OPENAPI_DOC = /\/doc\/openapi\.(?:json|yaml)$/;
// `x-` keys under paths are extensions (x-ignore-rules), not paths.
export const pathKeys = (root: Record<string, unknown>): string[] =>
  Object.keys(isObject(root.paths) ? root.paths : {}).filter((k) => !k.startsWith('x-'));

/**
 * The path of a path key: what comes before a `?` or `#`. Keys such as `/#X-Amz-Target=Logs.Tag` or
 * `/{Bucket}?acl` tell operations apart by a query or fragment; neither is made of path segments.
 */
export function pathOf(key: string): string {
  const query = key.indexOf('?');
  const fragment = key.indexOf('#');
  const end = Math.min(query < 0 ? key.length : query, fragment < 0 ? key.length : fragment);
  return key.slice(0, end);
}

// What follows the last dot of a file name: a short lower-case suffix (json, xml, csv, txt, pdf) or a
// parameter standing for one (`{format}`). Not a capitalized namespace part (Microsoft.Network),
// not digits (v2.0), not the end of a `...` range between two parameters.
const EXTENSION = /^(?:[a-z][a-z0-9]{0,6}|\{[^{}]+\})$/;

/** The file extension of a path key's last segment (`json` in `/accounts/{id}.json`), if it has one. */
export function fileExtension(key: string): string | undefined {
  const path = pathOf(key);
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  if (dot <= 0 || segment[dot - 1] === '.') return undefined;
  const extension = segment.slice(dot + 1);
  return EXTENSION.test(extension) ? extension : undefined;
}

/** A path key without its query or fragment and without the file extension of its last segment. */
export const withoutExtension = (key: string): string => {
  const path = pathOf(key);
  const extension = fileExtension(key);
  return extension === undefined ? path : path.slice(0, path.length - extension.length - 1);
};

const staticSegments = (key: string): string[] =>
  withoutExtension(key)
    .split('/')
    .filter((s) => s !== '' && !s.includes('{'));

/** The segments an API names: not `.well-known` (RFC 8615) nor the registered name that follows it (oauth-authorization-server). */
function namedSegments(key: string): string[] {
  const segments = staticSegments(key);
  const wellKnown = segments.indexOf('.well-known');
  return wellKnown < 0 ? segments : [...segments.slice(0, wellKnown), ...segments.slice(wellKnown + 2)];
}

/**
 * uri-notat (segments): the static path segments the API names are lowerCamelCase (a file extension is
 * uri-extens's finding; a well-known URI's segments are registered names).
 */
export const pathSegmentsCamel = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const path of pathKeys(root)) {
    const segments = OPENAPI_DOC.test(path) ? namedSegments(path).slice(0, -1) : namedSegments(path);
    const bad = segments.filter((s) => !isLowerCamel(s));
    if (bad.length > 0) out.push(finding(`Path segments should be lowerCamelCase: ${bad.join(', ')}`, ['paths', path]));
  }
  return out;
});

/** Parameter schema constraints (col-paging, col-sort, res-repres, col-filter, qry-multi) as data. */
interface ParameterShape {
  in: string;
  /** Exact parameter name; omitted = every parameter in that location. */
  name?: string;
  type?: string;
  /** The first page number: minimum and default, where declared, equal it, and at least one of them says it. */
  firstPage?: number;
  /** A default must be declared (`true`), or if declared equal this value. */
  requireDefault?: boolean;
  defaultValue?: unknown;
  /** For array parameters: style form with explode (the repeated `?x=a&x=b` form). */
  repeated?: boolean;
  message: string;
}

// A default the description states ("default: 100", "standaard 20", "par défaut 1") is a documented default.
const STATED_DEFAULT =
  /\b(?:default|standaard|par d[ée]faut|standardwert)\b\s*(?:value\s*)?(?:is\s*|=\s*|:\s*)?(-?\d+)/i;
function statedDefault(parameter: Json, schema: Json): number | undefined {
  for (const text of [parameter.description, schema.description]) {
    const match = typeof text === 'string' ? STATED_DEFAULT.exec(text) : null;
    if (match) return Number(match[1]);
  }
  return undefined;
}

export const parameterShape = defineRuleFunction<ParameterShape>(
  {
    type: 'object',
    properties: {
      in: { type: 'string', enum: ['path', 'query', 'header', 'cookie'] },
      name: { type: 'string' },
      type: { type: 'string', enum: ['string', 'integer', 'number', 'boolean', 'array', 'object'] },
      firstPage: { type: 'integer' },
      requireDefault: { type: 'boolean' },
      defaultValue: {},
      repeated: { type: 'boolean' },
      message: { type: 'string' },
    },
    required: ['in', 'message'],
    additionalProperties: false,
  },
  (root, options) => {
    const out: Finding[] = [];
    const seen = new Set<unknown>();
    const params = operationsOf(root).flatMap((op) => parametersOf(op));
    for (const { parameter, at } of params) {
      if (
        seen.has(parameter) ||
        parameter.in !== options.in ||
        (options.name !== undefined && parameter.name !== options.name)
      )
        continue;
      seen.add(parameter);
      const declared = isObject(parameter.schema) ? parameter.schema : {};
      // A default stated in the description counts as declared: the guide asks for one, not for the keyword.
      const stated = declared.default === undefined ? statedDefault(parameter, declared) : undefined;
      const schema = stated === undefined ? declared : { ...declared, default: stated };
      const problems: string[] = [];
      if (options.type !== undefined && singleType(schema) !== options.type) problems.push(`type ${options.type}`);
      const first = options.firstPage;
      if (first !== undefined && (schema.minimum ?? schema.default) === undefined)
        problems.push(`default ${first} (pages start at ${first})`);
      if (first !== undefined && schema.minimum !== undefined && schema.minimum !== first)
        problems.push(`minimum ${first}`);
      if (first !== undefined && schema.default !== undefined && schema.default !== first)
        problems.push(`default ${first}`);
      // A required parameter is never absent, so its default means nothing: the guide has it optional.
      if (options.requireDefault && parameter.required === true) problems.push('optional with a default');
      else if (options.requireDefault && schema.default === undefined) problems.push('a default');
      if ('defaultValue' in options && schema.default !== undefined && schema.default !== options.defaultValue)
        problems.push(`default ${JSON.stringify(options.defaultValue)}`);
      const isArray = singleType(schema) === 'array';
      if (options.repeated && (options.type === 'array' || isArray)) {
        if ((parameter.style !== undefined && parameter.style !== 'form') || parameter.explode === false)
          problems.push('style form with explode (repeated parameter)');
      }
      if (options.repeated && options.type === undefined && !isArray) continue;
      if (problems.length > 0)
        out.push(
          finding(
            `${options.message.replace(/\{\{name\}\}/g, String(parameter.name))}: expected ${problems.join(', ')}`,
            at,
          ),
        );
    }
    return out;
  },
);
