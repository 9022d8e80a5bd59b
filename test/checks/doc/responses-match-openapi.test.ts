import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/doc/responses-match-openapi.js';
import { isObject } from '../../../src/core/util/json.js';
import { fixture, reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';
import type { Mutator } from '../../helpers/proxy.js';
import { sqlApiDocument, startSqlApi } from '../../helpers/sql-api.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import deleteAbsent from '../../../src/checks/delete/absent-404.js';
import equality from '../../../src/checks/filter/equality.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';

const EMPLOYER = /^\/employers\/\d+(\?|$)/;

const teapot =
  (contentType: string, body: unknown): Mutator =>
  (req, res) => {
    if (EMPLOYER.test(req.path) && res.status === 200) {
      res.status = 418;
      res.headers['content-type'] = contentType;
      res.json = body;
    }
  };

testCheck(check, {
  valid: [{ name: 'reference server (its document describes every response)', server: reference() }],
  invalid: [
    {
      name: 'employer document with employerId as a string',
      server: reference({
        mutate: (req, res) => {
          if (EMPLOYER.test(req.path) && isObject(res.json)) res.json['employerId'] = String(res.json['employerId']);
        },
      }),
      findings: ['schemaMismatch'],
    },
    {
      name: 'collection page without items',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/employers?') && isObject(res.json)) delete res.json['items'];
        },
      }),
      findings: ['schemaMismatch'],
    },
    {
      name: '418 on a document GET whose operation has no default response',
      server: reference({
        mutate: (req, res) => {
          teapot('application/problem+json', { type: 'about:blank', title: 'I am a teapot', status: 418 })(req, res);
          const doc = res.json as
            { paths?: Record<string, { get?: { responses?: Record<string, unknown> } }> } | undefined;
          if (req.path === '/doc/openapi.json')
            delete doc?.paths?.['/employers/{employerId}']?.get?.responses?.['default'];
        },
      }),
      findings: ['undocumentedErrors'],
    },
    {
      // A document that declares only its successes: every client error answered is one gap, reported once.
      name: 'client errors on several operations, none declared',
      server: reference({
        mutate: (req, res) => {
          const doc = res.json as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
          if (req.path !== '/doc/openapi.json' || !doc?.paths) return;
          for (const item of Object.values(doc.paths))
            for (const operation of Object.values(item))
              if (isObject(operation) && isObject(operation.responses))
                for (const code of Object.keys(operation.responses))
                  if (!/^[23]/.test(code)) delete operation.responses[code];
        },
      }),
      findings: ['undocumentedErrors'],
    },
    {
      name: '500 on a document GET whose operation has no default response',
      server: reference({
        mutate: (req, res) => {
          if (EMPLOYER.test(req.path) && res.status === 200) {
            res.status = 500;
            res.headers['content-type'] = 'application/problem+json';
            res.json = { type: 'about:blank', title: 'Internal error', status: 500 };
          }
          const doc = res.json as
            { paths?: Record<string, { get?: { responses?: Record<string, unknown> } }> } | undefined;
          if (req.path === '/doc/openapi.json')
            delete doc?.paths?.['/employers/{employerId}']?.get?.responses?.['default'];
        },
      }),
      findings: ['undocumentedStatus'],
    },
    {
      name: '418 answered with plain JSON where the default response documents problem+json only',
      server: reference({ mutate: teapot('application/json', { teapot: true }) }),
      findings: ['undocumentedMediaType'],
    },
    {
      name: '418 answered with a problem+json body the default Problem schema refuses',
      server: reference({
        mutate: teapot('application/problem+json', { type: 'about:blank', title: 'I am a teapot', status: 'teapot' }),
      }),
      findings: ['schemaMismatch'],
    },
    {
      name: 'a problem whose instance is no URI',
      server: reference({
        mutate: (_req, res) => {
          if (res.status === 404 && isObject(res.json)) res.json['instance'] = 'not a uri';
        },
      }),
      findings: ['schemaMismatch'],
    },
  ],
});

describe('doc.responses-match-openapi without a document', () => {
  it('skips, naming the document paths tried, when neither /doc/openapi.json nor .yaml exists', async () => {
    const report = await runOne(
      check,
      fixture(
        (_req, res) => {
          res.writeHead(404, { 'content-type': 'application/problem+json' });
          res.end('{"type":"about:blank","title":"Not Found","status":404}');
        },
        { basePath: '/registry/v1' },
      ),
    );
    expect(report.results.map((r) => r.status)).toEqual(['skip']);
    expect(report.results[0]?.message).toMatch(
      /no OpenAPI document .*\/doc\/openapi\.json answered 404.*\/doc\/openapi\.yaml answered 404/,
    );
  });

  it('falls back to the YAML document and judges with it', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          if (req.path === '/doc/openapi.json') {
            res.status = 404;
            res.text = '';
          }
          if (EMPLOYER.test(req.path) && isObject(res.json)) res.json['employerId'] = String(res.json['employerId']);
        },
      }),
    );
    const failed = report.results.filter((r) => r.status === 'fail');
    // The emptied 404 of the JSON document is an answer of the run too, and the document gives its 404 a body.
    expect(failed.map((r) => r.messageId)).toEqual(['schemaMismatch', 'undocumentedMediaType']);
    expect(failed[0]?.message).toContain('GET /employers/{employerId}');
    expect(failed[0]?.message).toMatch(/\/employerId must be (integer|number)/);
    expect(failed[1]?.message).toMatch(/^GET \S+\/doc\/openapi\.json answered 404 with \(empty body\)/);
  });
});

