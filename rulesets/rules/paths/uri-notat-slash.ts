import { defineRule, type RuleCase } from '../define.js';
import { pathsCase } from '../documents.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';
import { pathKeys } from '../../functions/paths.js';

/** uri-notat (REQUIRED): no trailing slash. */
const trailingSlash = defineRuleFunction<null>(NO_OPTIONS, (root) =>
  pathKeys(root)
    .filter((p) => p.length > 1 && p.endsWith('/'))
    .map((p) => finding(`Path "${p}" must not end with a slash`, ['paths', p])),
);

export const rule = defineRule({
  code: 'uri-notat-slash',
  severity: 'error',
  description: 'Paths do not end with a slash',
  then: trailingSlash,
  guideRule: 'uri-notat',
});

export const cases = (): RuleCase[] => [
  pathsCase('trailing slash', ['/things/'], ['/things/']),
  pathsCase('no trailing slash', ['/', '/things']),
];
