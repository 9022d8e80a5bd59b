// A framework that refuses bad input correctly but in its own way (Django REST framework's `{"field": [...]}`
// body, FastAPI's 422 for every invalid input) is one cause: it is told once, and the other input checks point at
// the result that tells it instead of repeating it per member, parameter or check.
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { selectChecks } from '../../src/core/engine/select-checks.js';
import type { CheckReport, CheckResult } from '../../src/core/report/types.js';
import { isObject } from '../../src/core/util/json.js';
import { reference, type ServerFactory } from '../helpers/check-harness.js';
import type { Mutator } from '../helpers/proxy.js';

const line = (r: CheckResult) => `${r.status} ${r.id} ${r.messageId ?? ''} ${r.message}`;

async function run(ids: string[], server: ServerFactory): Promise<CheckReport> {
  const running = await server.start();
  try {
    return await runChecks(
      // These checks as --only names them: the run is the one a user asks for.
      selectChecks(CHECKS, ids),
      BUILT_IN_PROFILE,
      { baseUrl: running.url, allowWrites: true, timeoutMs: 5000, deadlineMs: 40_000, concurrency: 4 },
    );
  } finally {
    await running.close();
  }
}

/** Django REST framework's error bodies: `{"member": ["message"]}` for bad input, `{"detail": ...}` otherwise. */
const drfErrors: Mutator = (req, res) => {
  if (res.status < 400 || !isObject(res.json)) return;
  // Django's own HTML page for a path outside the router: another handler, another problem.media-type result.
  if (req.path.includes('restguideUnknown')) {
    res.headers['content-type'] = 'text/html';
    res.text = '<!doctype html><title>Not Found</title>';
    return;
  }
  const issues = Array.isArray(res.json['issues']) ? res.json['issues'] : [];
  const fields = issues.filter(isObject).map((issue) => [String(issue['name']), [String(issue['detail'])]]);
  res.json = fields.length > 0 ? Object.fromEntries(fields) : { detail: String(res.json['title']) };
  res.headers['content-type'] = 'application/json';
};

/** FastAPI's validation handler: every 400 becomes 422 (the body left a problem, so only the status differs). */
const fastapiStatus =
  (also?: (path: string) => number | undefined): Mutator =>
  (req, res) => {
    const other = also?.(req.path);
    if (other !== undefined && res.status === 400) res.status = other;
    else if (res.status === 400) res.status = 422;
  };

const failing = (report: CheckReport) => report.results.filter((r) => r.status === 'fail');

