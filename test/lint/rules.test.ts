// Every rule of the built-in ruleset, alone, against documents that must produce exactly the
// listed findings and documents that must produce none: the cases of its file (rulesets/rules/), and
// those of test/lint/cases/ for the rules still defined in rulesets/belgif.ts.
import { describe, expect, it } from 'vitest';
import { belgifRules } from '../../rulesets/belgif.js';
import { RULE_FILES } from '../../rulesets/rules/index.js';
import { testRule, type RuleCase } from './harness.js';
import { cases as schemaCases } from './cases/schemas.js';
import { cases as operationCases } from './cases/operations.js';
import { cases as pathCases } from './cases/paths.js';
import { cases as documentationCases } from './cases/documentation.js';
import { cases as realDocumentCases } from './cases/real-documents.js';
import { cases as eventCases } from './cases/events.js';
import { cases as precisionCases } from './cases/precision.js';
import { cases as belgianCases } from './cases/belgian-descriptions.js';
import { cases as heldOutCases } from './cases/held-out.js';
import { cases as settledCases } from './cases/settled.js';
import { cases as guideTextCases } from './cases/guide-text.js';

// Case files may add cases to the same rule: concatenate, do not overwrite.
const all: Record<string, RuleCase[]> = {};
for (const file of [
  schemaCases,
  operationCases,
  pathCases,
  documentationCases,
  realDocumentCases,
  eventCases,
  precisionCases,
  belgianCases,
  heldOutCases,
  settledCases,
  guideTextCases,
]) {
  for (const [code, list] of Object.entries(file)) all[code] = [...(all[code] ?? []), ...list];
}
// A rule in a file of its own (rulesets/rules/<area>/<code>.ts) carries its cases.
for (const [code, file] of Object.entries(RULE_FILES)) {
  const url = new URL(`../../rulesets/rules/${file}.ts`, import.meta.url).href;
  const module = (await import(/* @vite-ignore */ url)) as { cases: () => RuleCase[] };
  all[code] = [...(all[code] ?? []), ...module.cases()];
}

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
