// One fault of a check on many resources is one result in every format (src/core/engine/fold-findings.ts, foldReport),
// while baselines, written and read per resource, keep matching what they matched before.
import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { applyCheckBaseline, checkBaselineOf } from '../../src/core/report/baseline.js';
import { faultOf, foldAcrossResources, foldReport } from '../../src/core/engine/fold-findings.js';
import type { CheckReport, CheckResult } from '../../src/core/report/types.js';
import { CHECK_FORMATS } from '../../src/reporters/formats.js';
import { startAnimalsApi } from '../helpers/animals-api.js';
import type { FixtureServer } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';

const listedUnder = (origin: string, name: string, extra: Partial<CheckResult> = {}): CheckResult => ({
  id: 'collection.items-array',
  rule: 'col-repres',
  severity: 'error',
  status: 'fail',
  resource: `/${name}`,
  messageId: 'listedUnder',
  message: `The collection ${origin}/${name}?pageSize=3 lists its items under \`results\`; the guide says \`items\`.`,
  evidence: [
    {
      request: { method: 'GET', url: `${origin}/${name}?pageSize=3`, headers: {} },
      response: { status: 200, headers: {} },
      curl: `curl -i '${origin}/${name}?pageSize=3'`,
    },
  ],
  ...extra,
});

