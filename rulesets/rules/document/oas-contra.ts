import { defineRule, type RuleCase } from '../define.js';
import { base } from '../documents.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

/** oas-contra: OpenAPI 3.0 (3.1 should not be used yet). */
const openApi30 = defineRuleFunction<null>(NO_OPTIONS, (root) =>
  typeof root.openapi === 'string' && root.openapi.startsWith('3.1')
    ? [finding(`OpenAPI ${root.openapi} should not be used yet: describe the API with OpenAPI 3.0`, ['openapi'])]
    : [],
);

export const rule = defineRule({
  code: 'oas-contra',
  severity: 'warn',
  description:
    'APIs are described with OpenAPI 3.0: not Swagger 2.0 (reported once, the document linted converted), not yet 3.1',
  then: openApi30,
});

export const cases = (): RuleCase[] => [
  { name: 'OpenAPI 3.1', errors: [{ path: ['openapi'] }], document: base({ openapi: '3.1.0' }) },
  { name: 'OpenAPI 3.0', errors: [], document: base() },
];
