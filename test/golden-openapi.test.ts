// The golden test of --openapi: the profile derived from the reference server's own OpenAPI document gives no
// failure and no error against it, skips only what the document cannot tell, and leaves the seed data as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../src/checks/index.js';
import { deriveProfile, loadOpenApi } from '../src/core/profile/openapi-profile.js';
import type { Profile } from '../src/core/profile/profile.js';
import { runChecks } from '../src/core/engine/runner.js';
import type { CheckReport, CheckResult } from '../src/core/report/types.js';
import { startReferenceServer, type ReferenceServer } from '../src/reference-server/index.js';
import { seedSnapshot, type SeedSnapshot } from './helpers/seed-snapshot.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;
const line = (r: CheckResult) => `${r.status} ${r.id} ${r.resource}: ${r.message}`;

/** Every skip the derived profile may still cause, with why it cannot be derived. */
const ALLOWED_SKIPS = [
  // Which body makes a task fail is the server's own secret: an OpenAPI document declares no failing example.
  'skip task.failed-200 -: not applicable: the target has no task with a failing body',
];

describe('golden --openapi: every check against the reference server, profile derived from its OpenAPI, writes allowed', () => {
  let server: ReferenceServer;
  let profile: Profile;
  let before: SeedSnapshot;
  let after: SeedSnapshot;
  let report: CheckReport;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    profile = deriveProfile(await loadOpenApi(`${server.url}/doc/openapi.json`, process.cwd()));
    before = await seedSnapshot(server.url);
    report = await runChecks(CHECKS, profile, { baseUrl: server.url, allowWrites: true, ...RUN });
    after = await seedSnapshot(server.url);
  }, 90_000);
  afterAll(async () => {
    await server.close();
  });

  it('derives the write targets: a unique create body, its item path, methods and select', () => {
    const employers = profile.collections?.find((c) => c.path === '/employers');
    expect(employers?.itemPath).toBe('/employers/{employerId}');
    expect(employers?.create?.unique).toEqual([
      { path: 'employerId', kind: 'integer', min: 5_399_999_999, max: 5_999_999_998 },
    ]);
    const employer = profile.documents?.find((d) => d.path === '/employers/{employerId}');
    expect(employer).toMatchObject({ select: true, methods: ['GET', 'PUT', 'PATCH', 'DELETE'], update: 'patch' });
    expect(profile.documents?.filter((d) => d.select).map((d) => d.path)).toEqual(['/employers/{employerId}']);
    expect(profile.documents?.find((d) => d.path === '/persons/{ssin}')?.malformedIds).toEqual(['abc', '0']);
  });

  it('has no failure and no error', () => {
    expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error').map(line)).toEqual([]);
    expect(report.summary).toMatchObject({ failed: 0, errored: 0 });
  });

  it('skips only what an OpenAPI document cannot tell (and the auth checks: the server is open)', () => {
    const authSkips = report.results.filter(
      (r) => r.status === 'skip' && r.id.startsWith('auth.') && r.message.startsWith('not applicable'),
    );
    expect(report.results.filter((r) => r.status === 'skip' && !authSkips.includes(r)).map(line)).toEqual(
      ALLOWED_SKIPS,
    );
    expect(report.summary.skipped).toBe(ALLOWED_SKIPS.length + authSkips.length);
  });

  it('passes every registered check but the allowed skips, the write checks included', () => {
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    const skippedIds = [
      ...ALLOWED_SKIPS.map((skip) => skip.split(' ')[1]),
      ...CHECKS.map((c) => c.meta.id).filter((id) => id.startsWith('auth.')),
    ];
    expect(CHECKS.map((check) => check.meta.id).filter((id) => !passed.has(id) && !skippedIds.includes(id))).toEqual(
      [],
    );
    const malformedPassed = report.results
      .filter((r) => r.id === 'id.malformed-400' && r.status === 'pass')
      .map((r) => r.resource);
    expect(malformedPassed).toEqual(expect.arrayContaining(['/companies/{enterpriseNumber}', '/persons/{ssin}']));
    for (const id of [
      'create.created-201',
      'delete.then-404',
      'put.replaces',
      'patch.overwrite',
      'patch.response',
      'select.include',
    ])
      expect(passed).toContain(id);
  });

  it('leaves the seed data as it was', () => {
    expect(Object.keys(before.employers)).toHaveLength(120);
    expect(before.total).toBe(120);
    expect(after.total).toBe(before.total);
    expect(Object.keys(after.employers).sort()).toEqual(Object.keys(before.employers).sort());
    expect(after.employers).toEqual(before.employers);
    expect(after.companies).toEqual(before.companies);
  });
});
