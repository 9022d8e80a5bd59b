// Document-level rules: OpenAPI version, servers, versioning, component names, deprecation,
// media type parameters, caching headers.
import {
  allMediaTypes,
  allParameters,
  allResponseHeaders,
  inventory,
  operationsOf,
  responsesOf,
} from '../support/inventory.js';
import {
  asArray,
  bareMediaType,
  entries,
  isJsonMediaType,
  isObject,
  type Json,
  type JsonPath,
} from '../support/json.js';
import { enumerated } from '../support/schema-forms.js';
import { isUpperCamel } from '../support/naming.js';
import { defineRuleFunction, finding, isReusableDefinitionsOnly, NO_OPTIONS, type Finding } from './define.js';

/** oas-contra: OpenAPI 3.0 (3.1 should not be used yet). */
export const openApi30 = defineRuleFunction<null>(NO_OPTIONS, (root) =>
  typeof root.openapi === 'string' && root.openapi.startsWith('3.1')
    ? [finding(`OpenAPI ${root.openapi} should not be used yet: describe the API with OpenAPI 3.0`, ['openapi'])]
    : [],
);

/** The literal segments every path key starts with (`/api/v1/a`, `/api/v1/b` → api, v1). */
function commonPathPrefix(root: Json): string[] {
  const keys = Object.keys(isObject(root.paths) ? root.paths : {});
  if (keys.length === 0) return [];
  const split = keys.map((k) => k.split('/').filter((s) => s !== ''));
  const first = split[0] ?? [];
  let n = 0;
  while (
    n < first.length &&
    !/[{}]/.test(first[n] as string) &&
    split.every((s) => s.length > n + 1 && s[n] === first[n])
  )
    n++;
  return first.slice(0, n);
}

/**
 * Each path's leading segments through its version (`/pc/v4/jobs` → pc, v4), or undefined when some
 * path carries no version segment: an API whose paths hold apiName/v{major} themselves.
 */
function versionedPathPrefixes(root: Json): string[][] | undefined {
  const keys = Object.keys(isObject(root.paths) ? root.paths : {}).filter((k) => !k.startsWith('x-'));
  if (keys.length === 0) return undefined;
  const prefixes = new Map<string, string[]>();
  for (const key of keys) {
    const segments = key.split('/').filter((s) => s !== '');
    const version = segments.findIndex((s) => /^v\d+$/.test(s));
    if (version < 1 || segments.slice(0, version).some((s) => /[{}]/.test(s))) return undefined;
    const prefix = segments.slice(0, version + 1);
    prefixes.set(prefix.join('/'), prefix);
  }
  return [...prefixes.values()];
}

/**
 * A server URL with its variables replaced by their defaults, as OpenAPI defines them ("the host is
 * determined by the environment": https://{environment}.example.be/...); undefined while a placeholder
 * remains, whether an undeclared variable or a build or deployment token.
 */
function resolvedServerUrl(server: Json): string | undefined {
  const variables = isObject(server.variables) ? server.variables : {};
  const url = String(server.url).replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  return /[{}]|\$\{|@[\w.-]+@/.test(url) ? undefined : url;
}

/**
 * uri-format: the API's base URL follows https://host/[prefix/]apiName/v{major}. The guide's format is of
 * the whole URL: a server URL without the version is judged with the leading path segments every path
 * carries (servers https://host, paths /api/v1/...), or, where paths differ in them, with each path's own
 * segments through its version.
 */
export const serverUrlFormat = defineRuleFunction<{ pattern: string }>(
  { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'], additionalProperties: false },
  (root, { pattern }) => {
    const regex = new RegExp(pattern);
    const prefix = commonPathPrefix(root);
    const versioned = versionedPathPrefixes(root);
    const out: Finding[] = [];
    asArray(root.servers).forEach((server, i) => {
      if (!isObject(server) || typeof server.url !== 'string') return;
      const full = resolvedServerUrl(server);
      // A placeholder a deployment or build fills in ({{baseUrl}}, ${contextPath}) leaves the URL unknown: not judged.
      if (full === undefined) return;
      const url = full.replace(/\/$/, '');
      const withPrefix = prefix.map((_, k) => `${url}/${prefix.slice(0, k + 1).join('/')}`);
      if (regex.test(full) || withPrefix.some((u) => regex.test(u))) return;
      // Paths under different versions or API names (/pc/v4/jobs, /ct/v1/logos): each URL is judged whole.
      if (versioned && versioned.every((p) => regex.test(`${url}/${p.join('/')}`))) return;
      // Only the trailing slash in the way (/v1/ + /things gives //things): the message names that cause.
      const slashOnly = full !== url && (regex.test(url) || withPrefix.some((u) => regex.test(u)));
      // Only the apiName's case in the way (/employer-profile/v1): the message names the apiName.
      const apiName = slashOnly ? undefined : [url, ...withPrefix].map((u) => miscasedApiName(u, regex)).find(Boolean);
      out.push(
        finding(
          slashOnly
            ? `Server URL "${server.url}" should not end with a slash: https://host/[pathPrefix/]apiName/v{major}, the paths adding /resources`
            : apiName !== undefined
              ? `Server URL "${server.url}" has the form https://host/[pathPrefix/]apiName/v{major}, but its apiName "${apiName}" should be lowerCamelCase`
              : `Server URL "${server.url}" should look like https://host/[pathPrefix/]apiName/v{major}`,
          ['servers', i, 'url'],
        ),
      );
    });
    return out;
  },
);

/** The apiName segment before /v{major} when it alone keeps `url` from matching (a lowerCamelCase name would). */
function miscasedApiName(url: string, regex: RegExp): string | undefined {
  const match = /\/([^/]+)\/v[0-9]+$/.exec(url);
  if (!match?.[1]) return undefined;
  const conforming = `${url.slice(0, match.index)}/apiName${url.slice(match.index + match[1].length + 1)}`;
  return regex.test(conforming) ? match[1] : undefined;
}

/** api-version (MUST): info.version is present. */
export const versionPresent = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const info = isObject(root.info) ? root.info : undefined;
  if (!info || (typeof info.version === 'string' && info.version.trim() !== '')) return [];
  return [finding('info.version must state the API version', ['info'])];
});