describe('foldAcrossResources', () => {
  const origin = 'http://127.0.0.1:9';
  it('folds one fault of a check on three resources into one result with count, urls and resources', () => {
    const [folded, ...rest] = foldAcrossResources(['cats', 'dogs', 'birds'].map((n) => listedUnder(origin, n)));
    expect(rest).toEqual([]);
    expect(folded).toMatchObject({
      resource: '/cats',
      count: 3,
      urls: ['cats', 'dogs', 'birds'].map((n) => `${origin}/${n}?pageSize=3`),
      resources: ['/cats', '/dogs', '/birds'],
    });
    expect(folded?.message).toMatch(
      /under `results`; the guide says `items` \(seen on 3 URLs: .*\/cats.*\/dogs.*\/birds/,
    );
    expect(folded?.evidence).toHaveLength(3);
  });

  it('folds a list under a name of each resource (`accounts`, `calls`): one convention of the API', () => {
    const named = ['accounts', 'calls', 'queues'].map((n) =>
      listedUnder(origin, n, {
        message: `The collection ${origin}/${n}?pageSize=3 lists its items under \`${n}\`; the guide says \`items\`.`,
      }),
    );
    const folded = foldAcrossResources(named);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ count: 3, resources: ['/accounts', '/calls', '/queues'] });
    // Elsewhere a name in the words is the fault itself: not folded.
    const other = named.map((r) => ({ ...r, id: 'collection.other' }));
    expect(foldAcrossResources(other)).toHaveLength(3);
  });

  it('folds a text/plain write answered alike by PUT on one resource and POST on another, not another status', () => {
    const not415 = (method: string, name: string, status: number): CheckResult => ({
      ...listedUnder(origin, name),
      id: 'http.unsupported-media-type-415',
      messageId: 'not415',
      message: `${method} ${origin}/${name} with Content-Type: text/plain answered ${status} instead of 415.`,
    });
    const folded = foldAcrossResources([not415('PUT', 'rounds/R1', 400), not415('POST', 'rounds/R1/pickups', 400)]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ count: 2, resources: ['/rounds/R1', '/rounds/R1/pickups'] });
    expect(foldAcrossResources([not415('PUT', 'rounds/R1', 400), not415('POST', 'pickups', 500)])).toHaveLength(2);
  });

  it('folds a text/plain PUT answered 400 and a PATCH answered 200 where nothing answers 415 (Koa)', () => {
    const not415 = (method: string, name: string, status: number): CheckResult => ({
      ...listedUnder(origin, name),
      id: 'http.unsupported-media-type-415',
      messageId: 'not415',
      message: `${method} ${origin}/${name} with Content-Type: text/plain answered ${status} instead of 415.`,
    });
    const both = [not415('PUT', 'libraries/19', 400), not415('PATCH', 'libraries/1/loans/71', 200)];
    const folded = foldAcrossResources(both);
    expect(folded).toHaveLength(1);
    expect(folded[0]?.message).toMatch(
      /^PUT \S+\/libraries\/19 with .* answered 400 or 200 instead of 415 \(seen on 2 URLs: /,
    );
    expect(folded[0]?.evidence).toHaveLength(2);
    // Where another resource answers 415, a 200 on one is a fault of its own.
    const answers415 = { ...not415('POST', 'books', 415), status: 'pass' as const, messageId: undefined };
    expect(foldAcrossResources([...both, answers415]).filter((r) => r.status === 'fail')).toHaveLength(2);
  });

  it('folds an unrouted method answered 404, PATCH on one collection and PUT on another, not another status', () => {
    const not405 = (method: string, name: string, status: number): CheckResult => ({
      ...listedUnder(origin, name),
      id: 'http.method-not-allowed-405',
      messageId: 'not405',
      message: `${method} ${origin}/${name} (a method the collection does not declare) answered ${status} instead of 405.`,
    });
    const folded = foldAcrossResources([not405('PATCH', 'bookings', 404), not405('PUT', 'facilities/1/fields', 404)]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ count: 2, resources: ['/bookings', '/facilities/1/fields'] });
    // Where another resource answers 405, a 400 on one is a fault of its own.
    const answers405 = { ...not405('PUT', 'rooms', 405), status: 'pass' as const, messageId: undefined };
    const apart = [not405('PATCH', 'bookings', 404), not405('PUT', 'fields', 400), answers405];
    expect(foldAcrossResources(apart)).toHaveLength(3);
  });

  it('folds an API with no 405 at all: 404 on one collection, 400 on others, one result naming both', () => {
    const not405 = (name: string, status: number): CheckResult => ({
      ...listedUnder(origin, name),
      id: 'http.method-not-allowed-405',
      messageId: 'not405',
      message: `PUT ${origin}/${name} (a method the collection does not declare) answered ${status} instead of 405.`,
    });
    const folded = foldAcrossResources([not405('bike', 404), not405('bike/find', 400), not405('station/find', 400)]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ count: 3, resources: ['/bike', '/bike/find', '/station/find'] });
    expect(folded[0]?.message).toMatch(/^PUT \S+\/bike \(.*\) answered 404 or 400 instead of 405 \(seen on 3 URLs: /);
    expect(foldAcrossResources(folded)).toEqual(folded);
  });

  it("folds one validation handler's 422 across resources whatever the member, not a 500 of each member", () => {
    const declared = (name: string, member: string, status: number, extra = ''): CheckResult => ({
      ...listedUnder(origin, name),
      id: 'input.declared-body',
      messageId: 'not400',
      message: `POST ${origin}/${name} (body member ${member}: 21 characters, above its maxLength 20) answered ${status} instead of 400${extra}.`,
    });
    const folded = foldAcrossResources([
      declared('courts', 'jurisdiction', 422, ' (and 1 more of its members alike)'),
      declared('courts/1/hearings', 'case_number', 422, ' (the same by PATCH)'),
    ]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ count: 2, resources: ['/courts', '/courts/1/hearings'] });
    expect(folded[0]?.message).toMatch(/body member jurisdiction: .* answered 422 instead of 400 .*\(seen on 2 URLs: /);
    // A database refusing each column is a fault per member.
    expect(foldAcrossResources([declared('menus', 'dish', 500), declared('schools', 'name', 500)])).toHaveLength(2);
  });

  it('sums counts already folded within a run, and a folded list folds to itself', () => {
    const within = { ...listedUnder(origin, 'cats'), count: 4, urls: [`${origin}/cats?a`, `${origin}/cats?b`] };
    within.message = `The collection ${origin}/cats?a lists its items under \`results\`; the guide says \`items\` (seen on 2 URLs: ${origin}/cats?a, ${origin}/cats?b).`;
    const once = foldAcrossResources([within, listedUnder(origin, 'dogs')]);
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ count: 5, resources: ['/cats', '/dogs'] });
    expect(once[0]?.urls).toEqual([`${origin}/cats?a`, `${origin}/cats?b`, `${origin}/dogs?pageSize=3`]);
    expect(once[0]?.message).not.toMatch(/seen on 2 URLs/);
    expect(foldAcrossResources(once)).toEqual(once);
  });

  it('keeps apart what is not the same fault: another check, message id, wording, or baseline state', () => {
    const results = [
      listedUnder(origin, 'cats'),
      { ...listedUnder(origin, 'dogs'), id: 'collection.other' },
      { ...listedUnder(origin, 'birds'), messageId: 'missing' },
      { ...listedUnder(origin, 'ants'), message: 'The collection /ants lists its items under `data`.' },
      listedUnder(origin, 'bees', { baseline: 'known' }),
      { ...listedUnder(origin, 'cows'), status: 'pass' as const },
      { ...listedUnder(origin, 'pigs'), status: 'pass' as const },
    ];
    expect(foldAcrossResources(results)).toEqual(results);
  });

  it('reads bare API paths and tallies as where and how often, not as the fault', () => {
    expect(faultOf('GET /cats/{id} documents no 404 (seen in 2 answers).')).toBe(
      'GET <path> documents no 404 (seen in * answers).',
    );
    expect(faultOf('answered with application/json at `/dogs`')).toBe('answered with application/json at `<path>`');
  });

  it('the summary keeps counting failed runs; findings count the results listed', () => {
    const results = ['cats', 'dogs', 'birds'].map((n) => listedUnder(origin, n));
    const report = {
      summary: { passed: 0, failed: 3, skipped: 0, errored: 0, requests: 3, findings: 3 },
      results,
    } as unknown as CheckReport;
    const folded = foldReport(report);
    expect(folded.summary).toMatchObject({ failed: 3, findings: 1 });
    expect(foldReport(folded)).toBe(folded);
  });
});

