// Spectral's testRule, for restguide: a ruleset holding only the rule under test, run on each
// case's document; the findings (code and path) must be exactly the listed ones.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas3_0, oas3_1 } from '@stoplight/spectral-formats';
import { belgifRules } from '../../rulesets/belgif.js';

export interface ExpectedFinding {
  path: Array<string | number>;
  /** A substring or pattern the message must contain. */
  message?: string | RegExp;
}

export interface RuleCase {
  name: string;
  document: Record<string, unknown>;
  errors: ExpectedFinding[];
}

/** Runs one rule alone on a document; returns its findings as `{ code, path, message, severity }`. */
export async function runRule(code: string, document: Record<string, unknown>) {
  const rule = belgifRules[code];
  if (!rule) throw new Error(`no rule ${code}`);
  const spectral = new Spectral();
  spectral.setRuleset({ formats: [oas3_0, oas3_1], rules: { [code]: rule } });
  // An absolute source, so $refs to fixture files resolve (test/fixtures/lint/reuse).
  const parsed = new Document(JSON.stringify(document, null, 2), Parsers.Json as unknown as typeof Parsers.Yaml, join(import.meta.dirname, 'case.json'));
  const results = await spectral.run(parsed, { ignoreUnknownFormat: true });
  return results.map((r) => ({ code: String(r.code), path: [...r.path], message: r.message, severity: r.severity }));
}

const key = (path: Array<string | number>) => JSON.stringify(path.map(String));

export function testRule(code: string, cases: RuleCase[]): void {
  describe(code, () => {
    for (const testCase of cases) {
      it(testCase.name, async () => {
        const found = await runRule(code, testCase.document);
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
