// The registry: every lint rule file, sorted by code. A test keeps it in step with rulesets/rules/<area>/.
// Regenerate with `node scripts/register-rules.mjs` after adding a rule file.
import type { LintRule } from './define.js';
import { rule as asyncCespec } from './events/async-cespec.js';
import { rule as asyncContract } from './events/async-contract.js';
import { rule as asyncCtxt } from './events/async-ctxt.js';
import { rule as asyncGeneric } from './events/async-generic.js';
import { rule as asyncSvctype } from './events/async-svctype.js';

export const RULES: readonly LintRule[] = [asyncCespec, asyncContract, asyncCtxt, asyncGeneric, asyncSvctype];

/** Where each rule file is, by code: `<area>/<code>`. */
export const RULE_FILES: Readonly<Record<string, string>> = {
  'async-cespec': 'events/async-cespec',
  'async-contract': 'events/async-contract',
  'async-ctxt': 'events/async-ctxt',
  'async-generic': 'events/async-generic',
  'async-svctype': 'events/async-svctype',
};
