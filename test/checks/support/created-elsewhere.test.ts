// A created document whose Location is unusable (json-server's `…/employers/undefined`, outside the API path):
// create.location-absolute reports it once; the checks that work on the document reach it by its item path
// and key, judge their own behaviour, and remove it again through a URL inside the API.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/checks/index.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { startReferenceServer } from '../../../src/reference-server/index.js';
import { startProxy } from '../../helpers/proxy.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const DEPENDENTS = [
  'delete.then-404',
  'patch.overwrite',
  'patch.absent-kept',
  'put.replaces',
  'input.unknown-body-property',
];

async function employerCount(url: string): Promise<number> {
  const body = (await (await fetch(`${url}/employers?pageSize=1`)).json()) as { total: number };
  return body.total;
}

describe('a Location outside the API on every 201', () => {
  it('is one finding (create.location-absolute); the dependents test their own rule and clean up by key', async () => {
    const server = await startReferenceServer({ port: 0 });
    const basePath = new URL(server.url).pathname;
    const proxy = await startProxy(server.origin, basePath, (request, response) => {
      if (request.method === 'POST' && response.status === 201) response.headers['location'] = '/employers/undefined';
    });
    closers.push(async () => {
      await proxy.close();
      await server.close();
    });
    const url = `${proxy.origin}${basePath}`;
    const before = await employerCount(url);
    const report = await runChecks(CHECKS, BUILT_IN_PROFILE, {
      baseUrl: url,
      only: ['create.location-absolute', 'create.created-201', ...DEPENDENTS],
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
      concurrency: 4,
    });
    const byId = (id: string) => report.results.filter((r) => r.id === id);
    expect(byId('create.location-absolute').map((r) => r.messageId)).toEqual(['outsideApi']);
    expect(byId('create.created-201')[0]?.message).toContain('see create.location-absolute');
    for (const id of DEPENDENTS)
      expect(
        byId(id).map((r) => [r.status, r.message]),
        id,
      ).toEqual([['pass', expect.any(String)]]);
    expect(report.results.some((r) => r.message.includes('cleanup'))).toBe(false);
    expect(await employerCount(url)).toBe(before);
  }, 60_000);
});
