// The write checks, run together against the reference server, leave its data as they found it.
import { describe, expect, it } from 'vitest';
import createdTo201 from '../../../src/checks/create/created-201.js';
import duplicate409 from '../../../src/checks/create/duplicate-409.js';
import locationAbsolute from '../../../src/checks/create/location-absolute.js';
import absent404 from '../../../src/checks/delete/absent-404.js';
import collectionFiltered from '../../../src/checks/delete/collection-filtered.js';
import then404 from '../../../src/checks/delete/then-404.js';
import absentKept from '../../../src/checks/patch/absent-kept.js';
import jsonPatch415 from '../../../src/checks/patch/json-patch-415.js';
import mediaTypes from '../../../src/checks/patch/media-types.js';
import nestedMerge from '../../../src/checks/patch/nested-merge.js';
import nullRemoves from '../../../src/checks/patch/null-removes.js';
import overwrite from '../../../src/checks/patch/overwrite.js';
import patchResponse from '../../../src/checks/patch/response.js';
import patchStale from '../../../src/checks/patch/stale-if-match.js';
import absentOptionalDefault from '../../../src/checks/put/absent-optional-default.js';
import replaces from '../../../src/checks/put/replaces.js';
import putStale from '../../../src/checks/put/stale-if-match.js';
import type { AnyCheck } from '../../../src/core/engine/define-check.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { startReferenceServer } from '../../../src/reference-server/index.js';
import { WRITE_PROFILE } from './support/write-profile.js';

const WRITE_CHECKS = [
  createdTo201,
  duplicate409,
  locationAbsolute,
  absent404,
  collectionFiltered,
  then404,
  absentKept,
  jsonPatch415,
  mediaTypes,
  nestedMerge,
  nullRemoves,
  overwrite,
  patchResponse,
  patchStale,
  absentOptionalDefault,
  replaces,
  putStale,
] as AnyCheck[];

/** Every employer in full, keyed by href (the seed has 120). */
async function snapshot(url: string): Promise<Record<string, unknown>> {
  const pages = await Promise.all(
    [1, 2, 3].map(async (page) => (await fetch(`${url}/employers?pageSize=50&page=${page}&embed=items`)).json()),
  );
  return Object.assign({}, ...pages.map((page) => (page as { embedded?: Record<string, unknown> }).embedded)) as Record<
    string,
    unknown
  >;
}

describe('write checks', () => {
  it('pass against the reference server and leave every employer as it was', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const before = await snapshot(server.url);
      expect(Object.keys(before)).toHaveLength(120);
      const report = await runChecks(WRITE_CHECKS, WRITE_PROFILE, {
        baseUrl: server.url,
        allowWrites: true,
        timeoutMs: 5000,
      });
      expect(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip')).toEqual([]);
      expect(await snapshot(server.url)).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('are refused without --allow-writes', async () => {
    const server = await startReferenceServer({ port: 0 });
    try {
      const report = await runChecks(WRITE_CHECKS, WRITE_PROFILE, { baseUrl: server.url, timeoutMs: 5000 });
      expect(new Set(report.results.map((r) => r.message))).toEqual(new Set(['needs --allow-writes']));
      expect(WRITE_CHECKS.every((check) => check.meta.writes)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
