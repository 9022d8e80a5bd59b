import { defineRule, type RuleCase } from '../define.js';
import { base, ok, op, withPath } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, isReusableDefinitionsOnly, NO_OPTIONS } from '../../functions/define.js';

/** hlth-res: GET /health exists and declares 200 and 503. */
const healthOperation = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  if (isReusableDefinitionsOnly(root)) return [];
  const paths = isObject(root.paths) ? root.paths : {};
  // A document without paths describes no API to monitor (schemas, webhooks).
  if (Object.keys(paths).length === 0) return [];
  const health = paths['/health'];
  if (!isObject(health)) return [finding('The API should have a /health resource', ['paths'])];
  const get = health.get;
  if (!isObject(get)) return [finding('/health should have a GET operation', ['paths', '/health'])];
  const codes = Object.keys(isObject(get.responses) ? get.responses : {});
  const missing = ['200', '503'].filter((c) => !codes.includes(c));
  return missing.length > 0
    ? [
        finding(`GET /health should declare responses 200 and 503 (missing ${missing.join(', ')})`, [
          'paths',
          '/health',
          'get',
          'responses',
        ]),
      ]
    : [];
});

export const rule = defineRule({
  code: 'hlth-res',
  guideRule: 'hlth-res',
  severity: 'warn',
  description: 'The API has GET /health declaring 200 and 503',
  then: {
    function: healthOperation,
  },
});

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
];
