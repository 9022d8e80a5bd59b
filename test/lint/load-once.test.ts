// The built-in ruleset is constructed once per process, however many documents are linted.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { builtinRulesetLoads, lintDocuments, lintObject } from '../../src/lint/index.js';
import { base } from './documents.js';

it('loads the built-in ruleset once for several lint runs', async () => {
  expect(builtinRulesetLoads()).toBe(0);
  const fixture = join(import.meta.dirname, '../fixtures/lint/multi/api.yaml');
  await Promise.all([lintDocuments([fixture]), lintDocuments([fixture, fixture])]);
  await lintObject(base());
  expect(builtinRulesetLoads()).toBe(1);
});
