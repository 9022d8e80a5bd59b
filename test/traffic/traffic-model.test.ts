// Without a document or a profile, the model of the API comes from the traffic: lists are collections, objects
// read at their items' URLs are documents with sample ids, so json.*, http.no-x-headers, collection.*, paging.*
// and link.* judge a recording. Both ways: nulls and an X- header fail (exit 1); the reference server's pass.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { main } from '../../src/cli/main.js';
import { makeResponse, type Exchange } from '../../src/core/engine/exchange.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { TrafficJudge } from '../../src/traffic/judge.js';
import { TrafficModel } from '../../src/traffic/traffic-model.js';
import { captureIo } from '../helpers/io.js';

const BASE = 'https://api.example/registry/v1';

const exchange = (path: string, body: unknown, status = 200): Exchange => ({
  request: { method: 'GET', url: `${BASE}${path}`, headers: { accept: 'application/json' } },
  response: makeResponse(status, { 'content-type': 'application/json' }, JSON.stringify(body), false),
  durationMs: 1,
});

describe('TrafficModel', () => {
  it('a list with items linking themselves is a collection; its items, documents keyed by the member holding the id', () => {
    const model = new TrafficModel(BASE);
    model.observe([
      exchange('/employers?page=1&pageSize=2', {
        items: [
          { href: `${BASE}/employers/123`, employerId: 123 },
          { href: `${BASE}/employers/124`, employerId: 124 },
        ],
        next: `${BASE}/employers?page=2&pageSize=2`,
      }),
      exchange('/employers/124', { employerId: 124, name: 'Acme', addresses: [{ street: 'x' }] }),
      exchange('/doc/openapi.json', { openapi: '3.1.0', paths: {} }),
      exchange('/health', { status: 'UP' }),
    ]);
    expect(model.profile()).toEqual({
      collections: [
        {
          path: '/employers',
          key: 'employerId',
          itemPath: '/employers/{employerId}',
          paging: { kind: 'offset' },
        },
      ],
      // The id the traffic read first, then those the list named.
      documents: [{ path: '/employers/{employerId}', sampleIds: ['124', '123'] }],
    });
  });

  it('a bare array is a list; an item read before its list becomes its document once the list is seen', () => {
    const model = new TrafficModel(BASE);
    expect(model.observe([exchange('/companies/', [])])).toBe(true);
    // An object whose member holds the segment, before its list: an item already.
    model.observe([exchange('/animals/7', { id: 7, kind: 'cat' })]);
    const version = model.version;
    expect(model.observe([exchange('/animals/7', { id: 7, kind: 'cat' })])).toBe(false);
    expect(model.version).toBe(version);
    model.observe([exchange('/animals', [{ id: 7 }, { id: 8 }])]);
    const { collections, documents } = model.profile();
    expect(collections).toEqual([
      { path: '/companies/', itemPath: '/companies/{id}' },
      { path: '/animals', key: 'id', itemPath: '/animals/{id}' },
    ]);
    expect(documents).toEqual([{ path: '/animals/{id}', sampleIds: ['7'] }]);
  });

  it('tells nothing from what is no resource: other origins, errors, objects without their id, the root', () => {
    const model = new TrafficModel(BASE);
    model.observe([
      exchange('', { employers: `${BASE}/employers` }),
      exchange('/employers/1', { type: 'urn:problem-type:belgif:resourceNotFound' }, 404),
      exchange('/settings/general', { theme: 'dark' }),
      { ...exchange('/x', []), request: { method: 'GET', url: 'https://cdn.example/registry/v1/x', headers: {} } },
    ]);
    expect(model.profile()).toEqual({ collections: [], documents: [] });
    expect(model.version).toBe(0);
  });
});

