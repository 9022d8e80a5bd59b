// Spectral's testRule, for restguide: a ruleset holding only the rule under test, run on each
// case's document by the lint engine in both modes; the findings (code and path) must be exactly
// the listed ones, and the same in stock and accelerated mode.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ruleset } from '@stoplight/spectral-core';
import { oas3_0, oas3_1 } from '@stoplight/spectral-formats';
import { belgifRules } from '../../rulesets/belgif.js';
import { createLinter } from '../../src/lint/engine/index.js';
import { readSource, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../src/lint/read-source.js';

import type { RuleCase } from '../../rulesets/rules/define.js';
export type { ExpectedFinding, RuleCase } from '../../rulesets/rules/define.js';

/** Runs one rule alone on a document; returns its findings as `{ code, path, message, severity }`. */
export async function runRule(code: string, document: Record<string, unknown>, { accelerated = true } = {}) {
  const rule = belgifRules[code];
  if (!rule) throw new Error(`no rule ${code}`);
  const linter = createLinter({ accelerated });
  const ruleset = new Ruleset({ formats: [oas3_0, oas3_1], rules: { [code]: rule } });
  // An absolute source, so $refs to fixture files resolve (test/fixtures/lint/reuse).
  const parsed = linter.document(JSON.stringify(document, null, 2), join(import.meta.dirname, 'case.json'), true);
  const { results } = await linter.run(parsed, ruleset, (location) =>
    readSource(location, { maxBytes: DEFAULT_MAX_BYTES, timeoutMs: DEFAULT_TIMEOUT_MS }),
  );
  const found = results.map((r) => ({
    code: String(r.code),
    path: [...r.path],
    message: r.message,
    severity: r.severity,
  }));
  // Accelerated mode must reach every case's end without handing work to the stock path.
  if (accelerated && linter.fallbacks.total > 0)
    throw new Error(`${code}: the lint engine fell back: ${linter.fallbacks.lines().join('; ')}`);
  return found;
}

const key = (path: Array<string | number>) => JSON.stringify(path.map(String));

export function testRule(code: string, cases: RuleCase[]): void {
  describe(code, () => {
    for (const testCase of cases) {
      it(testCase.name, async () => {
        const found = await runRule(code, testCase.document);
        // Stock mode (Spectral's public APIs alone) finds the same, in the same words, at the same places.
        expect(await runRule(code, testCase.document, { accelerated: false })).toEqual(found);
        for (const f of found) expect(f.code).toBe(code);
        expect(found.map((f) => key(f.path)).sort()).toEqual(testCase.errors.map((e) => key(e.path)).sort());
        for (const expected of testCase.errors) {
          if (expected.message === undefined) continue;
          const match = found.find((f) => key(f.path) === key(expected.path));
          if (typeof expected.message === 'string') expect(match?.message).toContain(expected.message);
          else expect(match?.message).toMatch(expected.message);
        }
      });
    }
  });
}
