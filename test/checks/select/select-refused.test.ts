// One cause, one finding (the sixth field pass, Sails' blueprints): an API that refuses the guide's `select=(p)`
// (it reads `select=p,q`) fails select.include, and the other selections say "see select.include"; a 400 that is
// no problem is told once, by problem.media-type. Each fault alone is still reported.
import { describe, expect, it } from 'vitest';
import include from '../../../src/checks/select/include.js';
import exclude from '../../../src/checks/select/exclude.js';
import nested from '../../../src/checks/select/nested.js';
import selfReflects from '../../../src/checks/select/self-reflects-query.js';
import malformed from '../../../src/checks/select/malformed-400.js';
import mediaType from '../../../src/checks/problem/media-type.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { reference } from '../../helpers/check-harness.js';
import type { MutableResponse, Mutator } from '../../helpers/proxy.js';

const CHECKS = [include, exclude, nested, selfReflects, malformed, mediaType];

/** Sails' res.badRequest: a 400 as application/json, no problem. */
function badRequest(res: MutableResponse): void {
  res.status = 400;
  res.headers['content-type'] = 'application/json';
  res.json = { code: 'E_BAD_REQUEST' };
}

async function run(mutate: Mutator, checks = CHECKS): Promise<CheckReport> {
  const running = await reference({ mutate }).start();
  try {
    return await runChecks(checks, BUILT_IN_PROFILE, { baseUrl: running.url, timeoutMs: 5000, deadlineMs: 60_000 });
  } finally {
    await running.close();
  }
}

const lines = (report: CheckReport, status: string) =>
  [
    ...new Set(report.results.filter((r) => r.status === status).map((r) => `${r.id} ${r.messageId ?? ''}`.trim())),
  ].sort();

describe("the guide's select refused", () => {
  it('is select.include once; the other selections see it, the 400 without a problem is problem.media-type', async () => {
    // Every `select` in the guide's grammar is refused by Sails' own parser, its 400 plain JSON.
    const report = await run((req, res) => {
      if (req.path.includes('select=')) badRequest(res);
    });
    expect(lines(report, 'fail')).toEqual(['problem.media-type wrongMediaType', 'select.include notOk']);
    const seeInclude = report.results.filter((r) => [exclude, nested, selfReflects].some((c) => c.meta.id === r.id));
    expect(seeInclude.length).toBeGreaterThan(0);
    for (const result of seeInclude) {
      expect(result.status).toBe('skip');
      expect(result.message).toMatch(/^not verified, see select\.include: /);
    }
    // Every malformed value answered 400: right, and its media type is problem.media-type's.
    const malformedResults = report.results.filter((r) => r.id === malformed.meta.id);
    expect(malformedResults.length).toBeGreaterThan(0);
    for (const result of malformedResults) expect(result.message).toMatch(/see problem\.media-type/);
  }, 60_000);

  it('a nested selection refused alone is still select.nested', async () => {
    const report = await run(
      (req, res) => {
        if (/select=\(\w+\(/.test(req.path)) badRequest(res);
      },
      [include, nested],
    );
    expect(lines(report, 'fail')).toEqual(['select.nested notOk']);
    expect(lines(report, 'pass')).toEqual(['select.include']);
  }, 60_000);

  it('select.malformed-400 alone tells a 400 without a problem once, for every malformed value', async () => {
    const report = await run(
      (req, res) => {
        if (req.path.includes('select=') && res.status === 400) badRequest(res);
      },
      [malformed],
    );
    const found = report.results.filter((r) => r.status === 'fail');
    expect(found.length).toBeGreaterThan(0);
    for (const result of found) {
      expect(result.messageId).toBe('notProblem');
      expect(result.message).toMatch(/answered 400 with application\/json .*\(and 4 more select values alike\)\.$/);
    }
    // One finding per document, not one per value.
    expect(new Set(found.map((r) => r.resource)).size).toBe(found.length);
  }, 60_000);
});