describe('doc.responses-match-openapi: one fault of a shared schema', () => {
  it('is one finding when a list and a document break the same schema the same way', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: (req, res) => {
          const items = isObject(res.json) && Array.isArray(res.json['items']) ? res.json['items'] : [];
          if (req.path === '/employers' || req.path.startsWith('/employers?'))
            for (const item of items) if (isObject(item)) item['employerId'] = String(item['employerId']);
          if (EMPLOYER.test(req.path) && isObject(res.json)) res.json['employerId'] = String(res.json['employerId']);
        },
      }),
    );
    const mismatches = report.results.filter((r) => r.messageId === 'schemaMismatch');
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]?.message).toMatch(/\/employerId must be integer/);
  });
});

describe('doc.responses-match-openapi: one fault of an item schema (field: express-openapi-validator)', () => {
  /** `Election` closed to members it does not name, for the document and the list's items; answered with its id. */
  const Election = {
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
    additionalProperties: false,
  };
  const json = (schema: unknown) => ({ 200: { description: 'ok', content: { 'application/json': { schema } } } });
  const document = {
    openapi: '3.0.3',
    info: { title: 'elections', version: '1' },
    paths: {
      '/elections': {
        get: { responses: json({ type: 'object', properties: { items: { type: 'array', items: Election } } }) },
      },
      '/elections/{electionId}': {
        parameters: [{ name: 'electionId', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
        get: { responses: json(Election) },
      },
    },
  };

  it("is one finding when the document's root and the list's items carry the same undeclared member", async () => {
    const server = await startFixture((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/elections')
        return sendJson(res, 200, { items: [1, 2].map((id) => ({ electionId: id, name: `e${id}` })) });
      if (/^\/elections\/[12]$/.test(path)) return sendJson(res, 200, { electionId: 1, name: 'e1' });
      return sendJson(res, 404, {});
    });
    try {
      // The list's items name no declared key: the document is read at the id the API gives.
      const profile = deriveProfile(document);
      for (const doc of profile.documents ?? []) doc.sampleIds = ['1'];
      const report = await runChecks([check], profile, {
        baseUrl: server.url,
        contract: document,
        timeoutMs: 5000,
        deadlineMs: 60_000,
      });
      const mismatches = report.results.filter((r) => r.messageId === 'schemaMismatch');
      expect(mismatches).toHaveLength(1);
      expect(mismatches[0]?.message).toMatch(/must NOT have additional properties \(electionId\)/);
    } finally {
      await server.close();
    }
  });
});

describe('doc.responses-match-openapi folds one habit of the framework', () => {
  it('a 404 declared without content, answered with JSON to GET and DELETE: one finding', async () => {
    const server = await startSqlApi();
    try {
      const contract = sqlApiDocument();
      // delete.absent-404 DELETEs an id that does not exist: the same 404, by another method.
      const report = await runChecks([check, deleteAbsent], deriveProfile(contract), {
        baseUrl: server.url,
        contract,
        allowWrites: true,
        timeoutMs: 5000,
        deadlineMs: 60_000,
      });
      const found = report.results.filter((r) => r.messageId === 'undocumentedMediaType');
      expect(found).toHaveLength(1);
      expect(found[0]?.message).toMatch(
        /answered 404 with application\/json, not a media type (GET|DELETE) \/(bookings|rooms)\/\{id\} documents for response 404 \(\(no body\)\)/,
      );
      // GET of two item paths and DELETE: before, one finding per method.
      expect(Number(/\(seen in (\d+) answers\)/.exec(found[0]?.message ?? '')?.[1])).toBeGreaterThanOrEqual(3);
    } finally {
      await server.close();
    }
  });
});

describe('doc.responses-match-openapi: one schema fault, whatever the query (field: FastAPI)', () => {
  /** A list whose items break the schema in members that vary by page: `title` always, `employerId` on some. */
  const byQuery: Mutator = (req, res) => {
    if (!req.path.startsWith('/employers?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
    for (const item of res.json['items']) {
      if (!isObject(item)) continue;
      item['title'] = 42;
      if (!req.path.includes('name=')) item['employerId'] = String(item['employerId']);
    }
  };
  // Beside a filter check, whose filtered pages break the schema in fewer members than the first page.
  const mismatches = async () => {
    const running = await reference({ mutate: byQuery }).start();
    try {
      const report = await runChecks([equality, check], BUILT_IN_PROFILE, { baseUrl: running.url, timeoutMs: 5000 });
      return report.results.filter((r) => r.messageId === 'schemaMismatch');
    } finally {
      await running.close();
    }
  };

  it('errors sharing a member on one operation are one finding, not one per query string', async () => {
    const found = await mismatches();
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/(employerId must be integer|title must be string).*\(seen in \d+ answers\)/);
  });
});
