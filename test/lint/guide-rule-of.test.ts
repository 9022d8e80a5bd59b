// GUIDE_RULE_OF is computed from the rules' guide links, not filled while they are declared.
import { describe, expect, it } from 'vitest';
import { belgifRules, GUIDE_RULE_OF } from '../../rulesets/belgif.js';

describe('GUIDE_RULE_OF', () => {
  it('names the guide rule of every lint rule, the one its link points at', () => {
    expect(Object.keys(GUIDE_RULE_OF).sort()).toEqual(Object.keys(belgifRules).sort());
    expect(GUIDE_RULE_OF['stat-codes-get']).toBe('stat-codes');
    for (const [code, rule] of Object.entries(GUIDE_RULE_OF))
      expect(belgifRules[code]?.documentationUrl, code).toMatch(new RegExp(`#rule-${rule}$`));
  });
});
