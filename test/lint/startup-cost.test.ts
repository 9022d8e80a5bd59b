// A small lint's start-up: the built-in ruleset skips Spectral's ruleset-schema validation (a
// quarter of the start-up) because this test proves the definition valid, and Spectral's core
// functions load only for YAML/JSON user rulesets that name them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertValidRuleset } from '@stoplight/spectral-core/ruleset/validation';
import { belgif } from '../../rulesets/belgif.js';
import { documentationCoverage } from '../../rulesets/rules/documentation/oas-doc-coverage.js';
import { defaultValid } from '../../rulesets/rules/values/oas-defaul.js';
import { PACKAGE_ROOT } from '../../src/core/util/version.js';
import { lintDocuments } from '../../src/lint/index.js';
import { BIN, loadedPackages, loadedWith, UNBUNDLED } from '../helpers/loaded-packages.js';

const FIXTURES = join(PACKAGE_ROOT, 'test/fixtures/lint');
const BUILDS: { build: string; entry: string; bundled: boolean }[] = [
  { build: 'bundled', entry: BIN, bundled: true },
  { build: 'unbundled', entry: UNBUNDLED, bundled: false },
];

function loadsCoreFunctions(args: string[], entry: string, bundled: boolean): boolean {
  const run = loadedPackages(args, entry);
  expect(run.bundled).toBe(bundled);
  return loadedWith(run, '@stoplight/spectral-functions').length > 0;
}

describe('lint start-up', () => {
  it("the built-in ruleset definition passes Spectral's own ruleset validation", () => {
    expect(() => assertValidRuleset(belgif as never, 'js')).not.toThrow();
  });

  it("a rule function checks its options when Spectral asks, with Spectral's messages", () => {
    // Called for what it throws: an assertion signature on a destructured name does not compile.
    const validate: (options: unknown) => void = documentationCoverage.validator;
    const messages = (options: unknown): string[] => {
      try {
        validate(options);
        return [];
      } catch (error) {
        return ((error as { errors?: Error[] }).errors ?? [error as Error]).map((e) => e.message);
      }
    };
    expect(messages({ minSummaryWords: 3 })).toEqual([]);
    expect(messages({ minSummaryWords: 0 })).toEqual(['must be >= 1']);
    expect(messages({ minSummaryWords: 3, other: true })).toEqual([
      '"<unknown>" function does not support "other" option',
    ]);
    expect(messages(null)).toHaveLength(1);
    expect(() => defaultValid.validator({ any: 1 })).toThrow(/function does not accept any options/);
    expect(
      documentationCoverage({ openapi: '3.0.3', info: {}, paths: {} } as never, { minSummaryWords: 3 }, {} as never),
    ).toEqual([]);
  });

  it('a user ruleset is still validated by Spectral: a rule with a bad severity is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-ruleset-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'extends: [restguide]\nrules:\n  my-rule:\n    severity: loud\n    given: $.info\n    then:\n      function: truthy\n',
    );
    await expect(lintDocuments([join(FIXTURES, 'multi/api.yaml')], { ruleset: file })).rejects.toThrow(
      /invalid ruleset: the value has to be one of/,
    );
  });

  it.each(BUILDS)(
    "does not load Spectral's core functions for the built-in ruleset ($build)",
    ({ entry, bundled }) => {
      expect(loadsCoreFunctions(['lint', join(FIXTURES, 'reusable.yaml'), '--format', 'json'], entry, bundled)).toBe(
        false,
      );
    },
    60_000,
  );

  it.each(BUILDS)(
    'loads them for a YAML ruleset, so the probe above can fail ($build)',
    ({ entry, bundled }) => {
      expect(
        loadsCoreFunctions(
          [
            'lint',
            join(FIXTURES, 'reusable.yaml'),
            '--format',
            'json',
            '--ruleset',
            join(FIXTURES, 'ruleset-extends.yaml'),
          ],
          entry,
          bundled,
        ),
      ).toBe(true);
    },
    60_000,
  );
});
