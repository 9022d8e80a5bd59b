// A small lint's start-up: the built-in ruleset skips Spectral's ruleset-schema validation (a
// quarter of the start-up) because this test proves the definition valid, and Spectral's core
// functions load only for YAML/JSON user rulesets that name them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertValidRuleset } from '@stoplight/spectral-core/ruleset/validation';
import { belgif } from '../../rulesets/belgif.js';
import { PACKAGE_ROOT } from '../../src/core/version.js';
import { lintDocuments } from '../../src/lint/index.js';

const BIN = join(PACKAGE_ROOT, 'bin/restguide.js');
const FIXTURES = join(PACKAGE_ROOT, 'test/fixtures/lint');
const PRELOAD = `data:text/javascript,${encodeURIComponent(
  "import { createRequire } from 'node:module';" +
  "const req = createRequire('/');" +
  "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(Object.keys(req.cache).filter((f) => f.includes('spectral-functions'))) + '\\n'));",
)}`;

function loadsCoreFunctions(args: string[]): boolean {
  const run = spawnSync(process.execPath, ['--import', PRELOAD, BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  if (!line) throw new Error(`no module list: ${run.stderr}`);
  return (JSON.parse(line.slice('LOADED '.length)) as string[]).length > 0;
}

describe('lint start-up', () => {
  it('the built-in ruleset definition passes Spectral\'s own ruleset validation', () => {
    expect(() => assertValidRuleset(belgif as never, 'js')).not.toThrow();
  });

  it('a user ruleset is still validated by Spectral: a rule with a bad severity is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-ruleset-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'extends: [restguide]\nrules:\n  my-rule:\n    severity: loud\n    given: $.info\n    then:\n      function: truthy\n');
    await expect(lintDocuments([join(FIXTURES, 'multi/api.yaml')], { ruleset: file })).rejects.toThrow(/invalid ruleset: the value has to be one of/);
  });

  it('does not load Spectral\'s core functions for the built-in ruleset', () => {
    expect(loadsCoreFunctions(['lint', join(FIXTURES, 'reusable.yaml'), '--format', 'json'])).toBe(false);
  }, 60_000);

  it('loads them for a YAML ruleset (so the probe above can fail)', () => {
    expect(loadsCoreFunctions(['lint', join(FIXTURES, 'reusable.yaml'), '--format', 'json', '--ruleset', join(FIXTURES, 'ruleset-extends.yaml')])).toBe(true);
  }, 60_000);
});