/**
 * Whether `text` holds a `${name}` placeholder, as `/\$\{[^}]+\}/` decides, in one pass (that
 * pattern went from each `${` to the next `}`: quadratic on a version of many `${`).
 */
export function hasPlaceholder(text: string): boolean {
  for (let from = 0; ;) {
    const open = text.indexOf('${', from);
    if (open < 0) return false;
    const close = text.indexOf('}', open + 2);
    if (close < 0) return false; // no later `${` has a `}` after it either
    if (close > open + 2) return true;
    from = close + 1; // `${}`: a later `${` starts after its `}`
  }
}
const OTHER_PLACEHOLDER = /^(?:@[\w.-]+@|\{\{\s*[\w.-]+\s*\}\}|\[[A-Z][A-Z0-9_]*\])$/;
const SEMVER_ISH = /^(\d+)\.(\d+)(?:\.(\d+))?(?:[-+][0-9A-Za-z.-]+)?$/;

/** api-version: info.version is major.minor[.patch] and its major matches the servers' /v{major}. */
export const versionFormat = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  if (isReusableDefinitionsOnly(root) || !isObject(root.info) || typeof root.info.version !== 'string') return [];
  // Maven resource filtering fills `${project.version}` at build time: judge what it will be, not the placeholder;
  // so do Gradle's and Ant's `@version@`, templates' `{{version}}` and `[VERSION_FROM_BUILD]` markers.
  if (hasPlaceholder(root.info.version) || OTHER_PLACEHOLDER.test(root.info.version)) return [];
  const version = root.info.version;
  const match = SEMVER_ISH.exec(version);
  if (!match) return [finding(`info.version "${version}" should be major.minor[.patch]`, ['info', 'version'])];
  const out: Finding[] = [];
  asArray(root.servers).forEach((server, i) => {
    const url = isObject(server) && typeof server.url === 'string' ? server.url : '';
    const major = /\/v(\d+)\/?$/.exec(url)?.[1];
    if (major !== undefined && Number(major) !== Number(match[1])) {
      out.push(
        finding(`Server URL major version v${major} does not match info.version ${version}`, ['servers', i, 'url']),
      );
    }
  });
  return out;
});

/** oas-comp: component names are UpperCamelCase. */
export const componentNames = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const [type, group] of entries(root.components)) {
    if (type.startsWith('x-')) continue;
    for (const name of Object.keys(isObject(group) ? group : {})) {
      if (!isUpperCamel(name))
        out.push(finding(`Component name "${name}" should be UpperCamelCase`, ['components', type, name]));
    }
  }
  return out;
});

/** oas-types: schema names carry business meaning, not generic terms. */
export const schemaNamesMeaningful = defineRuleFunction<{ generic: string[]; genericSuffixes: string[] }>(
  {
    type: 'object',
    properties: {
      generic: { type: 'array', items: { type: 'string' } },
      genericSuffixes: { type: 'array', items: { type: 'string' } },
    },
    required: ['generic', 'genericSuffixes'],
    additionalProperties: false,
  },
  (root, { generic, genericSuffixes }) => {
    const out: Finding[] = [];
    const schemas = isObject(root.components) && isObject(root.components.schemas) ? root.components.schemas : {};
    for (const name of Object.keys(schemas)) {
      if (generic.includes(name) || genericSuffixes.some((s) => name.endsWith(s) && name !== s)) {
        out.push(
          finding(`Schema name "${name}" is generic: name it after its business meaning`, [
            'components',
            'schemas',
            name,
          ]),
        );
      }
    }
    return out;
  },
);

