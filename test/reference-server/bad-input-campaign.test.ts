// A bounded bad-input campaign over every operation of the served OpenAPI document: bad path and query
// values, unknown parameters, malformed, oversized and wrong-type bodies, wrong media types and odd
// methods and headers. Every answer: no 5xx, every error a problem whose instance is the trace id, and
// every response valid against the document.
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { assertMatchesDocument, type ApiResponse } from './helpers/api.js';

type Json = Record<string, any>;
interface Probe {
  method: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
}

let server: ReferenceServer;
let document: Json;
// undici's request API rather than fetch: the same client stack at a fraction of the cost per request.
const agent = new Agent({ connections: 8, pipelining: 1 });
beforeAll(async () => {
  server = await startReferenceServer({ port: 0, taskDelayMs: 5 });
  document = (await (await fetch(`${server.url}/doc/openapi.json`)).json()) as Json;
});
afterAll(async () => {
  await agent.close();
  await server.close();
});

/** A value each path parameter accepts, so query, header and body probes reach the handlers. */
const GOOD_PATH: Record<string, string> = {
  employerId: '93',
  enterpriseNumber: '0200068636',
  taskId: '1',
  imageId: '1',
  accountId: '1',
  orderId: '1',
  storeId: '1',
  ssin: '00010112345',
  addressId: '1',
  value: 'publicSector',
  problemType: 'methodNotAllowed',
  paymentMethodCode: 'cash',
  deliveryMethodCode: 'homeDelivery',
};
const BAD_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '%00',
  '%E0%A4%A',
  '%2F',
  '..',
  '__proto__',
  'constructor',
  'a'.repeat(300),
  '%20',
  '+1',
  '0x10',
];
const BAD_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '2147483648',
  'true',
  'null',
  '%FF',
  '%00',
  '__proto__',
  '(__proto__)',
  '!()',
  'a'.repeat(1200),
  '[]',
  '{}',
];
const ODD_QUERIES = [
  '__proto__=1',
  'constructor=x',
  'unknown=1',
  'page[]=1',
  'page=1&page=2',
  '=1',
  '&&&',
  'a=%',
  'select=(__proto__)',
  'sort=__proto__',
  'embed=constructor',
  '%E0%A4%A=1',
];
const ODD_PATH_SUFFIXES = [
  '/',
  '//',
  '/extra',
  '/%2e%2e',
  '/..',
  '?',
  '#frag',
  '/%00',
  ';jsessionid=1',
  '.json',
  '/__proto__',
  '/constructor',
];
const ODD_METHODS = ['PUT', 'PATCH', 'DELETE', 'POST', 'OPTIONS', 'HEAD', 'PROPFIND', 'FOO'];
const ODD_HEADERS: Array<Record<string, string>> = [
  { Accept: 'application/xml' },
  { Accept: '*/*;q=0' },
  { Accept: 'text/html;q=abc, */*' },
  { 'Accept-Language': 'xx, *;q=bad' },
  { 'If-Match': ',' },
  { 'If-Match': 'garbage' },
  { 'If-None-Match': ', ,' },
  { 'BelGov-Trace-Id': 'x'.repeat(300) },
  { 'Content-Encoding': 'gzip' },
  { 'X-HTTP-Method-Override': 'DELETE' },
  { Host: 'evil.example' },
];
const BAD_BODIES = [
  '',
  '{',
  '[]',
  'null',
  '"text"',
  '123',
  'true',
  '{"a":1,}',
  '\uFEFF{}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{}}}',
  `${'['.repeat(40)}${']'.repeat(40)}`,
  `{"x":"${'a'.repeat(70_000)}"}`,
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('latin1'),
];
const WRONG_VALUES: unknown[] = [null, 0, -1, 1.5, 'x', '', true, [], {}, 'a'.repeat(5000), 1e308, '0200068636'];
const MEDIA_TYPES = [
  'text/plain',
  'application/xml',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  '',
];

const resolve = (node: Json): Json =>
  node?.$ref
    ? node.$ref
        .split('/')
        .slice(1)
        .reduce((n: Json, k: string) => n[k], document)
    : node;

/** Bodies derived from a valid example: each property removed, given a wrong type, an unknown one added; nested one level too. */
function bodyVariants(example: unknown): string[] {
  const out: string[] = [];
  const walk = (value: Json, at: (v: Json) => Json) => {
    for (const key of Object.keys(value)) {
      const { [key]: _gone, ...rest } = value;
      out.push(JSON.stringify(at(rest)));
      for (const wrong of WRONG_VALUES) out.push(JSON.stringify(at({ ...value, [key]: wrong })));
    }
    out.push(JSON.stringify(at({ ...value, unknownProperty: 1 })));
  };
  if (example && typeof example === 'object' && !Array.isArray(example)) {
    const root = example as Json;
    walk(root, (v) => v);
    for (const [key, nested] of Object.entries(root)) {
      if (nested && typeof nested === 'object' && !Array.isArray(nested)) walk(nested, (v) => ({ ...root, [key]: v }));
    }
  }
  return out;
}

