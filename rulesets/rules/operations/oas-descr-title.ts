import { defineRule, type RuleCase } from '../define.js';
import { base } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

/** oas-descr (REQUIRED): info.title is present. */
const infoTitle = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const info = isObject(root.info) ? root.info : undefined;
  if (info && typeof info.title === 'string' && info.title.trim() !== '') return [];
  return [finding('info.title is required', info ? ['info'] : [])];
});

export const rule = defineRule({
  code: 'oas-descr-title',
  severity: 'error',
  description: 'info.title is present',
  then: infoTitle,
  guideRule: 'oas-descr',
});

export const cases = (): RuleCase[] => [
  { name: 'empty title', errors: [{ path: ['info'] }], document: base({ info: { title: '', version: '1.0.0' } }) },
  { name: 'title present', errors: [], document: base() },
];
