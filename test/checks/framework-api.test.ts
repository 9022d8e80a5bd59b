// Every check against APIs built the way ordinary frameworks build them, each with its own generated OpenAPI
// document: each departure from the guide's shape is one failing check with its evidence, the checks that need the
// guide's shape are not verified pointing at it, and nothing the API does have is reported not applicable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import type { CheckReport, CheckResult } from '../../src/core/report/types.js';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { frameworkDocument, startFrameworkApi, type FrameworkApiOptions } from '../helpers/framework-api.js';
import { ACCOUNTS, nestedDocument, startNestedApi } from '../helpers/nested-api.js';
import { rebase } from '../../src/core/profile/base-path.js';
import { tallyOperations } from '../../src/check-command/recordings.js';

const line = (r: CheckResult) => `${r.status} ${r.id} ${r.resource}: ${r.message}`;
const inAreas = (report: CheckReport, ...areas: string[]) =>
  report.results.filter((r) => areas.some((area) => r.id.startsWith(`${area}.`)));

async function runAll(options: FrameworkApiOptions): Promise<{ server: FixtureServer; report: CheckReport }> {
  const server = await startFrameworkApi(options);
  const report = await runChecks(CHECKS, deriveProfile(frameworkDocument(options)), {
    baseUrl: server.url,
    allowWrites: false,
    timeoutMs: 5000,
    deadlineMs: 60_000,
  });
  return { server, report };
}

