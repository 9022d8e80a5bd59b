// Every rule case: those of the rule files (rulesets/rules/<area>/<code>.ts) and those still in
// test/lint/cases/ (cases written before the rules had files), by code.
import { RULE_FILES } from '../../rulesets/rules/index.js';
import type { RuleCase } from './harness.js';
import { cases as schemaCases } from './cases/schemas.js';
import { cases as pathCases } from './cases/paths.js';
import { cases as documentationCases } from './cases/documentation.js';
import { cases as realDocumentCases } from './cases/real-documents.js';
import { cases as eventCases } from './cases/events.js';
import { cases as precisionCases } from './cases/precision.js';
import { cases as belgianCases } from './cases/belgian-descriptions.js';
import { cases as heldOutCases } from './cases/held-out.js';
import { cases as settledCases } from './cases/settled.js';
import { cases as guideTextCases } from './cases/guide-text.js';

export async function allRuleCases(): Promise<Record<string, RuleCase[]>> {
  // Case files may add cases to the same rule: concatenate, do not overwrite.
  const all: Record<string, RuleCase[]> = {};
  for (const file of [
    schemaCases,
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
  for (const [code, file] of Object.entries(RULE_FILES)) {
    const url = new URL(`../../rulesets/rules/${file}.ts`, import.meta.url).href;
    const module = (await import(/* @vite-ignore */ url)) as { cases: () => RuleCase[] };
    all[code] = [...(all[code] ?? []), ...module.cases()];
  }
  return all;
}

/** Every case as `{ name, document }`, named after its rule. */
export const namedCases = async (): Promise<Array<{ name: string; document: Record<string, unknown> }>> =>
  Object.entries(await allRuleCases()).flatMap(([rule, list]) =>
    list.map((c) => ({ name: `${rule}: ${c.name}`, document: c.document })),
  );
