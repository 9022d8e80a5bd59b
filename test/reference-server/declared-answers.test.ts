// The published document declares every answer the reference server gives: the whole check suite's
// traffic (writes included) plus protocol probes on every operation, each exchange held to the
// document with its `default` responses taken out, so an answer only `default` covers is undocumented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/checks/index.js';
import { ContractValidator } from '../../src/checks/doc/support/contract-validator.js';
import { matchPathTemplate, selectResponse } from '../../src/checks/doc/support/contract-lookup.js';
import { judgeExchange } from '../../src/checks/doc/support/judge-exchange.js';
import { makeResponse, type Exchange } from '../../src/core/engine/exchange.js';
import { BUILT_IN_PROFILE } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { startProxy } from '../helpers/proxy.js';
import { exchange as rawExchange, parseResponses } from './helpers/raw-socket.js';

type Obj = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** A schema-valid value of each path parameter: protocol probes must get past path validation. */
const VALID: Record<string, string> = {
  employerId: '93',
  enterpriseNumber: '0200068636',
  value: 'abc',
  taskId: '1',
  imageId: '1',
  accountId: '1',
  orderId: '1',
  storeId: '1',
  problemType: 'duplicateKey',
  paymentMethodCode: 'cash',
  deliveryMethodCode: 'homeDelivery',
  ssin: '00010112345',
  addressId: '1',
};
/** Breaks every path parameter's schema: below an integer's minimum, outside every string pattern. */
const MALFORMED = '-1';
const fill = (template: string, value: (name: string) => string) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));

