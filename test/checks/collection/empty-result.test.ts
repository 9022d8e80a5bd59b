import check from '../../../src/checks/collection/empty-result.js';
import { NO_MATCH } from '../../../src/checks/support/collection-page.js';
import { isObject } from '../../../src/core/util/json.js';
import { BUILT_IN_PROFILE, type CollectionProfile, type Profile } from '../../../src/core/profile/profile.js';
import { describe, expect, it } from 'vitest';
import { fixture, reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { sendJson } from '../../helpers/fixture-server.js';
import type { Mutator } from '../../helpers/proxy.js';

const onNoMatch =
  (change: Mutator): Mutator =>
  (req, res) => {
    if (req.path.includes(NO_MATCH)) change(req, res);
  };

testCheck(check, {
  // The employer classes have no filter to provoke an empty result with.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'an empty result is a 404 problem',
      server: reference({
        mutate: onNoMatch((_req, res) => {
          res.status = 404;
          res.headers['content-type'] = 'application/problem+json';
          res.json = { type: 'urn:problem-type:belgif:resourceNotFound', status: 404 };
        }),
      }),
      findings: ['status'],
    },
    {
      name: 'an empty result drops items and says total 1',
      server: reference({
        mutate: onNoMatch((_req, res) => {
          if (isObject(res.json)) {
            delete res.json['items'];
            res.json['total'] = 1;
          }
        }),
      }),
      findings: ['notEmptyArray', 'total'],
    },
    {
      // A mock that ignores the filter and serves random data: one answer decides, however the next one differs.
      name: 'a filter matching nothing answers other random items each time',
      server: (() => {
        let served = 0;
        return reference({
          mutate: onNoMatch((_req, res) => {
            if (isObject(res.json)) res.json['items'] = [{ href: `${String(res.json['self'])}/random-${++served}` }];
          }),
        });
      })(),
      findings: ['notEmptyArray'],
    },
    {
      name: 'an empty result links to a next page',
      server: reference({
        mutate: onNoMatch((_req, res) => {
          if (isObject(res.json)) res.json['next'] = `${String(res.json['self'])}&page=2`;
        }),
      }),
      findings: ['next'],
    },
    {
      name: 'the value that matches nothing answers 500',
      server: reference({
        mutate: onNoMatch((_req, res) => {
          res.status = 500;
          res.headers['content-type'] = 'application/problem+json';
          res.json = { type: 'about:blank', status: 500 };
        }),
      }),
      findings: ['serverError'],
    },
  ],
});

describe('collection.empty-result sends only values that fit the filter', () => {
  /** The built-in profile with what a document declares of the employers' filters. */
  const declaring = (filterSchemas: NonNullable<CollectionProfile['filterSchemas']>): Profile => ({
    ...BUILT_IN_PROFILE,
    collections: (BUILT_IN_PROFILE.collections ?? []).map((c) =>
      c.path === '/employers' ? { ...c, filterSchemas } : c,
    ),
  });

  it('gives a boolean filter no free text, and cuts the text to the declared maxLength', async () => {
    const sent: string[] = [];
    const report = await runOne(
      check,
      reference({ mutate: (req) => void (req.path.startsWith('/employers?') && sent.push(req.path)) }),
      declaring({ name: { type: 'string', maxLength: 12 }, bankrupt: { type: 'boolean' } }),
    );
    expect(report.results.filter((r) => r.resource === '/employers').map((r) => r.status)).toEqual(['pass']);
    expect(sent.filter((path) => path.includes('bankrupt='))).toEqual([]);
    expect(
      sent.some(
        (path) => path.includes(`name=${NO_MATCH.slice(0, 12)}&`) || path.endsWith(`name=${NO_MATCH.slice(0, 12)}`),
      ),
    ).toBe(true);
  });

  it('skips as not applicable where every filter is a boolean or an enum', async () => {
    const report = await runOne(
      check,
      reference(),
      declaring({ name: { type: 'string', enum: true }, bankrupt: { type: 'boolean' } }),
    );
    const employers = report.results.filter((r) => r.resource === '/employers');
    expect(employers.map((r) => r.status)).toEqual(['skip']);
    expect(employers[0]?.message).toMatch(/^not applicable: no filter takes a value that matches nothing and fits/);
  });
});