const MENTIONS_DEPRECATION = /\bdeprecated\b/i;
const NAMED_AFTER_DEPRECATION = /deprecat/i;
// A sentence (or line) mentioning deprecation.
const DEPRECATION_SENTENCE = /[^.!?\n]*\bdeprecated\b[^.!?\n]*/gi;
// "`number` is deprecated", "`a` and `b` are deprecated values": what is deprecated is a quoted value.
const VALUE_DEPRECATED =
  /`[^`\n]+`\s+(?:(?:is|are|was|were|has been|have been)\s+(?:now\s+)?)?deprecated\b|\bdeprecated\s+(?:values?|options?)\b/i;
// "Only set if the endpoint is deprecated": a condition on something else, not a statement about this element.
const CONDITIONAL = /\b(?:if|when|whether|once|unless)\b[^.!?\n]*\bdeprecated\b/i;
// "the link is to be deprecated at a future date": a deprecation to come, not one the element has now.
const FUTURE =
  /\b(?:is|are)\s+(?:about\s+)?to\s+be\s+deprecated\b|\b(?:will|shall|may|might|could|would)\s+(?:later\s+|soon\s+)?be\s+deprecated\b/i;

/**
 * Whether a description says its own element is deprecated: some sentence mentioning deprecation
 * does not speak of one of the element's values (an enum value; the element itself stays in use).
 */
function describesOwnDeprecation(text: string, values: unknown[]): boolean {
  if (!MENTIONS_DEPRECATION.test(text)) return false;
  // A single line break wraps a sentence (YAML folding, generators); a blank line ends a paragraph.
  const unwrapped = text.replace(/\r?\n(?![ \t]*\r?\n)/g, ' ');
  for (const [sentence] of unwrapped.matchAll(DEPRECATION_SENTENCE)) {
    if (VALUE_DEPRECATED.test(sentence) || CONDITIONAL.test(sentence) || FUTURE.test(sentence)) continue;
    if (
      values.some(
        (v) => typeof v === 'string' && v !== '' && (sentence.includes(`\`${v}\``) || sentence.includes(`"${v}"`)),
      )
    )
      continue;
    return true;
  }
  return false;
}

/** The enum values an element declares: its own, or its (parameter or header) schema's. */
function declaredValues(holder: Json): unknown[] {
  const own = enumerated(holder)?.values;
  if (own) return own;
  return isObject(holder.schema) ? (enumerated(holder.schema)?.values ?? []) : [];
}

/** evo-deprec: what the description calls deprecated is marked `deprecated: true` (`x-deprecated` on security schemes). */
export const deprecationMarked = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const check = (holder: unknown, at: JsonPath, flag = 'deprecated') => {
    if (
      isObject(holder) &&
      typeof holder.description === 'string' &&
      holder[flag] !== true &&
      describesOwnDeprecation(holder.description, declaredValues(holder))
    ) {
      out.push(finding(`Described as deprecated but not marked \`${flag}: true\``, at));
    }
  };
  for (const op of operationsOf(root)) check(op.operation, op.at);
  // A property or parameter named after deprecation (`deprecated`, a date; `deprecationDate`) holds business
  // data about it: its description speaks of the data, not of the element's own `deprecated: true` keyword.
  for (const { parameter, at } of allParameters(root))
    if (typeof parameter.name !== 'string' || !NAMED_AFTER_DEPRECATION.test(parameter.name)) check(parameter, at);
  for (const { header, at } of allResponseHeaders(root)) check(header, at);
  for (const { schema, at, propertyName } of inventory(root).schemas)
    if (propertyName === undefined || !NAMED_AFTER_DEPRECATION.test(propertyName)) check(schema, at);
  const schemes = isObject(root.components) ? root.components.securitySchemes : undefined;
  for (const [name, scheme] of entries(schemes)) check(scheme, ['components', 'securitySchemes', name], 'x-deprecated');
  return out;
});

/** cnt-negot: media types in the document carry no charset parameter. */
export const mediaTypeWithoutCharset = defineRuleFunction<null>(NO_OPTIONS, (root) =>
  allMediaTypes(root)
    // "For JSON, the media type specified in OpenAPI should not contain a charset parameter"; for XML the
    // guide asks to "specify the charset": only JSON media types are judged (text/json, a legacy alias, too).
    .filter(
      (m) =>
        /;\s*charset=/i.test(m.mediaType) &&
        (isJsonMediaType(m.mediaType) || bareMediaType(m.mediaType) === 'text/json'),
    )
    .map((m) => finding(`Media type "${m.mediaType}" should not declare a charset in the OpenAPI document`, m.at)),
);

/** prf-lstmod: a response declaring Last-Modified also declares ETag. */
export const lastModifiedWithEtag = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    for (const { response, at } of responsesOf(op)) {
      const names = Object.keys(isObject(response.headers) ? response.headers : {}).map((h) => h.toLowerCase());
      if (names.includes('last-modified') && !names.includes('etag')) {
        out.push(
          finding('Prefer ETag over Last-Modified (no sub-second precision): declare ETag too', [...at, 'headers']),
        );
      }
    }
  }
  return out;
});
