import { defineRule, type RuleCase } from '../define.js';
import { base, gets, ok, op } from '../documents.js';
import { asArray, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';

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
const serverUrlFormat = defineRuleFunction<{ pattern: string }>(
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

// The Java validator's pattern, written so that a URL splits one way only (see support/naming.ts). A server
// URL's last segment before /v{major} is the lowerCamelCase one their `(/[a-z0-9]+([A-Z]?[a-z0-9]+)*)+`
// requires; the segments before it match the `(/[A-Za-z0-9]*)*` in front of it anyway. That prefix also takes
// - . _ ~ here: the guide's pathPrefix is any "optional path prefix to discriminate between REST APIs and
// other resources" (/esd-eto/).
const SERVER_URL =
  '^((http://localhost)[:0-9]{0,7}/?|(https://[-a-zA-Z0-9@:%._+~#=]{1,256})|/?)(/[A-Za-z0-9._~-]*)*/[a-z0-9]+(?:[A-Z][a-z0-9]+)*/v[0-9]+$';

export const rule = defineRule({
  code: 'uri-format',
  severity: 'warn',
  description: 'Server URLs follow https://host/[pathPrefix/]apiName/v{major}',
  then: { function: serverUrlFormat, functionOptions: { pattern: SERVER_URL } },
});

/** A document served at these URLs, with these paths (each with a GET). */
const served = (urls: string[], ...paths: string[]): Json =>
  base({ servers: urls.map((url) => ({ url })), ...(paths.length > 0 ? { paths: gets(...paths) } : {}) });
const urlAt = (i: number) => ['servers', i, 'url'];

export const cases = (): RuleCase[] => [
  // The guide's format is of the API's URL, https://host/[pathPrefix]/apiName/v{major}/resources.

  {
    name: 'FP: servers without the version, every path under /api/v1',
    errors: [],
    document: served(['https://services.example.be'], '/api/v1/persons', '/api/v1/persons/{ssin}'),
  },
  {
    name: 'FP: a path prefix with hyphens (the guide leaves pathPrefix free)',
    errors: [],
    document: served(['https://api.example.be/esd-eto-apikey/bevragen/v2']),
  },
  {
    name: 'servers without the version, paths that do not all carry it',
    errors: [{ path: urlAt(0) }],
    document: served(['https://services.example.be'], '/api/v1/persons', '/health'),
  },
  // "apiName ... SHOULD be written in lowerCamelCase": the URL has the form, its apiName not the case.

  {
    name: 'a kebab-case apiName, with and without a path prefix',
    errors: [
      { path: urlAt(0), message: 'its apiName "employer-profile" should be lowerCamelCase' },
      { path: urlAt(1), message: 'its apiName "reference_data" should be lowerCamelCase' },
    ],
    document: served(['https://api.example.be/employer-profile/v1', 'https://api.example.be/REST/reference_data/v2']),
  },
  {
    name: "the guide's example",
    errors: [],
    document: served(['https://api.socialsecurity.be/REST/employerProfile/v1']),
  },
  // "The URLs of a REST API SHOULD have the following structure": paths under several versions or API names
  // (/pc/v4/jobs, /ct/v1/logos) give URLs of that structure under a server URL that stops before them.

  {
    name: 'FP: each path carries its own apiName/v{major}',
    errors: [],
    document: served(
      ['https://rest.example.de/jobboard/job-search'],
      '/pc/v4/jobs',
      '/pc/v3/jobs/{jobId}',
      '/ct/v1/logos/{logoId}',
    ),
  },
  {
    name: 'a path without a version segment',
    errors: [{ path: urlAt(0) }],
    document: served(['https://rest.example.de/jobboard'], '/pc/v4/jobs', '/logos/{logoId}'),
  },
  {
    name: 'a path whose apiName is in capitals',
    errors: [{ path: urlAt(0) }],
    document: served(['https://rest.example.de/jobboard'], '/pc/v4/jobs', '/CT/v1/logos'),
  },

  {
    name: 'no version; upper case api name',
    errors: [{ path: urlAt(0) }, { path: urlAt(1) }],
    document: served(['https://api.example.be/demo', 'https://api.example.be/Demo/v1']),
  },
  {
    name: 'https, localhost, relative',
    errors: [],
    document: served(['https://api.example.be/REST/demo/v1', 'http://localhost:8080/demo/v2', '/demo/v1']),
  },
  // "Hostname is determined by the environment where the API is deployed": a server variable stands for
  // its default (as OpenAPI defines it); a placeholder filled in at build or deployment leaves no URL to judge.

  {
    name: 'FP: server variables with defaults; build and deployment placeholders',
    errors: [],
    document: base({
      servers: [
        {
          url: 'https://{environment}.example.be/{prefix}/demo/v1',
          variables: { environment: { default: 'api' }, prefix: { default: 'REST' } },
        },
        { url: '{{baseUrl}}' },
        { url: '${contextPath}/demo/v1' },
      ],
      paths: { '/things': { get: op({ responses: { '200': ok() } }) } },
    }),
  },
  {
    name: 'a trailing slash is named as the cause',
    errors: [{ path: urlAt(0), message: 'should not end with a slash' }],
    document: served(['/opendata/eventStream/v1/']),
  },
  {
    name: 'a variable whose default breaks the format; a URL without placeholder or version',
    errors: [{ path: urlAt(0) }, { path: urlAt(1) }],
    document: base({
      servers: [
        { url: 'https://api.example.be/{apiName}/v1', variables: { apiName: { default: 'Demo_API' } } },
        { url: 'https://api.example.be/demo' },
      ],
    }),
  },
];