describe('an API listing under `results`, paged by offset/limit, with a `lang` enum it does not translate', () => {
  let server: FixtureServer;
  let report: CheckReport;
  beforeAll(async () => ({ server, report } = await runAll({ listUnder: 'results', paging: 'offset-limit' })), 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('fails collection.items-array once, naming `results`, with the answer as evidence', () => {
    const failing = report.results.filter((r) => r.id === 'collection.items-array' && r.status === 'fail');
    expect(failing.map((r) => r.messageId)).toEqual(['listedUnder']);
    expect(failing[0]?.message).toMatch(/lists its items under `results`; the guide says `items`/);
    expect(failing[0]?.evidence[0]?.response?.status).toBe(200);
  });

  it('the checks that need `items` are not verified, see collection.items-array', () => {
    const dependents = [
      'collection.item-href',
      'collection.item-key',
      'collection.self-link',
      'collection.empty-result',
      'filter.equality',
      'filter.repeated-or',
    ];
    for (const id of dependents) {
      const result = report.results.find((r) => r.id === id);
      expect(result && line(result), id).toMatch(/^skip .*not verified, see collection\.items-array$/);
    }
    // Two filters combining are judged on the list whatever its name: this API combines them with AND.
    expect(report.results.find((r) => r.id === 'filter.params-and')?.status).toBe('pass');
  });

  it('fails paging.guide-params once; the other paging checks are not verified, see paging.guide-params', () => {
    const paging = inAreas(report, 'paging').filter((r) => r.id !== 'paging.cursor');
    expect(paging.filter((r) => r.status === 'fail').map((r) => `${r.id} ${r.messageId ?? ''}`)).toEqual([
      'paging.guide-params foreign',
    ]);
    for (const result of paging.filter((r) => r.id !== 'paging.guide-params'))
      expect(line(result)).toMatch(/^skip .*`offset` and `limit`.*not verified, see paging\.guide-params$/);
  });

  it('reports nothing the API has as not applicable, and no error', () => {
    // Truly absent: cursor paging, full-text search, sortable properties, embed and select.
    const absent = /^(paging\.cursor|filter\.full-text-q)$/;
    const notApplicable = inAreas(report, 'collection', 'paging', 'filter').filter(
      (r) => r.message.startsWith('not applicable') && !absent.test(r.id),
    );
    expect(notApplicable.map(line)).toEqual([]);
    expect(report.results.filter((r) => r.status === 'error').map(line)).toEqual([]);
  });

  it('demands no Content-Language of an untranslated API whose `lang` parameter lists languages', () => {
    expect(
      inAreas(report, 'i18n')
        .filter((r) => r.status === 'fail')
        .map(line),
    ).toEqual([]);
    expect(report.results.find((r) => r.id === 'i18n.content-language')?.message).toMatch(/nothing is localized/);
  });
});

describe('an API listing under `items`, paged by Skip/Take, with a SortOrder parameter', () => {
  let server: FixtureServer;
  let report: CheckReport;
  beforeAll(async () => ({ server, report } = await runAll({ listUnder: 'items', paging: 'skip-take' })), 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('takes Skip, Take and SortOrder for paging and sorting, not filters: no false empty-result alarm', () => {
    const emptyResult = report.results.find((r) => r.id === 'collection.empty-result');
    expect(emptyResult?.status).toBe('pass');
    expect(
      report.results
        .filter((r) => r.id !== 'input.declared-params')
        .filter((r) => /Skip=restguide|Take=restguide|SortOrder=restguide/.test(r.message))
        .map(line),
    ).toEqual([]);
  });

  it('reports each declared parameter that takes a value its schema refuses once, and not the paging ones', () => {
    const taken = report.results
      .filter((r) => r.id === 'input.declared-params' && r.status === 'fail')
      .map((r) => `${r.messageId ?? ''} ${/parameter (\w+)/.exec(r.message)?.[1] ?? ''}`);
    expect(taken.sort()).toEqual(['accepted SortOrder', 'accepted active', 'accepted lang']);
  });

  it('reads the business key `id` (the item path parameter) and finds it on every item', () => {
    expect(report.results.find((r) => r.id === 'collection.item-key')?.status).toBe('pass');
  });

  it('fails paging.guide-params once for Skip/Take; the other paging checks are not verified', () => {
    const paging = inAreas(report, 'paging').filter((r) => r.id !== 'paging.cursor');
    expect(paging.filter((r) => r.status === 'fail').map((r) => r.message)).toEqual([
      expect.stringMatching(/pages with `Skip` and `Take`; the guide says `page` and `pageSize`/),
    ]);
    expect(paging.filter((r) => r.status === 'pass').map(line)).toEqual([]);
  });
});

describe('offset/limit paging that only the answers show (the profile declares no paging)', () => {
  let server: FixtureServer;
  let report: CheckReport;
  beforeAll(async () => {
    server = await startFrameworkApi({ listUnder: 'items', paging: 'offset-limit' });
    const paging = CHECKS.filter((check) => check.meta.id.startsWith('paging.'));
    report = await runChecks(
      paging,
      { collections: [{ path: '/PublicationTypes', key: 'id' }] },
      { baseUrl: server.url, allowWrites: false, timeoutMs: 5000, deadlineMs: 30_000 },
    );
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('reads the scheme from the `next` link: one paging.guide-params failure, the other paging checks not verified', () => {
    expect(report.results.filter((r) => r.status === 'fail').map((r) => r.message)).toEqual([
      expect.stringMatching(/pages with `offset` and `limit`/),
    ]);
    const others = report.results.filter(
      (r) => r.id !== 'paging.guide-params' && !r.message.startsWith('not applicable'),
    );
    expect(others.length).toBeGreaterThan(3);
    for (const result of others) expect(line(result)).toMatch(/not verified, see paging\.guide-params$/);
  });
});

describe('an API answering its list as a bare array', () => {
  let server: FixtureServer;
  let report: CheckReport;
  beforeAll(async () => ({ server, report } = await runAll({ listUnder: 'bare', paging: 'offset-limit' })), 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('fails collection.is-object once; the checks that need the collection object are not verified, see collection.is-object', () => {
    expect(
      report.results
        .filter((r) => r.id.startsWith('collection.') && r.status === 'fail')
        .map((r) => `${r.id} ${r.messageId ?? ''}`),
    ).toEqual(['collection.is-object notObject']);
    for (const id of [
      'collection.items-array',
      'collection.item-href',
      'collection.item-key',
      'collection.self-link',
      'filter.equality',
    ]) {
      const result = report.results.find((r) => r.id === id);
      expect(result && line(result), id).toMatch(/^skip .*not verified, see collection\.is-object$/);
    }
  });
});

describe('a Twilio-style API: `.json` item paths and a collection nested under its parent key', () => {
  let server: FixtureServer;
  let report: CheckReport;
  beforeAll(async () => {
    const options = { listsAccounts: true };
    server = await startNestedApi(options);
    const { document, baseUrl } = rebase(nestedDocument(options), server.url);
    report = await runChecks(CHECKS, deriveProfile(document), {
      baseUrl: baseUrl ?? server.url,
      allowWrites: false,
      timeoutMs: 5000,
      deadlineMs: 60_000,
      operations: tallyOperations(document),
    });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('reads the nested collection and its items at the concrete paths the parent lists', () => {
    const exercised = (path: string) =>
      report.coverage?.operations?.find((o) => o.method === 'GET' && o.path === path)?.exchanges ?? 0;
    for (const path of [
      '/Accounts.json',
      '/Accounts/{Sid}.json',
      '/Accounts/{AccountSid}/Calls.json',
      '/Accounts/{AccountSid}/Calls/{Sid}.json',
    ])
      expect(exercised(path), path).toBeGreaterThan(0);
    expect(report.coverage?.resources).toEqual({ collections: 3, documents: 3, tasks: 0, controllers: 0 });
  });

  it('judges the nested collection as any other: its list under `calls` is one finding per collection', () => {
    const listedUnder = report.results
      .filter((r) => r.id === 'collection.items-array' && r.status === 'fail')
      .map((r) => `${r.resource}: ${r.message.replace(/^.*lists its items under /, '')}`);
    expect(listedUnder).toEqual([
      '/Accounts.json: `accounts`; the guide says `items`.',
      `/Accounts/${ACCOUNTS[0]}/Calls.json: \`calls\`; the guide says \`items\`.`,
      `/Accounts/${ACCOUNTS[1]}/Calls.json: \`calls\`; the guide says \`items\`.`,
    ]);
    // Each listed call is read at its own URL.
    expect(report.results.filter((r) => r.id === 'http.get-document' && r.status === 'fail')).toEqual([]);
  });
});
