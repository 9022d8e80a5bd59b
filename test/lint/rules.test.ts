// Every rule of the built-in ruleset, alone, against documents that must produce exactly the
// listed findings and documents that must produce none: the cases of its file (rulesets/rules/), and
// those of test/lint/cases/ for the rules still defined in rulesets/belgif.ts.
import { describe, expect, it } from 'vitest';
import { belgifRules } from '../../rulesets/belgif.js';
import { testRule } from './harness.js';
import { allRuleCases } from './all-cases.js';

const all = await allRuleCases();

describe('case coverage', () => {
  it('every rule has a case with findings and a case without', () => {
    const missing = Object.keys(belgifRules).filter((code) => {
      const list = all[code] ?? [];
      return !list.some((c) => c.errors.length > 0) || !list.some((c) => c.errors.length === 0);
    });
    expect(missing).toEqual([]);
  });
  it('no cases for rules that do not exist', () => {
    expect(Object.keys(all).filter((code) => !(code in belgifRules))).toEqual([]);
  });
});

for (const [code, list] of Object.entries(all)) testRule(code, list);
