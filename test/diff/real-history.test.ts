// A real change of a real document: belgif's problem-v1.yaml at two commits (see the fixture's README).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../src/diff/index.js';

const DIR = join(import.meta.dirname, '../fixtures/diff/belgif-openapi-problem');

describe('restguide diff on belgif/openapi-problem history', () => {
  it('finds what commit fbf75ed changed: one property dropped, two schemas deprecated, two added', async () => {
    const report = await diffDocuments('problem-v1.3c246b1.yaml', 'problem-v1.fbf75ed.yaml', { cwd: DIR });
    const summary = report.findings.map((f) => [f.code, f.severity, f.path.join('/')]);
    expect(summary).toEqual([
      ['evo-deprec-deprecated', 2, 'components/schemas/InvalidParamProblem'],
      // InvalidParam.reason is gone: a client reading invalidParams[].reason breaks (the version stayed ${project.version}).
      ['evo-compat-response-property-removed', 0, 'components/schemas/InvalidParam'],
      ['evo-deprec-deprecated', 2, 'components/schemas/InvalidParam'],
      ['evo-compat-component-added', 2, 'components/schemas/InputValidationProblem'],
      ['evo-compat-component-added', 2, 'components/schemas/InputValidationIssue'],
    ]);
    const removed = report.findings[1]!;
    expect(removed.message).toContain('property `reason` removed');
    expect(removed.old.range.start.line + 1).toBe(83); // `reason:` in the old file
    expect(report.majorChanged).toBe(false);
  });

  it('reads the same pair backwards without crashing: additions become removals', async () => {
    const report = await diffDocuments('problem-v1.fbf75ed.yaml', 'problem-v1.3c246b1.yaml', { cwd: DIR });
    expect(report.findings.filter((f) => f.severity === 0).map((f) => f.code)).toEqual([
      'evo-compat-component-removed',
      'evo-compat-component-removed',
    ]);
  });
});
