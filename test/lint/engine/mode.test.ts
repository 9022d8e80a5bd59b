// A lint run hands its mode to the rule functions with the document it lints (src/lint-base/mode.ts):
// each call sees its own run's mode, also while a run of the other mode is under way, and code the
// rule function calls (the schema validator) sees it too. Outside a run, as under spectral-cli, the
// mode is accelerated.
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { describe, expect, it } from 'vitest';
import { createLinter } from '../../../src/lint/index.js';
import { modeOf, modeOfCall } from '../../../src/lint-base/mode.js';
import { ruleFunction } from '../../../src/lint-base/rule-function.js';

/** A ruleset of two rule functions (with options and without) that note the mode each call ran in. */
function noting(seen: string[]): RulesetDefinition {
  const note = (label: string) =>
    function note(_input: unknown, _options: unknown, context: Parameters<typeof modeOf>[0]) {
      seen.push(`${label} ${modeOf(context).accelerated ? 'accelerated' : 'stock'} ${modeOfCall().accelerated}`);
      return [];
    };
  const withOptions = ruleFunction({ type: 'object', additionalProperties: false }, note('with-options'));
  const withoutOptions = ruleFunction(null, note('without-options'));
  return {
    rules: {
      'with-options': { given: '$', then: { function: withOptions, functionOptions: {} } },
      'without-options': { given: '$', then: { function: withoutOptions } },
    },
  } as unknown as RulesetDefinition;
}

describe('the lint mode reaches the rule functions through their context', () => {
  it('two runs of different modes at once: each call sees its own', async () => {
    const seen: string[] = [];
    const definition = noting(seen);
    const run = async (accelerated: boolean) => {
      const linter = createLinter({ accelerated });
      const document = linter.document('openapi: 3.0.3\npaths: {}\n', '/x/api.yaml');
      await linter.run(document, linter.trustedRuleset(definition, '/x/ruleset.js'), () => Promise.resolve(''));
    };
    await Promise.all([run(true), run(false), run(true)]);
    expect(seen.sort()).toEqual([
      'with-options accelerated true',
      'with-options accelerated true',
      'with-options stock false',
      'without-options accelerated true',
      'without-options accelerated true',
      'without-options stock false',
    ]);
  });

  it('outside a run (spectral-cli with the published ruleset): accelerated, fallbacks recorded nowhere', () => {
    expect(modeOf({ document: {} })).toEqual({ accelerated: true });
    expect(modeOf(undefined)).toEqual({ accelerated: true });
    expect(modeOfCall()).toEqual({ accelerated: true });
  });
});