describe('collection.empty-result on a list under another name', () => {
  it('is not verified, pointing at collection.items-array, when the only list is an empty `accounts`', async () => {
    const report = await runOne(
      check,
      reference({
        mutate: onNoMatch((_req, res) => {
          if (isObject(res.json)) {
            delete res.json['items'];
            res.json['accounts'] = [];
          }
        }),
      }),
    );
    const employers = report.results.filter((r) => r.resource === '/employers');
    expect(employers.map((r) => r.status)).toEqual(['skip']);
    expect(employers[0]?.message).toMatch(/under `accounts`.*see collection\.items-array/);
  });
});

describe('collection.empty-result on typed filters', () => {
  const refuseTyped =
    (refusing: RegExp): Mutator =>
    (req, res) => {
      if (!req.path.includes(NO_MATCH) || !refusing.test(req.path)) return;
      res.status = 422;
      res.headers['content-type'] = 'application/problem+json';
      res.json = { type: 'urn:problem-type:belgif:badRequest', status: 422 };
    };

  it('tries the next filter when one refuses the value with 422', async () => {
    // `name` refuses the random value as a framework validating a typed filter does; `bankrupt` is tried next
    // (the reference server refuses a non-boolean with 400).
    const report = await runOne(check, reference({ mutate: refuseTyped(/[?&]name=/) }));
    const employers = report.results.filter((r) => r.resource === '/employers');
    expect(employers.map((r) => r.status)).toEqual(['skip']);
    expect(employers[0]?.message).toMatch(/every filter refused its value .* with 400/);
  });

  it('is not verified when every filter refuses the value with 422: no finding about empty results', async () => {
    const report = await runOne(check, reference({ mutate: refuseTyped(/./) }));
    const employers = report.results.filter((r) => r.resource === '/employers');
    expect(employers.map((r) => r.status)).toEqual(['skip']);
    expect(employers[0]?.message).toMatch(/every filter refused its value .* with 422/);
  });
});

describe('collection.empty-result on a date range filter (field: FastAPI permits)', () => {
  const SUBMITTED = ['2026-01-05', '2026-02-10', '2026-03-15'];
  /** Permits paged two at a time with a `next` link; `submittedAfter` a lower bound, unless `ignoring` it. */
  const permits = (ignoring: boolean) =>
    fixture((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/permits') return sendJson(res, 404, { detail: 'Not Found' });
      const after = url.searchParams.get('submittedAfter');
      const all = SUBMITTED.map((submittedOn, i) => ({ id: i + 1, submittedOn, href: `/permits/${i + 1}` }));
      const listed = all.filter((p) => ignoring || after === null || p.submittedOn >= after);
      const self = `http://${req.headers.host}${req.url}`;
      return sendJson(res, 200, {
        items: listed.slice(0, 2),
        self,
        ...(listed.length > 2 ? { next: `${self}&cursor=2` } : {}),
      });
    });
  const profile: Profile = {
    collections: [
      {
        path: '/permits',
        paging: { kind: 'cursor', param: 'cursor' },
        filters: ['submittedAfter'],
        filterSchemas: { submittedAfter: { type: 'string', format: 'date' } },
      },
    ],
  };

  it('a lower date bound gets a day after every record: a conforming API answers no items', async () => {
    const report = await runOne(check, permits(false), profile);
    expect(report.results.map((r) => `${r.status} ${r.resource}`)).toEqual(['pass /permits']);
  });

  it('an API that ignores the bound lists items: told once, without a `next` said to hold no items', async () => {
    const report = await runOne(check, permits(true), profile);
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail notEmptyArray']);
    expect(report.results[0]?.message).toContain('submittedAfter=9999-12-31');
  });
});

describe('collection.empty-result on a date filter declared a plain string (field: ts-rest with zod)', () => {
  // zod-openapi writes `from: z.string().date()` as `{type: string}`; the API refuses what is not a date with 400.
  const STARTS = ['2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z'];
  const reservations = fixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/reservations') return sendJson(res, 404, { message: 'Not Found' });
    const from = url.searchParams.get('from');
    if (from !== null && !/^\d{4}-\d{2}-\d{2}$/.test(from))
      return sendJson(res, 400, { issues: [{ code: 'invalid_string', path: ['from'] }], name: 'ZodError' });
    const items = STARTS.filter((start) => from === null || start >= from).map((start, i) => ({ id: i + 1, start }));
    return sendJson(res, 200, { items, self: `http://${req.headers.host}${req.url}` });
  });
  const profile: Profile = {
    collections: [{ path: '/reservations', filters: ['from'], filterSchemas: { from: { type: 'string' } } }],
  };

  it('gets a far date, not free text: a conforming API answers no items', async () => {
    const report = await runOne(check, reservations, profile);
    expect(report.results.map((r) => `${r.status} ${r.resource}`)).toEqual(['pass /reservations']);
  });
});