describe('baselines of a folded result are keyed per resource', () => {
  const origin = 'http://127.0.0.1:9';
  const report = (results: CheckResult[]) =>
    ({
      summary: { passed: 0, failed: results.length, skipped: 0, errored: 0, requests: 1, findings: results.length },
      results,
    }) as unknown as CheckReport;
  const folded = foldReport(report(['cats', 'dogs', 'birds'].map((n) => listedUnder(origin, n))));

  it('writes one entry per resource, as for the results before folding', () => {
    const unfolded = report(['cats', 'dogs', 'birds'].map((n) => listedUnder(origin, n)));
    const keys = (r: CheckReport) => checkBaselineOf(r).entries.map((e) => [e.fingerprint, e.resource, e.messageId]);
    expect(keys(folded)).toEqual(keys(unfolded));
    expect(checkBaselineOf(folded).entries).toHaveLength(3);
  });

  it('is known only when every resource is in the baseline, and never reports its resources fixed', () => {
    const all = checkBaselineOf(folded);
    expect(applyCheckBaseline(folded, all).results[0]?.baseline).toBe('known');
    const two = { ...all, entries: all.entries.filter((e) => e.resource !== '/birds') };
    const applied = applyCheckBaseline(folded, two);
    expect(applied.results).toHaveLength(1);
    expect(applied.results[0]?.baseline).toBeUndefined();
  });
});

