// The Belgif REST guide as a Spectral ruleset: one rule per guide rule id (sub-rules
// `<id>-<aspect>` where one id has checks of different severities). Each rule is a file of
// rulesets/rules/<area>/<code>.ts (its meta, function and cases), registered in rulesets/rules/index.ts.
import type { RuleDefinition, RulesetDefinition } from '@stoplight/spectral-core';
import { oas3_0, oas3_1 } from '@stoplight/spectral-formats';
import { guideAnchor } from './support/guide-anchor.js';
import { toDefinition } from './rules/define.js';
import { RULES } from './rules/index.js';

export const belgifRules: Record<string, RuleDefinition> = {
  ...Object.fromEntries(RULES.map((r) => [r.code, toDefinition(r)])),
};

const ANCHOR = guideAnchor('');

/** The guide rule id of a rule code (`stat-codes-get` → `stat-codes`): the rule its guide link names. */
export const GUIDE_RULE_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(belgifRules).flatMap(([code, definition]) => {
    const url = definition.documentationUrl;
    return url?.startsWith(ANCHOR) ? [[code, url.slice(ANCHOR.length)]] : [];
  }),
);

/** The ruleset definition: `new Ruleset(belgif)`, or `extends: [belgif]` in a JS ruleset. */
export const belgif: RulesetDefinition = {
  description: 'The Belgif REST guide (restguide)',
  documentationUrl: 'https://www.belgif.be/specification/rest/api-guide/',
  formats: [oas3_0, oas3_1],
  rules: belgifRules,
} as RulesetDefinition;

export default belgif;
