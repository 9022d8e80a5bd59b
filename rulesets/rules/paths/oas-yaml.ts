import { defineRule, type RuleCase } from '../define.js';
import { pathsCase } from '../documents.js';
import { defineRuleFunction, finding, isReusableDefinitionsOnly, NO_OPTIONS } from '../../functions/define.js';
import { pathKeys } from '../../functions/paths.js';

/** oas-yaml: when the API serves its OpenAPI document, it serves the YAML form. */
const openApiYaml = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  if (isReusableDefinitionsOnly(root)) return [];
  const keys = pathKeys(root);
  return keys
    .filter((p) => p.endsWith('/doc/openapi.json') && !keys.includes(p.replace(/json$/, 'yaml')))
    .map((p) => finding('The OpenAPI document should also be available in YAML (/doc/openapi.yaml)', ['paths', p]));
});

export const rule = defineRule({
  code: 'oas-yaml',
  severity: 'warn',
  description: 'An API serving /doc/openapi.json also serves /doc/openapi.yaml',
  then: openApiYaml,
});

export const cases = (): RuleCase[] => [
  pathsCase('JSON only', ['/doc/openapi.json'], ['/doc/openapi.json']),
  pathsCase('JSON and YAML', ['/doc/openapi.json', '/doc/openapi.yaml']),
];
