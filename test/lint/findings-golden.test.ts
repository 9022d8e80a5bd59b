// The speed work must not change what the ruleset finds: the findings (and ignored findings) of a
// large legacy-style YAML document are compared line by line with a golden file made by the code
// before that work, in both lint engine modes. `UPDATE_GOLDEN=1` rewrites it (only when a rule's
// semantics change on purpose).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { LintFinding } from '../../src/core/report/types.js';
import { createLinter, lintDocuments } from '../../src/lint/index.js';
import { generateLegacyDocument } from './legacy-document.js';

const GOLDEN = join(import.meta.dirname, '../fixtures/lint/golden/legacy-findings.txt');

const line = (f: LintFinding, kind: string) =>
  `${kind} ${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character} ${f.severity} ${f.code} ${JSON.stringify(f.path)} ${f.message}`;

it.each([
  ['accelerated', true],
  ['stock', false],
])(
  '%s mode finds exactly the golden findings on a large legacy document',
  async (_mode, accelerated) => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-golden-'));
    try {
      const file = join(dir, 'legacy.yaml');
      writeFileSync(file, stringify(generateLegacyDocument(60), { aliasDuplicateObjects: false }));
      const report = await lintDocuments([file], { linter: createLinter({ accelerated }) });
      for (const f of [...report.findings, ...report.ignored]) expect(f.source).toBe(file);
      const actual =
        [...report.findings.map((f) => line(f, 'F')), ...report.ignored.map((f) => line(f, 'I'))].join('\n') + '\n';
      if (process.env.UPDATE_GOLDEN && accelerated) writeFileSync(GOLDEN, actual);
      const expected = readFileSync(GOLDEN, 'utf8');
      expect(report.findings.length).toBeGreaterThan(1000);
      expect(actual.split('\n')).toEqual(expected.split('\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);