describe("a framework's own 400 body (Django REST framework's shape)", () => {
  it("is problem.media-type's one finding: declared-body and declared-params point at it", async () => {
    const report = await run(
      ['problem.media-type', 'input.declared-body', 'input.declared-params'],
      reference({ mutate: drfErrors }),
    );
    expect(failing(report).map((r) => r.id)).toEqual(['problem.media-type', 'problem.media-type']);
    // Every bad body member and parameter was refused with 400, which is each check's own to judge (the eighth
    // and ninth field passes: bounds, patterns, enums and booleans on five APIs went unjudged behind
    // problem.media-type).
    for (const id of ['input.declared-body', 'input.declared-params']) {
      const results = report.results.filter((r) => r.id === id);
      expect(results.length, id).toBeGreaterThan(0);
      for (const result of results)
        expect(line(result)).toMatch(
          /^pass .*\(not verified where problem\.media-type failed: see problem\.media-type\)$/,
        );
    }
  }, 60_000);

  it('a parameter taken behind the same 400 bodies still fails input.declared-params (field: Express)', async () => {
    // An enum filter the API ignores: the run's bad value gets the list, 200.
    const ignoresEnum = (req: { path: string }) =>
      req.path.includes('=restguideNotInEnum') ? { path: req.path.split('?')[0] ?? req.path } : undefined;
    const report = await run(
      ['problem.media-type', 'input.declared-params'],
      reference({ mutate: drfErrors, rewrite: ignoresEnum }),
    );
    expect(failing(report).map((r) => `${r.id} ${r.messageId ?? ''}`)).toContain('input.declared-params accepted');
  }, 60_000);

  it('is not repeated by the unknown-input and wrong-type checks (field: hapi, express-openapi-validator)', async () => {
    const ids = ['input.unknown-query-param', 'input.unknown-body-property', 'input.wrong-type'];
    const report = await run(['problem.media-type', ...ids], reference({ mutate: drfErrors }));
    expect(failing(report).map((r) => r.id)).toEqual(['problem.media-type', 'problem.media-type']);
    for (const id of ids) {
      const results = report.results.filter((r) => r.id === id);
      expect(results.length, id).toBeGreaterThan(0);
      // Its 400 is right: only the body is not verified, where problem.media-type failed.
      for (const result of results) expect(line(result)).toMatch(/^(skip|pass) .*see problem\.media-type/);
    }
    // Run alone, each still tells that its 400 is no problem.
    const alone = await run(ids, reference({ mutate: drfErrors }));
    expect(
      failing(alone)
        .map((r) => `${r.id} ${r.messageId ?? ''}`)
        .sort(),
    ).toEqual(ids.map((id) => `${id} notProblem`).sort());
  }, 60_000);

  it('without problem.media-type in the run, is one finding per check and collection, counting the others', async () => {
    const report = await run(['input.declared-body', 'input.declared-params'], reference({ mutate: drfErrors }));
    const found = failing(report).map((r) => `${r.id} ${r.resource} ${r.messageId ?? ''}`);
    expect(found).toEqual([...new Set(found)]);
    expect(found.sort()).toEqual(['input.declared-body /employers notProblem', 'input.declared-params / notProblem']);
    expect(failing(report).find((r) => r.id === 'input.declared-body')?.message).toMatch(
      /answered 400 with application\/json instead of a problem.*\(and \d+ more of its members alike\)/,
    );
  }, 60_000);
});

describe("a framework's one validation status (FastAPI's 422)", () => {
  const ids = [
    'input.declared-params',
    'id.malformed-400',
    'input.declared-body',
    'input.malformed-json',
    'input.wrong-type',
    'input.unknown-body-property',
    // Flask's one 422 handler for an unknown query parameter too (the fourth field pass).
    'input.unknown-query-param',
  ];

  it("is input.declared-params' one finding: the other input checks point at it", async () => {
    const report = await run(ids, reference({ mutate: fastapiStatus() }));
    expect(failing(report).map(line)).toEqual([
      expect.stringMatching(/^fail input\.declared-params not400 .*answered 422 instead of 400/),
    ]);
    for (const id of ids.slice(1)) {
      const results = report.results.filter((r) => r.id === id);
      expect(results.length, id).toBeGreaterThan(0);
      for (const result of results) expect(line(result)).toMatch(/see input\.declared-params/);
    }
  }, 60_000);

  it('is not repeated by paging.invalid-params for a malformed page size (field: FastAPI, tsoa)', async () => {
    const report = await run(
      ['input.declared-params', 'paging.invalid-params'],
      reference({ mutate: fastapiStatus() }),
    );
    expect(failing(report).map((r) => `${r.id} ${r.messageId ?? ''}`)).toEqual(['input.declared-params not400']);
    const paging = report.results.filter(
      (r) => r.id === 'paging.invalid-params' && /see input\.declared-params/.test(r.message),
    );
    expect(paging.length).toBeGreaterThan(0);
  }, 60_000);

  it('leaves a malformed id answered otherwise (404) to its own finding', async () => {
    const report = await run(
      ids.slice(0, 2),
      reference({ mutate: fastapiStatus((path) => (/^\/employers\/[^/?]+/.test(path) ? 404 : undefined)) }),
    );
    expect(
      failing(report)
        .map((r) => `${r.id} ${r.messageId ?? ''}`)
        .sort(),
    ).toEqual(['id.malformed-400 not400', 'input.declared-params not400']);
  }, 60_000);
});
