// The golden test: the reference server passes every registered check with the built-in profile,
// the write checks leave its data as they found it, and a read-only run sends only safe methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../src/checks/index.js';
import { BUILT_IN_PROFILE } from '../src/core/profile/profile.js';
import { runChecks } from '../src/core/engine/runner.js';
import type { CheckReport, CheckResult } from '../src/core/report/types.js';
import { startReferenceServer, type ReferenceServer } from '../src/reference-server/index.js';
import { startProxy, type Proxy } from './helpers/proxy.js';
import { seedSnapshot, type SeedSnapshot } from './helpers/seed-snapshot.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;
const line = (r: CheckResult) => `${r.status} ${r.id} ${r.resource}: ${r.message}`;
// On the open server the auth checks have nothing to judge: each is one "not applicable" skip.
const openServerSkip = (r: CheckResult) =>
  r.id.startsWith('auth.') && r.status === 'skip' && r.message.startsWith('not applicable');
const AUTH_CHECKS = CHECKS.filter((check) => check.meta.id.startsWith('auth.')).length;

describe('golden: every check against the reference server, writes allowed', () => {
  let server: ReferenceServer;
  let before: SeedSnapshot;
  let after: SeedSnapshot;
  let report: CheckReport;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    before = await seedSnapshot(server.url);
    report = await runChecks(CHECKS, BUILT_IN_PROFILE, { baseUrl: server.url, allowWrites: true, ...RUN });
    after = await seedSnapshot(server.url);
  }, 90_000);
  afterAll(async () => {
    await server.close();
  });

  it('passes: no failure, error or skip but the auth checks, and every other registered check passes at least once', () => {
    expect(report.results.filter((r) => r.status !== 'pass' && !openServerSkip(r)).map(line)).toEqual([]);
    expect(report.summary).toMatchObject({ failed: 0, errored: 0, skipped: AUTH_CHECKS });
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    expect(CHECKS.map((check) => check.meta.id).filter((id) => !passed.has(id) && !id.startsWith('auth.'))).toEqual([]);
    expect(report.summary.passed).toBeGreaterThanOrEqual(CHECKS.length - AUTH_CHECKS);
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

describe('golden: a read-only run', () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  const methods = new Map<string, number>();
  let report: CheckReport;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    const basePath = new URL(server.url).pathname;
    // Records every method that reaches the server; changes nothing.
    proxy = await startProxy(server.origin, basePath, (request) => {
      methods.set(request.method, (methods.get(request.method) ?? 0) + 1);
    });
    report = await runChecks(CHECKS, BUILT_IN_PROFILE, {
      baseUrl: `${proxy.origin}${basePath}`,
      allowWrites: false,
      ...RUN,
    });
  }, 90_000);
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('sends only GET, HEAD and OPTIONS', () => {
    expect([...methods.keys()].filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))).toEqual([]);
    expect(methods.get('GET')).toBeGreaterThan(0);
    expect([...methods.values()].reduce((a, b) => a + b, 0)).toBe(report.summary.requests);
  });

  it('skips every write check with "needs --allow-writes"', () => {
    const writers = CHECKS.filter((check) => check.meta.writes).map((check) => check.meta.id);
    expect(writers.length).toBeGreaterThan(0);
    const ofWriters = report.results.filter((r) => writers.includes(r.id));
    expect([...new Set(ofWriters.map((r) => r.id))].sort()).toEqual([...writers].sort());
    expect(ofWriters.filter((r) => r.status !== 'skip' || r.message !== 'needs --allow-writes').map(line)).toEqual([]);
  });

  it('passes every read-only check, with no failure, error or skip', () => {
    const readers = CHECKS.filter((check) => !check.meta.writes && !check.meta.id.startsWith('auth.')).map(
      (check) => check.meta.id,
    );
    const ofReaders = report.results.filter((r) => readers.includes(r.id));
    expect(ofReaders.filter((r) => r.status !== 'pass').map(line)).toEqual([]);
    const passed = new Set(ofReaders.map((r) => r.id));
    expect(readers.filter((id) => !passed.has(id))).toEqual([]);
  });
});

describe("golden: every check against the protected reference server (OAuth2, the guide's 401/403), writes allowed", () => {
  let report: CheckReport;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const { startProtectedDemo } = await import('../src/reference-server/auth/demo.js');
    const { server, auth } = await startProtectedDemo();
    stop = () => server.close();
    report = await runChecks(CHECKS, BUILT_IN_PROFILE, { baseUrl: server.url, allowWrites: true, auth, ...RUN });
  }, 90_000);
  afterAll(async () => {
    await stop();
  });

  it('passes: no failure, error or skip, and every registered check passes at least once', () => {
    expect(report.results.filter((r) => r.status !== 'pass').map(line)).toEqual([]);
    expect(report.summary).toMatchObject({ failed: 0, errored: 0, skipped: 0 });
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    expect(CHECKS.map((check) => check.meta.id).filter((id) => !passed.has(id))).toEqual([]);
  });

  it('never lets an access token into the report', () => {
    // Every JWT starts with a base64url `{"` header: eyJ.
    expect(JSON.stringify(report)).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});
