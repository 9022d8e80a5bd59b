// A lint rule is one file, as a check is: rulesets/rules/<area>/<code>.ts, registered in
// rulesets/rules/index.ts (written by scripts/register-rules.mjs), with its own cases.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { belgifRules } from '../../rulesets/belgif.js';
import type { LintRule, RuleCase } from '../../rulesets/rules/define.js';
import { RULE_FILES, RULES } from '../../rulesets/rules/index.js';

const ROOT = new URL('../../rulesets/rules/', import.meta.url).pathname;
const onDisk = readdirSync(ROOT)
  .filter((area) => statSync(join(ROOT, area)).isDirectory())
  .flatMap((area) =>
    readdirSync(join(ROOT, area))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `${area}/${file.slice(0, -3)}`),
  )
  .sort();

describe('the lint rule files', () => {
  it('the registry lists every rule file, sorted by code (node scripts/register-rules.mjs)', () => {
    expect(Object.values(RULE_FILES).sort()).toEqual(onDisk);
    const codes = RULES.map((r) => r.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(Object.keys(RULE_FILES));
  });
  it.each(Object.entries(RULE_FILES))(
    '%s: named after its code, in the ruleset, with cases both ways',
    async (code, file) => {
      const url = new URL(`${file}.ts`, `file://${ROOT}`).href;
      const module = (await import(/* @vite-ignore */ url)) as { rule: LintRule; cases: () => RuleCase[] };
      expect(module.rule.code).toBe(code);
      expect(belgifRules[code]?.description).toBe(module.rule.description);
      const cases = module.cases();
      expect(cases.some((c) => c.errors.length > 0)).toBe(true);
      expect(cases.some((c) => c.errors.length === 0)).toBe(true);
    },
  );
});