/** One request over a fresh connection, read to its close: also for answers an HTTP client will not wait for (413, 431). */
async function raw(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Exchange> {
  const host = new URL(origin).host;
  const all: Record<string, string> = { host, connection: 'close', ...headers };
  if (body !== '' || ['POST', 'PUT', 'PATCH'].includes(method))
    all['content-length'] ??= String(Buffer.byteLength(body));
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  const { text } = await rawExchange(origin, head + body, { timeoutMs: 5000 });
  const [response] = parseResponses(text);
  if (!response) throw new Error(`no answer to ${method} ${path}`);
  return {
    request: { method, url: origin + path, headers: all, body },
    response: makeResponse(response.status, response.headers, response.body, false),
    durationMs: 0,
  };
}

/** Answers every operation gives whatever its handler does: refused media types, unknown input, oversized parts. */
function protocolProbes(document: Obj, basePath: string): Array<[string, string, Record<string, string>, string]> {
  const probes: Array<[string, string, Record<string, string>, string]> = [];
  for (const [template, item] of Object.entries(document.paths as Obj)) {
    for (const method of METHODS) {
      const op = item[method] as Obj | undefined;
      if (!op) continue;
      const verb = method.toUpperCase();
      const path = basePath + fill(template, (name) => VALID[name] ?? 'x');
      const json = { 'content-type': 'application/json' };
      probes.push([verb, path, { accept: 'application/xml' }, '']);
      probes.push([verb, `${path}?restguideUnknown=1`, {}, '']);
      probes.push([verb, path, { 'x-padding': 'p'.repeat(20 * 1024) }, '']);
      probes.push([verb, path, { ...json, 'content-encoding': 'gzip' }, '{}']);
      if (template.includes('{')) probes.push([verb, basePath + fill(template, () => MALFORMED), {}, '']);
      if (op.requestBody) {
        probes.push([verb, path, { 'content-type': 'text/plain' }, 'hello']);
        probes.push([verb, path, json, '']);
        probes.push([verb, path, json, '{"oops"']);
        probes.push([verb, path, json, `{"name":"${'n'.repeat(70 * 1024)}"}`]);
      }
    }
  }
  return probes;
}

const JSON_BODY = { 'content-type': 'application/json' };
const ABSENT_EMPLOYER = '/employers/5999999999';
/**
 * What the check suite's built-in profile leaves out: the registry entities, controllers and reference
 * data, each answered once with success and once with each problem of its own (in this order: writes last).
 */
const BUSINESS: Array<[string, string, Record<string, string>?, string?]> = [
  ['GET', '/companies/0999999999'],
  ['GET', '/appendices/employerclasses/restguideAbsent'],
  ['GET', '/images/tasks/2147483000'],
  ['GET', '/images/2147483000'],
  ['GET', '/refData/problemTypes/duplicateKey'],
  ['GET', '/refData/problemTypes/duplicateKey', { accept: 'application/json' }],
  ['GET', '/refData/problemTypes/restguideAbsent'],
  ['GET', '/refData/problemTypes/duplicateKey', { accept: 'image/png' }],
  ['GET', '/refData/paymentMethods/cash'],
  ['GET', '/refData/paymentMethods/bitcoin'],
  ['GET', '/refData/deliveryMethods/homeDelivery?lang=fr'],
  ['GET', '/refData/deliveryMethods/drone'],
  ['GET', '/stores/1'],
  ['GET', '/stores/999'],
  ['GET', '/stores/1/orders/1'],
  ['GET', '/stores/2/orders/1'],
  ['GET', '/persons/00010112345'],
  ['GET', '/persons/00000000000'],
  ['GET', '/addresses/1'],
  ['GET', '/addresses/999'],
  ['GET', '/convertMoney?from=EUR&to=XXX&amount=1'],
  ['GET', '/convertMoney?from=EUR&to=USD&amount=1', { ...JSON_BODY, 'content-encoding': 'gzip' }, '{}'],
  [
    'PUT',
    ABSENT_EMPLOYER,
    JSON_BODY,
    JSON.stringify({ employerId: 5999999999, name: 'x', company: { enterpriseNumber: '0200068636' } }),
  ],
  ['PATCH', ABSENT_EMPLOYER, { 'content-type': 'application/merge-patch+json' }, '{"name":"x"}'],
  ['PATCH', '/employers/93', { 'content-type': 'application/merge-patch+json' }, '{"employerId":94}'],
  [
    'PATCH',
    '/employers/93',
    { 'content-type': 'application/merge-patch+json' },
    '{"company":{"enterpriseNumber":"0999999999"}}',
  ],
  ['DELETE', '/employers/93', { 'if-match': '"restguide-stale"' }],
  ['DELETE', '/employers/93', { 'if-match': 'no-entity-tag' }],
  ['GET', '/companies?page=2&afterCompany=0200068636'],
  ['GET', '/employers/93?select=name'],
  ['GET', '/employers/93?select=(name,,bankrupt)'],
  ['POST', '/employers/93/sendNotification', JSON_BODY, '{"message":"hello"}'],
  ['POST', `${ABSENT_EMPLOYER}/sendNotification`, JSON_BODY, '{"message":"hello"}'],
  ['POST', '/enterprises/1999999999/employers', JSON_BODY, '{"employerId":5000001,"name":"Branch"}'],
  ['POST', '/enterprises/0200068636/employers', JSON_BODY, '{"employerId":5000001,"name":"Branch"}'],
  ['POST', '/enterprises/0200068636/employers', JSON_BODY, '{"employerId":5000001,"name":"Branch"}'],
  ['POST', '/accounts/1/withdraw', JSON_BODY, '{"amount":"1.00"}'],
  ['POST', '/accounts/3/withdraw', JSON_BODY, '{"amount":"1.00"}'],
  ['POST', '/accounts/1/withdraw', JSON_BODY, '{"amount":"0.00"}'],
  ['POST', '/accounts/999/withdraw', JSON_BODY, '{"amount":"1.00"}'],
  ['POST', '/orders/1/archive'],
  ['POST', '/orders/2/archive'],
  ['POST', '/orders/999/archive'],
];
/** Declared answers no request here provokes, each with why. */
const NEVER_PROVOKED = [
  // The server is always UP: DOWN (503) is part of the guide's health contract, not of this server's life.
  'GET /health 503',
];

/** The document with `default` taken out of every operation: what is left is what it declares. */
function withoutDefaults(document: Obj): Obj {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths as Obj))
    for (const method of METHODS) delete item[method]?.responses?.default;
  return copy;
}

interface Judged {
  exchange: Exchange;
  verdict: ReturnType<typeof judgeExchange>;
}

function judgeAll(document: Obj, baseUrl: string, exchanges: Exchange[]): Judged[] {
  const validator = new ContractValidator(document);
  return exchanges.map((exchange) => ({ exchange, verdict: judgeExchange(document, validator, baseUrl, exchange) }));
}

/** `GET /employers/{employerId} 406`: the declared response an exchange was held to ('' when none). */
function declaredKey(document: Obj, baseUrl: string, exchange: Exchange): string {
  const basePath = new URL(baseUrl).pathname;
  const path = new URL(exchange.request.url).pathname.slice(basePath.length);
  const template = matchPathTemplate(Object.keys(document.paths), path);
  const method = exchange.request.method.toLowerCase();
  const responses = template === undefined ? undefined : document.paths[template]?.[method]?.responses;
  const key = selectResponse(responses, exchange.response.status);
  return key === undefined ? '' : `${exchange.request.method} ${template} ${key}`;
}

const line = ({ exchange: { request, response }, verdict }: Judged) =>
  `${request.method} ${request.url.replace(/^http:\/\/[^/]+/, '')} → ${response.status}: ${verdict.kind === 'fail' ? `${verdict.messageId} ${JSON.stringify(verdict.data)}` : verdict.kind}`;

