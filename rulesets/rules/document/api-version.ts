import { defineRule, type RuleCase } from '../define.js';
import { base } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

/** api-version (MUST): info.version is present. */
const versionPresent = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const info = isObject(root.info) ? root.info : undefined;
  if (!info || (typeof info.version === 'string' && info.version.trim() !== '')) return [];
  return [finding('info.version must state the API version', ['info'])];
});

export const rule = defineRule({
  code: 'api-version',
  severity: 'error',
  description: 'info.version is present',
  then: versionPresent,
});

export const cases = (): RuleCase[] => [
  { name: 'empty version', errors: [{ path: ['info'] }], document: base({ info: { title: 'x', version: '' } }) },
  { name: 'version present', errors: [], document: base() },
];
