import { defineRule, type RuleCase } from '../define.js';
import { base, O, op } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { asArray, isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { OPENAPI_DOC, pathKeys } from '../../functions/paths.js';

/** doc-refdata: /doc/openapi.* is open to anyone; reference data lives under /refData (spelled so). */
const docAndRefData = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const path of pathKeys(root)) {
    const misspelled = path
      .split('/')
      .find((s) => /^(?:ref-?data|reference-?data|refdatas?)$/i.test(s) && s !== 'refData');
    if (misspelled) out.push(finding(`Reference data belongs under /refData (not /${misspelled})`, ['paths', path]));
  }
  for (const op of operationsOf(root)) {
    if (op.method !== 'get' || !OPENAPI_DOC.test(op.path)) continue;
    const security = op.operation.security ?? root.security;
    const open =
      security === undefined ||
      asArray(security).length === 0 ||
      asArray(security).some((r) => isObject(r) && Object.keys(r).length === 0);
    if (!open) out.push(finding('The OpenAPI document should be readable without authentication', op.at));
  }
  return out;
});

export const rule = defineRule({
  code: 'doc-refdata',
  severity: 'warn',
  description:
    'The OpenAPI document under /doc is readable without authentication; reference data lives under /refData',
  then: docAndRefData,
});

export const cases = (): RuleCase[] => [
  {
    name: 'misspelled refData; secured OpenAPI document',
    errors: [{ path: ['paths', '/ref-data/countries'] }, { path: O('/doc/openapi.yaml', 'get') }],
    document: base({
      security: [{ oauth: [] }],
      paths: { '/ref-data/countries': { get: op({ operationId: 'c' }) }, '/doc/openapi.yaml': { get: op() } },
    }),
  },
  {
    name: 'open document; /refData',
    errors: [],
    document: base({
      security: [{ oauth: [] }],
      paths: {
        '/refData/countries': { get: op({ operationId: 'c' }) },
        '/doc/openapi.yaml': { get: op({ security: [] }) },
      },
    }),
  },
];