describe('the published document declares every answer of the reference server', () => {
  let server: ReferenceServer;
  let published: Obj;
  let strict: Obj;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, taskDelayMs: 50 });
    const basePath = new URL(server.url).pathname;
    published = (await (await fetch(`${server.url}/doc/openapi.json`)).json()) as Obj;
    strict = withoutDefaults(published);
    const proxy = await startProxy(server.origin, basePath, (request, response) => {
      const url = `${server.origin}${basePath}${request.path}`;
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      exchanges.push({
        request: { method: request.method, url, headers, body: request.body },
        response: makeResponse(response.status, { ...response.headers }, response.text, false),
        durationMs: 0,
      });
    });
    try {
      const report = await runChecks(CHECKS, BUILT_IN_PROFILE, {
        baseUrl: `${proxy.origin}${basePath}`,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 45_000,
        concurrency: 4,
      });
      expect(report.summary.errored).toBe(0);
    } finally {
      await proxy.close();
    }
    for (const [method, path, headers, body] of protocolProbes(published, basePath))
      exchanges.push(await raw(server.origin, method, path, headers, body));
    for (const [method, path, headers, body] of BUSINESS)
      exchanges.push(await raw(server.origin, method, basePath + path, headers, body));
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it('finds no undocumented status, media type or schema mismatch in any exchange', () => {
    const judged = judgeAll(strict, server.url, exchanges);
    expect(judged.filter((j) => j.verdict.kind === 'fail').map(line)).toEqual([]);
    expect(judged.filter((j) => j.verdict.kind === 'unjudged').map(line)).toEqual([]);
    expect(judged.filter((j) => j.verdict.kind === 'pass').length).toBeGreaterThan(600);
    // Left unjudged only what no operation of the document is: unknown URIs, 405s, HEAD and OPTIONS.
    const outside = judged
      .filter((j) => j.verdict.kind === 'undocumented')
      .map((j) => `${j.exchange.request.method} ${j.exchange.response.status}`);
    expect(new Set(outside)).toEqual(
      new Set(['GET 404', 'HEAD 200', 'HEAD 400', 'HEAD 404', 'OPTIONS 200', 'PUT 405', 'DELETE 405']),
    );
  });

  it('gives every answer it declares (but the allowed ones): no declaration is there for nothing', () => {
    const seen = new Set(exchanges.map((e) => declaredKey(strict, server.url, e)));
    const declared = Object.entries(strict.paths as Obj).flatMap(([template, item]) =>
      METHODS.flatMap((m) =>
        Object.keys(item[m]?.responses ?? {}).map((key) => `${m.toUpperCase()} ${template} ${key}`),
      ),
    );
    expect(declared.length).toBeGreaterThan(150);
    expect(declared.filter((d) => !seen.has(d))).toEqual(NEVER_PROVOKED);
  });

  it('fails once any declared response is taken out: each one is needed by some exchange', () => {
    const byResponse = new Map<string, Exchange[]>();
    for (const e of exchanges) {
      const key = declaredKey(strict, server.url, e);
      if (key !== '') byResponse.set(key, [...(byResponse.get(key) ?? []), e]);
    }
    const survivors: string[] = [];
    for (const [key, provoking] of byResponse) {
      const [method = '', template = '', status = ''] = key.split(' ');
      // A 304 answers the run's own conditional GET: undocumented, it is the protocol's answer (judge-exchange.ts).
      if (status === '304') continue;
      const mutated = structuredClone(strict);
      delete mutated.paths[template][method.toLowerCase()].responses[status];
      const findings = judgeAll(mutated, server.url, provoking).filter(
        (j) => j.verdict.kind === 'fail' && j.verdict.messageId === 'undocumentedStatus',
      );
      if (findings.length !== provoking.length) survivors.push(key);
    }
    expect(byResponse.size).toBeGreaterThan(150);
    expect(survivors).toEqual([]);
  });

  it('holds problem bodies to their schema: a 406 without its type is a mismatch', () => {
    const notAcceptable = exchanges.find((e) => e.response.status === 406);
    expect(notAcceptable).toBeDefined();
    const { type: _type, ...body } = JSON.parse(notAcceptable!.response.text) as Obj;
    const broken: Exchange = {
      ...notAcceptable!,
      response: makeResponse(406, notAcceptable!.response.headers, JSON.stringify(body), false),
    };
    expect(judgeAll(strict, server.url, [broken]).map((j) => j.verdict)).toMatchObject([
      { kind: 'fail', messageId: 'schemaMismatch' },
    ]);
  });
});
