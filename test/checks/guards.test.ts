// The requires guards: read from the profile only, they decide which resources a check runs on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { HttpClient } from '../../src/core/http/http-client.js';
import { BUILT_IN_PROFILE, resolveTarget, type Profile } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { resourcesOf, type Target } from '../../src/core/profile/target.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';

const guarded = CHECKS.filter((check) => check.requires !== undefined);

/** Which built-in resources each guarded check runs on: the profile's facts, written out. */
const BUILT_IN_APPLIES: Record<string, string[]> = {
  // A run without credentials treats the API as open: the auth checks apply to nothing.
  'auth.expired-token': [],
  'auth.invalid-token': [],
  'auth.missing-scope': [],
  'auth.no-token': [],
  'auth.open-resources': [],
  'collection.empty-result': ['/companies', '/employers'],
  'collection.item-key': ['/appendices/employerclasses', '/companies', '/employers'],
  'collection.repeated-param': ['/companies', '/employers'],
  'controller.get-safe': ['/convertMoney'],
  'create.created-201': ['/employers'],
  'create.duplicate-409': ['/employers'],
  'create.location-absolute': ['/employers'],
  'delete.absent-404': ['/employers/{employerId}'],
  'delete.collection-filtered': ['/employers'],
  'delete.then-404': ['/employers/{employerId}'],
  'embed.embedded-map': ['/appendices/employerclasses', '/employers'],
  'filter.equality': ['/companies', '/employers'],
  'filter.full-text-q': ['/employers'],
  'filter.params-and': ['/employers'],
  'filter.repeated-or': ['/companies', '/employers'],
  'http.status-matrix': ['/'],
  'http.caching': ['/employers/{employerId}'],
  'http.header-names-case-insensitive': ['/'],
  'http.last-modified-with-etag': ['/'],
  'http.no-x-headers': ['/'],
  'http.unsupported-media-type-415': ['/employers'],
  'id.absent-404': ['/employers/{employerId}'],
  'id.issue-in-path': ['/employers/{employerId}'],
  'id.leading-zeros': ['/employers/{employerId}'],
  'id.malformed-400': ['/employers/{employerId}'],
  'input.declared-body': ['/employers'],
  'input.malformed-json': ['/'],
  'input.unknown-body-property': ['/'],
  'input.unknown-header-accepted': ['/'],
  'input.unknown-query-param': ['/'],
  'input.wrong-type': ['/'],
  'json.media-type': ['/'],
  'json.no-null': ['/'],
  'json.property-names': ['/'],
  'paging.cursor': ['/companies'],
  'paging.page-one-based': ['/appendices/employerclasses', '/employers'],
  'patch.absent-kept': ['/employers/{employerId}'],
  'patch.json-patch-415': ['/employers/{employerId}'],
  'patch.media-types': ['/employers/{employerId}'],
  'patch.nested-merge': ['/employers/{employerId}'],
  'patch.null-removes': ['/employers/{employerId}'],
  'patch.overwrite': ['/employers/{employerId}'],
  'patch.response': ['/employers/{employerId}'],
  'patch.stale-if-match': ['/employers/{employerId}'],
  'put.absent-optional-default': ['/employers/{employerId}'],
  'put.replaces': ['/employers/{employerId}'],
  'put.stale-if-match': ['/employers/{employerId}'],
  'select.exclude': ['/employers/{employerId}'],
  'select.include': ['/employers/{employerId}'],
  'select.malformed-400': ['/employers/{employerId}'],
  'select.nested': ['/employers/{employerId}'],
  'select.self-reflects-query': ['/employers/{employerId}'],
  'sort.ascending': ['/employers'],
  'sort.descending': ['/employers'],
  'sort.guide-param': ['/employers'],
  'sort.multiple-keys': ['/employers'],
  'sort.unknown-property-400': ['/employers'],
  'task.failed-200': ['/images/tasks'],
};

/** One resource of each kind with nothing optional: no guard lets it through. */
const BARE: Profile = {
  collections: [{ path: '/things' }],
  documents: [{ path: '/things/{id}' }],
  tasks: [{ path: '/jobs', body: {} }],
  controllers: [{ path: '/sendThing', method: 'POST' }],
};

let reference: ReferenceServer;
let target: Target;
beforeAll(async () => {
  reference = await startReferenceServer({ port: 0 });
  const client = new HttpClient({ baseUrl: reference.url, allowWrites: false, timeoutMs: 5000, concurrency: 2 });
  try {
    target = await resolveTarget(BUILT_IN_PROFILE, client);
  } finally {
    await client.close();
  }
});
afterAll(async () => {
  await reference.close();
});

describe('requires guards', () => {
  it('are declared by exactly the checks listed here', () => {
    expect(guarded.map((check) => check.meta.id)).toEqual(Object.keys(BUILT_IN_APPLIES).sort());
  });

  it.each(guarded.map((check) => [check.meta.id, check] as const))(
    '%s applies to the expected built-in resources',
    (id, check) => {
      const applies = resourcesOf(target, check.appliesTo)
        .filter((resource) => check.requires?.test(resource as never, target))
        .map((r) => r.path)
        .sort();
      expect(applies).toEqual(BUILT_IN_APPLIES[id]);
    },
  );

  it('keep the write checks off a document whose methods lack them, and the select checks off one without select', async () => {
    const client = new HttpClient({ baseUrl: reference.url, allowWrites: false, timeoutMs: 5000, concurrency: 2 });
    let readOnly: Target;
    try {
      readOnly = await resolveTarget(
        {
          ...BUILT_IN_PROFILE,
          documents: (BUILT_IN_PROFILE.documents ?? []).map((document) => ({
            ...document,
            methods: ['GET'],
            select: false,
          })),
        },
        client,
      );
    } finally {
      await client.close();
    }
    const document = readOnly.documents[0];
    const applying = guarded
      .filter((check) => check.appliesTo === 'document' && check.requires?.test(document as never, readOnly))
      .map((check) => check.meta.id);
    expect(applying).toEqual([
      'http.caching',
      'id.absent-404',
      'id.issue-in-path',
      'id.leading-zeros',
      'id.malformed-400',
    ]);
  });

  it('turn every guarded check into one not-applicable skip on bare resources, before any request', async () => {
    let server: FixtureServer | undefined;
    try {
      server = await startFixture((_req, res) => sendJson(res, 200, { items: [] }));
      // Resource guards see bare resources; the API-wide guards see a target with no resource at all.
      const perResource = guarded.filter((check) => check.appliesTo !== 'api');
      const apiWide = guarded.filter((check) => check.appliesTo === 'api');
      const report = await runChecks(perResource, BARE, { baseUrl: server.url, allowWrites: true, timeoutMs: 2000 });
      const empty = await runChecks(apiWide, {}, { baseUrl: server.url, allowWrites: true, timeoutMs: 2000 });
      const lines = [...report.results, ...empty.results]
        .map((r) => `${r.id} ${r.status} ${r.resource} ${r.message}`)
        .sort();
      expect(lines).toEqual(
        guarded
          .map((check) => `${check.meta.id} skip - not applicable: the target has no ${check.requires?.what ?? '?'}`)
          .sort(),
      );
      expect(apiWide.length).toBeGreaterThan(0);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server?.close();
    }
  });
});