describe('TrafficJudge without a model given', () => {
  it('grows the model batch after batch: a check judged once its resources show, its early "not applicable" dropped', async () => {
    const judge = await TrafficJudge.open(CHECKS, {}, { baseUrl: BASE, batchExchanges: 1, only: ['json.no-null'] });
    const batches = [
      exchange('/health', { status: 'UP' }),
      exchange('/employers', { items: [{ href: `${BASE}/employers/5`, employerId: 5 }] }),
      exchange('/employers/5', { employerId: 5, bankAccount: null }),
    ];
    for (const one of batches) if (judge.add(one)) await judge.judgePending();
    const results = judge.report().results.map((r) => [r.status, r.resource]);
    expect(results).toEqual([['fail', '/']]);
  });

  it('a profile that names resources is the model: the traffic adds none', async () => {
    const judge = await TrafficJudge.open(
      CHECKS,
      { collections: [{ path: '/companies' }] },
      { baseUrl: BASE, batchExchanges: 1, only: ['collection.items-array'] },
    );
    if (judge.add(exchange('/employers', { items: [{ href: `${BASE}/employers/5`, employerId: 5 }] })))
      await judge.judgePending();
    expect(judge.report().results.map((r) => [r.status, r.resource])).toEqual([['skip', '/companies']]);
  });
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-traffic-model-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function check(args: string[]) {
  const io = captureIo();
  io.cwd = dir;
  const code = await main(['check', ...args], io);
  return { code, io };
}
const json = async (file: string) => JSON.parse(await readFile(join(dir, file), 'utf8')) as CheckReport;

/** A browser's recording of an API that publishes no document: its answers give nulls and X-Powered-By. */
function browserHar(headers: Record<string, string>, withNulls: boolean): string {
  const entry = (path: string, body: unknown, second = 0) => ({
    startedDateTime: `2026-01-01T00:00:0${second}.000Z`,
    time: 3,
    request: {
      method: 'GET',
      url: `${BASE}${path}`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Accept', value: 'application/json' }],
      cookies: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries({ 'Content-Type': 'application/json', ...headers }).map(([name, value]) => ({
        name,
        value,
      })),
      content: { size: 0, mimeType: 'application/json', text: JSON.stringify(body) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 3, receive: 0 },
  });
  const employer = (id: number) => ({
    employerId: id,
    name: `Acme ${id}`,
    ...(withNulls ? { bankAccount: null } : {}),
    self: `${BASE}/employers/${id}`,
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test' },
      entries: [
        entry('/employers', {
          items: [123, 124].map((id) => ({ href: `${BASE}/employers/${id}`, employerId: id, name: `Acme ${id}` })),
          total: 2,
          self: `${BASE}/employers`,
        }),
        entry('/employers/123', employer(123), 2),
        entry('/employers/124', employer(124), 5),
      ],
    },
  });
}

describe('check --har without --openapi: the model from the recording', () => {
  const trace = { 'BelGov-Trace-Id': 'e3b0c442-98fc-4c14-9afb-f4c8996fb924' };

  it('a recording with nulls and an X- header fails json.no-null and http.no-x-headers, exit 1', async () => {
    await writeFile(join(dir, 'nulls.har'), browserHar({ ...trace, 'X-Powered-By': 'Express' }, true));
    const { code } = await check([BASE, '--har', 'nulls.har', '-f', 'json', '-o', 'nulls.json']);
    const report = await json('nulls.json');
    expect(report.source).toEqual({
      kind: 'recording',
      files: ['nulls.har'],
      exchanges: { read: 3, judged: 3, outside: 0, dropped: 0 },
      firstAt: '2026-01-01T00:00:00.000Z',
      lastAt: '2026-01-01T00:00:05.000Z',
    });
    const failed = [...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.id))].sort();
    expect(failed).toEqual(['http.no-x-headers', 'json.no-null']);
    expect(report.results.find((r) => r.id === 'json.no-null' && r.status === 'fail')?.message).toMatch(
      /bankAccount is null/,
    );
    expect(code).toBe(1);
    // The collection and its documents are judged, each once, on the resources the traffic told.
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    for (const id of ['collection.is-object', 'collection.items-array', 'collection.item-href', 'json.property-names'])
      expect(passed).toContain(id);
    expect(report.results.filter((r) => r.id === 'json.no-null')).toHaveLength(1);
  });

  it('the same recording without them passes those checks, exit 0', async () => {
    await writeFile(join(dir, 'clean.har'), browserHar(trace, false));
    const { code } = await check([BASE, '--har', 'clean.har', '-f', 'json', '-o', 'clean.json']);
    const report = await json('clean.json');
    expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
    const status = (id: string) => report.results.filter((r) => r.id === id).map((r) => r.status);
    expect(status('json.no-null')).toEqual(['pass']);
    expect(status('http.no-x-headers')).toEqual(['pass']);
    expect(code).toBe(0);
  });

  it('every report names the recording, what of it was judged and when; a read it lacks is not an answer', async () => {
    const har = JSON.parse(browserHar(trace, false)) as { log: { entries: unknown[] } };
    // An entry of another origin (left aside) and one that is no exchange (dropped): read, not judged.
    const other = structuredClone(har.log.entries[0]) as { request: { url: string } };
    other.request.url = 'https://cdn.example/app.js';
    har.log.entries.push(other, { request: {}, response: { status: 0 } });
    await writeFile(join(dir, 'mixed.har'), JSON.stringify(har));
    const formats = ['-f', 'json', '-o', 'm.json', '-f', 'stylish', '-o', 'm.txt', '-f', 'junit', '-o', 'm.xml'];
    await check([BASE, '--har', 'mixed.har', ...formats, '-f', 'html', '-o', 'm.html']);
    const report = await json('m.json');
    expect(report.source?.exchanges).toEqual({ read: 5, judged: 3, outside: 1, dropped: 1 });
    const line =
      'judged 3 of 5 recorded exchanges from mixed.har (1 outside the base URL, 1 dropped), ' +
      '2026-01-01T00:00:00.000Z to 2026-01-01T00:00:05.000Z; no request was sent';
    expect((await readFile(join(dir, 'm.txt'), 'utf8')).split('\n').slice(0, 2)).toEqual([
      `restguide check ${BASE}`,
      line,
    ]);
    expect(await readFile(join(dir, 'm.html'), 'utf8')).toContain(`did not send: ${line}.`);
    const junit = await readFile(join(dir, 'm.xml'), 'utf8');
    expect(junit).toContain('<testsuite name="source" tests="0"');
    expect(junit).toContain('<property name="source.files" value="mixed.har"/>');
    expect(junit).toContain('<property name="source.exchanges" value="read 5, judged 3, outside 1, dropped 1"/>');
    // Nothing was sent: the API's document is "not in the recording", never an answer's status.
    const messages = report.results.map((r) => r.message);
    expect(messages.filter((m) => /answered 503/.test(m))).toEqual([]);
    expect(messages.some((m) => m.includes('/doc/openapi.json is not in the recording'))).toBe(true);
  });

  it("the reference server's own recording, judged without its document, passes json, collection, paging and link", async () => {
    const recorded = await check([
      '--record',
      'reference.har',
      '--only',
      'json,link,collection,paging,http.no-x-headers',
      '-f',
      'json',
      '-o',
      'run.json',
    ]);
    expect(recorded.code).toBe(0);
    const run = await json('run.json');
    // A run sent its requests: it has no source.
    expect(run.source).toBeUndefined();
    // Judged as another client's recording (restguide's own would replay the run: test/traffic/replay.test.ts).
    const har = JSON.parse(await readFile(join(dir, 'reference.har'), 'utf8')) as {
      log: { entries: Array<{ request: { headers: Array<{ name: string; value: string }> } }> };
    };
    for (const { request } of har.log.entries)
      for (const header of request.headers)
        if (header.name === 'user-agent') header.value = 'Mozilla/5.0 Firefox/140.0';
    await writeFile(join(dir, 'reference.har'), JSON.stringify(har));
    const { code } = await check([run.target, '--har', 'reference.har', '-f', 'json', '-o', 'replayed.json']);
    const report = await json('replayed.json');
    expect(report.results.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    expect(code).toBe(0);
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    for (const area of ['json.', 'collection.', 'paging.', 'link.'])
      expect([...passed].filter((id) => id.startsWith(area)).length, area).toBeGreaterThan(1);
    expect(passed).toContain('json.no-null');
    expect(passed).toContain('http.no-x-headers');
    expect(report.summary.passed).toBeGreaterThan(40);
  }, 180_000);
});