function probes(): Probe[] {
  const all: Probe[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    const params = (op: Json) => [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    const pathWith = (name?: string, value?: string) =>
      template.replace(/\{(\w+)\}/g, (_, p: string) => (p === name ? value! : (GOOD_PATH[p] ?? '1')));
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const M = method.toUpperCase();
      const content = resolve(op.requestBody ?? {}).content as Json | undefined;
      const mediaType = content ? Object.keys(content)[0]! : undefined;
      const example = mediaType ? (content![mediaType].example ?? {}) : undefined;
      const goodBody = example === undefined ? undefined : JSON.stringify(example);
      const withBody = (probe: Probe): Probe =>
        goodBody === undefined
          ? probe
          : { ...probe, body: probe.body ?? goodBody, headers: { 'Content-Type': mediaType!, ...probe.headers } };
      for (const param of params(op).filter((p) => p.in === 'path')) {
        for (const bad of BAD_SEGMENTS) all.push(withBody({ method: M, path: pathWith(param.name, bad) }));
      }
      for (const param of params(op).filter((p) => p.in === 'query')) {
        for (const bad of BAD_QUERY_VALUES) {
          all.push(withBody({ method: M, path: pathWith(), query: `${param.name}=${encodeURIComponent(bad)}` }));
          all.push(
            withBody({
              method: M,
              path: pathWith(),
              query: `${param.name}=1&${param.name}=${encodeURIComponent(bad)}`,
            }),
          );
        }
      }
      for (const query of ODD_QUERIES) all.push(withBody({ method: M, path: pathWith(), query }));
      for (const headers of ODD_HEADERS) all.push(withBody({ method: M, path: pathWith(), headers }));
      if (mediaType) {
        for (const body of [...BAD_BODIES, ...bodyVariants(example)])
          all.push({ method: M, path: pathWith(), body, headers: { 'Content-Type': mediaType } });
        for (const type of MEDIA_TYPES)
          all.push({ method: M, path: pathWith(), body: goodBody!, headers: type ? { 'Content-Type': type } : {} });
      }
    }
    for (const suffix of ODD_PATH_SUFFIXES) all.push({ method: 'GET', path: pathWith() + suffix });
    for (const method of ODD_METHODS) {
      if (!item[method.toLowerCase()])
        all.push({
          method,
          path: pathWith(),
          body: method === 'HEAD' || method === 'OPTIONS' ? undefined : '{"x":1}',
          headers: { 'Content-Type': 'application/json' },
        });
    }
  }
  return all;
}

/** What is wrong with one answer, or undefined. */
function judge(probe: Probe, response: ApiResponse): string | undefined {
  const where = `${probe.method} ${probe.path}${probe.query ? `?${probe.query}` : ''} ${JSON.stringify(probe.headers ?? {})} → ${response.status}`;
  if (response.status >= 500) return `${where}: 5xx ${response.text.slice(0, 200)}`;
  const trace = response.headers.get('belgov-trace-id');
  if (!trace) return `${where}: no BelGov-Trace-Id`;
  if (response.status >= 400 && probe.method !== 'HEAD') {
    if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json'))
      return `${where}: error is not problem+json`;
    const problem = response.body as Json | undefined;
    if (problem?.instance !== `urn:uuid:${trace}`) return `${where}: instance ${problem?.instance} ≠ trace ${trace}`;
    if (problem.status !== response.status || typeof problem.type !== 'string' || typeof problem.title !== 'string')
      return `${where}: malformed problem ${response.text.slice(0, 200)}`;
  }
  try {
    assertMatchesDocument(probe.method, probe.path.split(/[?#]/)[0]!, response);
  } catch (error) {
    return `${where}: ${(error as Error).message.slice(0, 300)}`;
  }
  return undefined;
}

async function send(probe: Probe): Promise<ApiResponse> {
  const url = `${server.url}${probe.path}${probe.query ? `?${probe.query}` : ''}`;
  const res = await request(url, {
    dispatcher: agent,
    method: probe.method as 'GET',
    headers: probe.headers,
    body: probe.body,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const text = await res.body.text();
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  let body: unknown;
  if ((headers.get('content-type') ?? '').includes('json') && text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return { status: res.statusCode, headers, text, body };
}

describe('bad-input campaign over the served document', () => {
  it('thousands of hostile requests: no 5xx, every error a problem with its trace id, every response as documented', async () => {
    const all = probes();
    expect(all.length).toBeGreaterThan(2000);
    const started = Date.now();
    const operations = Object.values(document.paths as Record<string, Json>).flatMap((item) =>
      ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]),
    );
    expect(new Set(all.map((p) => `${p.method} ${p.path.split('/')[1]}`)).size).toBeGreaterThan(10);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const probe = all[next++]!;
        let response: ApiResponse;
        try {
          response = await send(probe);
        } catch (error) {
          const cause = (error as Error & { cause?: Error }).cause;
          failures.push(
            `${probe.method} ${probe.path}?${probe.query ?? ''} ${JSON.stringify(probe.headers ?? {})}: no answer (${(error as Error).message}: ${cause?.message ?? ''})`,
          );
          continue;
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const wrong = judge(probe, response);
        if (wrong) failures.push(wrong);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(
      `bad-input campaign: ${all.length} requests in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(failures.slice(0, 15)).toEqual([]);
    // The campaign reaches the error paths it means to: validation, media types, methods, sizes.
    for (const status of [400, 404, 405, 413, 415]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
    expect(operations.length).toBeGreaterThan(20);
  }, 60_000);
});
