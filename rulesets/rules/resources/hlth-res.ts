import { defineRule, type RuleCase } from '../define.js';
import { base, ok, op, withPath } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, isReusableDefinitionsOnly, NO_OPTIONS } from '../../functions/define.js';

/**
 * The API's base path inside `paths` when no server URL gives it: the path segments every path shares, up
 * to the last `/v{major}` among them (NestJS's `setGlobalPrefix('api/v1')` writes `/api/v1/...` everywhere).
 */
function sharedBase(root: Record<string, unknown>, paths: Record<string, unknown>): string {
  if (Array.isArray(root.servers) && root.servers.length > 0) return '';
  let shared: string[] | undefined;
  for (const path of Object.keys(paths)) {
    const segments = path.split('/').filter((s) => s !== '');
    shared = shared === undefined ? segments : shared.slice(0, segments.length);
    const mismatch = shared.findIndex((s, i) => s !== segments[i]);
    if (mismatch >= 0) shared = shared.slice(0, mismatch);
  }
  const version = (shared ?? []).map((s) => /^v\d+$/.test(s)).lastIndexOf(true);
  return version < 0 ? '' : `/${(shared ?? []).slice(0, version + 1).join('/')}`;
}

/** hlth-res: GET /health (under the API's base path) exists and declares 200 and 503. */
const healthOperation = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  if (isReusableDefinitionsOnly(root)) return [];
  const paths = isObject(root.paths) ? root.paths : {};
  // A document without paths describes no API to monitor (schemas, webhooks).
  if (Object.keys(paths).length === 0) return [];
  const key = `${sharedBase(root, paths)}/health`;
  const health = paths[key];
  if (!isObject(health)) return [finding('The API should have a /health resource', ['paths'])];
  const get = health.get;
  if (!isObject(get)) return [finding(`${key} should have a GET operation`, ['paths', key])];
  const codes = Object.keys(isObject(get.responses) ? get.responses : {});
  const missing = ['200', '503'].filter((c) => !codes.includes(c));
  return missing.length > 0
    ? [
        finding(`GET ${key} should declare responses 200 and 503 (missing ${missing.join(', ')})`, [
          'paths',
          key,
          'get',
          'responses',
        ]),
      ]
    : [];
});

export const rule = defineRule({
  code: 'hlth-res',
  severity: 'warn',
  description: 'The API has GET /health declaring 200 and 503',
  then: healthOperation,
});

const withoutServers = (document: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(document).filter(([key]) => key !== 'servers'));

export const cases = (): RuleCase[] => [
  { name: 'no /health', errors: [{ path: ['paths'] }], document: withPath('/a', { get: op() }) },
  {
    name: 'GET /health without 503',
    errors: [{ path: ['paths', '/health', 'get', 'responses'] }],
    document: withPath('/health', { get: op() }),
  },
  {
    name: 'GET /health with 200 and 503; schema-only documents',
    errors: [],
    document: withPath('/health', { get: op({ responses: { '200': ok(), '503': ok() } }) }),
  },
  {
    name: 'x-reusable-definitions-only',
    errors: [],
    document: base({ 'x-reusable-definitions-only': true, paths: {} }),
  },
  {
    name: 'no paths at all: nothing to monitor',
    errors: [],
    document: base({ paths: {}, components: { schemas: { A: { type: 'object' } } } }),
  },
  // Issue 46 first pass (NestJS with a global prefix): no servers, every path under /api/v1.
  {
    name: 'FP: no servers, every path under /api/v1: /api/v1/health is the health resource',
    errors: [{ path: ['paths', '/api/v1/health', 'get', 'responses'] }],
    document: withoutServers(base({ paths: { '/api/v1/employers': { get: op() }, '/api/v1/health': { get: op() } } })),
  },
  {
    name: 'FP: no servers, /api/v1/health with 200 and 503',
    errors: [],
    document: withoutServers(
      base({
        paths: {
          '/api/v1/employers': { get: op() },
          '/api/v1/health': { get: op({ responses: { '200': ok(), '503': ok() } }) },
        },
      }),
    ),
  },
];