describe('a run on three collections with the same fault', () => {
  let api: FixtureServer;
  let dir: string;
  beforeAll(async () => {
    api = await startAnimalsApi();
    dir = await mkdtemp(join(tmpdir(), 'restguide-fold-'));
  });
  afterAll(() => api.close());

  const run = async (...args: string[]) => {
    const io = captureIo();
    io.cwd = dir;
    const code = await main(['check', api.url, ...args], io);
    return { code, io };
  };

  it('lists `collection.items-array` once with its three URLs, in every format', async () => {
    const formats = CHECK_FORMATS.flatMap((format) => ['-f', `${format}=report.${format}`]);
    const { code } = await run(...formats);
    expect(code).toBe(1);
    const json = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
      summary: { failed: number; findings: number };
      results: CheckResult[];
    };
    const listed = json.results.filter((r) => r.id === 'collection.items-array' && r.status === 'fail');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ count: 3, resources: ['/birds', '/cats', '/dogs'] });
    // The document declares no page size, so the run asks none (a validating API would refuse it).
    expect([...(listed[0]?.urls ?? [])].sort()).toEqual(['birds', 'cats', 'dogs'].map((n) => `${api.url}/${n}`));
    // Dependents that were not verified point at a failing result that is listed.
    const failingIds = new Set(json.results.filter((r) => r.status === 'fail').map((r) => r.id));
    const pointed = json.results.flatMap((r) =>
      [...r.message.matchAll(/not verified, see ([\w-]+\.[\w-]+)/g)].map((m) => m[1]),
    );
    expect(pointed).toContain('collection.items-array');
    for (const id of pointed) expect(failingIds, `see ${id}`).toContain(id);
    // Failed runs still count each resource; findings count the results listed.
    expect(json.summary.findings).toBe(json.results.filter((r) => r.status === 'fail').length);
    expect(json.summary.failed).toBeGreaterThan(json.summary.findings);
    for (const format of CHECK_FORMATS) {
      const text = await readFile(join(dir, `report.${format}`), 'utf8');
      if (process.env.KEEP_FOLD) await copyFile(join(dir, `report.${format}`), `${process.env.KEEP_FOLD}.${format}`);
      // Markdown escapes what could be markup in a message.
      const plain = format === 'markdown' ? text.replace(/\\(.)/g, '$1') : text;
      expect(plain, format).toMatch(/lists its items under `results`; the guide says `items` \(seen on 3 URLs: /);
      for (const name of ['cats', 'dogs', 'birds'])
        expect(text, `${format} names /${name}`).toContain(`${api.url}/${name}`);
    }
    // JUnit's failure body lists every resource; SARIF locates the result at each resource.
    expect(await readFile(join(dir, 'report.junit'), 'utf8')).toContain('Resources (3): /birds, /cats, /dogs');
    const sarif = JSON.parse(await readFile(join(dir, 'report.sarif'), 'utf8')) as {
      runs: Array<{ results: Array<{ ruleId: string; locations: unknown[]; properties: { count?: number } }> }>;
    };
    const located = sarif.runs[0]?.results.filter((r) => r.ruleId === 'collection.items-array');
    expect(located).toHaveLength(1);
    expect(located?.[0]?.locations).toHaveLength(3);
    expect(located?.[0]?.properties.count).toBe(3);
  }, 60_000);

  it('a baseline written before folding still suppresses the same findings, none reported fixed', async () => {
    await copyFile(join(import.meta.dirname, '../fixtures/baselines/animals-before-folding.json'), join(dir, 'b.json'));
    // The baseline predates judging a base URL whatever /health answers: its finding is left out here.
    const { code } = await run('--baseline', 'b.json', '--skip', 'link.base-url-format', '-f', 'json=known.json');
    expect(code).toBe(0);
    const json = JSON.parse(await readFile(join(dir, 'known.json'), 'utf8')) as {
      summary: { failed: number; findings: number; known: number; fixed: number };
      results: CheckResult[];
    };
    expect(json.summary).toMatchObject({ failed: 0, findings: 0, fixed: 0 });
    expect(json.summary.known).toBeGreaterThan(0);
    const listed = json.results.filter((r) => r.id === 'collection.items-array' && r.status === 'fail');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ baseline: 'known', count: 3 });
  }, 60_000);

  it('a baseline written now is keyed per resource, as before', async () => {
    const { code } = await run(
      '--write-baseline',
      'now.json',
      '--skip',
      'link.base-url-format',
      '-f',
      'json=now-report.json',
    );
    expect(code).toBe(0);
    const now = JSON.parse(await readFile(join(dir, 'now.json'), 'utf8')) as {
      entries: Array<{ fingerprint: string }>;
    };
    const before = JSON.parse(
      await readFile(join(import.meta.dirname, '../fixtures/baselines/animals-before-folding.json'), 'utf8'),
    ) as { entries: Array<{ fingerprint: string }> };
    expect(now.entries.map((e) => e.fingerprint)).toEqual(before.entries.map((e) => e.fingerprint));
  }, 60_000);
});
