// The order of a lint's findings without ICU: the bundled Spectral no longer sorts its results, and
// restguide applies Spectral's order after its own (rule codes compared by UTF-16 units), which is
// what sorting twice gave. A lint of one document then starts none of ICU's services, whose first
// use costs 10 ms (a collator) to 20 ms (number formatting).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { formatCount } from '../../../src/core/report/format-count.js';
import { compareCodes } from '../../../src/core/report/types.js';
import { PACKAGE_ROOT } from '../../../src/core/util/version.js';
import { compareSpectralResults } from '../../../src/lint/engine/result-order.js';
import { random } from '../../helpers/random.js';
import { BIN } from '../../helpers/loaded-packages.js';

const require = createRequire(import.meta.url);
const spectralCore = dirname(require.resolve('@stoplight/spectral-core'));
/** Spectral's own sort (unbundled: unpatched). */
const { compareResults, sortResults } = require(join(spectralCore, 'runner/utils/results.js')) as {
  compareResults(a: ISpectralDiagnostic, b: ISpectralDiagnostic): number;
  sortResults(results: ISpectralDiagnostic[]): ISpectralDiagnostic[];
};

const FIXTURES = join(PACKAGE_ROOT, 'test/fixtures/lint');

/** Seeded results drawn from few values, so that most keys tie with others. */
function results(count: number, seed: number): ISpectralDiagnostic[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const line = pick([0, 1, 2]);
    const character = pick([0, 4]);
    return {
      code: pick(['r2', 'r10', 'jsn-naming', 'oas-exampl', 'a-b', 'ab', 7]),
      message: `m${i}`,
      path: pick([[], ['a'], ['a', 'B'], ['a', 'b'], ['a', 1], ['_x']]),
      severity: 1,
      source: pick([undefined, '/x/a.yaml', '/x/B.yaml', '/x/a-b.yaml']),
      range: { start: { line, character }, end: { line, character: character + 1 } },
    } as ISpectralDiagnostic;
  });
}

describe('finding order', () => {
  it("compares two results as Spectral's own sort does", () => {
    const all = results(400, 1);
    let compared = 0;
    for (const a of all)
      for (const b of all) {
        expect(compareSpectralResults(a, b)).toBe(compareResults(a, b));
        compared++;
      }
    expect(compared).toBe(160_000);
  });

  it("one sort by restguide's order, then Spectral's, gives what Spectral's sort then restguide's gave", () => {
    // restguide's own key: source, start, code; codes of lower-case letters and hyphens (all built-in
    // ones) compare by UTF-16 units as localeCompare compared them in this locale.
    const codes = ['jsn-naming', 'oas-exampl', 'a-b', 'ab', 'sch-allof', 'async-svctype'];
    expect([...codes].sort((a, b) => a.localeCompare(b))).toEqual([...codes].sort(compareCodes));
    const ours =
      (compareCode: (a: string, b: string) => number) =>
      (a: ISpectralDiagnostic, b: ISpectralDiagnostic): number =>
        (a.source ?? '').localeCompare(b.source ?? '') ||
        a.range.start.line - b.range.start.line ||
        a.range.start.character - b.range.start.character ||
        compareCode(String(a.code), String(b.code));
    const oursBefore = ours((a, b) => a.localeCompare(b));
    const oursNow = ours(compareCodes);
    for (let seed = 1; seed <= 50; seed++) {
      const list = results(60, seed).map((r) => ({ ...r, code: String(r.code).replace(/\d+/, '') || 'x' }));
      const before = [...sortResults(list)].sort(oursBefore);
      const now = [...list].sort((a, b) => oursNow(a, b) || compareSpectralResults(a, b));
      expect(now).toEqual(before);
    }
  });

  it("writes counts as toLocaleString('en-US') does", () => {
    for (let n = 0; n < 2_000_000; n += 997) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    for (const n of [0, 999, 1000, 21_500, 1_000_000, Number.MAX_SAFE_INTEGER, -1234, 1.5])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

/** A preload that records the first use of each ICU service (collation, number and date formatting). */
const PROBE = `data:text/javascript,${encodeURIComponent(
  "import { appendFileSync } from 'node:fs';" +
    'const used = (name) => appendFileSync(process.env.RESTGUIDE_TEST_ICU, name + "\\n");' +
    'const wrap = (owner, key, name) => { const real = owner[key]; owner[key] = function (...a) { used(name); return new.target ? Reflect.construct(real, a, new.target) : real.apply(this, a); }; };' +
    "wrap(String.prototype, 'localeCompare', 'localeCompare');" +
    "wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');" +
    "wrap(Date.prototype, 'toLocaleString', 'Date#toLocaleString');" +
    "for (const k of ['Collator', 'NumberFormat', 'DateTimeFormat', 'PluralRules', 'ListFormat', 'RelativeTimeFormat', 'Segmenter']) wrap(Intl, k, 'Intl.' + k);",
)}`;

function icuUsed(args: string[], env: Record<string, string> = {}): string[] {
  const log = join(mkdtempSync(join(tmpdir(), 'restguide-icu-')), 'icu.txt');
  const run = spawnSync(process.execPath, ['--import', PROBE, BIN, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ...env, RESTGUIDE_TEST_ICU: log },
  });
  expect([0, 1], run.stderr).toContain(run.status);
  return existsSync(log) ? [...new Set(readFileSync(log, 'utf8').trim().split('\n'))] : [];
}

describe('a lint of one document starts no ICU service', () => {
  it.each(['json', 'stylish', 'sarif', 'html'])(
    '--format %s, findings from two files and from several rules at one place',
    (format) => {
      expect(icuUsed(['lint', join(FIXTURES, 'multi/api.yaml'), '--format', format])).toEqual([]);
    },
    60_000,
  );

  it("the probe sees ICU where it is used: two documents are listed by file name, in the locale's order", () => {
    expect(
      icuUsed(['lint', join(FIXTURES, 'multi/api.yaml'), join(FIXTURES, 'circular.yaml'), '--format', 'json']),
    ).toEqual(['localeCompare']);
  }, 60_000);
});
