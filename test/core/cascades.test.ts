// One cause, one finding, on real checks: the root fails once, its dependents say "not verified, see <root>";
// one fault on many URLs is one result with a count; degenerate evidence is not a pass.
import { describe, expect, it } from 'vitest';
import itemHref from '../../src/checks/collection/item-href.js';
import duplicate409 from '../../src/checks/create/duplicate-409.js';
import statusMatrix from '../../src/checks/http/status-matrix.js';
import noNull from '../../src/checks/json/no-null.js';
import linkAbsolute from '../../src/checks/link/absolute.js';
import defaultPageSize from '../../src/checks/paging/default-page-size.js';
import fullWalk from '../../src/checks/paging/full-walk.js';
import linksConsistent from '../../src/checks/paging/links-consistent.js';
import nextLink from '../../src/checks/paging/next-link.js';
import pageSizeHonoured from '../../src/checks/paging/page-size-honoured.js';
import noExtensions from '../../src/checks/link/no-extensions.js';
import noTrailingSlash from '../../src/checks/link/no-trailing-slash.js';
import problemMediaType from '../../src/checks/problem/media-type.js';
import invalidParams from '../../src/checks/paging/invalid-params.js';
import unknownSort400 from '../../src/checks/sort/unknown-property-400.js';
import malformedJson from '../../src/checks/input/malformed-json.js';
import deleteAbsent404 from '../../src/checks/delete/absent-404.js';
import deleteThen404 from '../../src/checks/delete/then-404.js';
import accepted202 from '../../src/checks/task/accepted-202.js';
import done303 from '../../src/checks/task/done-303.js';
import pollAfter from '../../src/checks/task/poll-after.js';
import processing200 from '../../src/checks/task/processing-200.js';
import absentKept from '../../src/checks/patch/absent-kept.js';
import mediaTypes from '../../src/checks/patch/media-types.js';
import overwrite from '../../src/checks/patch/overwrite.js';
import patchResponse from '../../src/checks/patch/response.js';
import nullRemoves from '../../src/checks/patch/null-removes.js';
import type { AnyCheck } from '../../src/core/engine/define-check.js';
import { isObject } from '../../src/core/util/json.js';
import { BUILT_IN_PROFILE, type Profile } from '../../src/core/profile/profile.js';
import { runChecks } from '../../src/core/engine/runner.js';
import type { CheckReport, CheckResult } from '../../src/core/report/types.js';
import { fixture, reference, type ServerFactory } from '../helpers/check-harness.js';
import { sendJson } from '../helpers/fixture-server.js';
import { ignoresPatchBodies } from '../checks/patch/support/ignores-patch.js';

async function run(
  checks: AnyCheck[],
  server: ServerFactory,
  profile: Profile = BUILT_IN_PROFILE,
): Promise<CheckReport> {
  const running = await server.start();
  try {
    return await runChecks(checks, profile, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 25_000,
      concurrency: 4,
    });
  } finally {
    await running.close();
  }
}
const of = (report: CheckReport, id: string, resource?: string): CheckResult[] =>
  report.results.filter((r) => r.id === id && (resource === undefined || r.resource === resource));
const statuses = (report: CheckReport, id: string, resource?: string): string[] =>
  of(report, id, resource).map((r) => r.status);
const noErrors = (report: CheckReport) =>
  expect(report.results.filter((r) => r.status === 'error').map((r) => `${r.id} ${r.message}`)).toEqual([]);

describe('one finding per cause', () => {
  it('items without href: collection.item-href fails, paging.full-walk is not verified, see it', async () => {
    const noHref = reference({
      mutate: (req, res) => {
        if (!req.path.startsWith('/employers?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
        for (const item of res.json['items']) if (isObject(item)) delete item['href'];
      },
    });
    const report = await run([itemHref, fullWalk], noHref);
    noErrors(report);
    expect(statuses(report, 'collection.item-href', '/employers')).toEqual(['fail']);
    expect(of(report, 'paging.full-walk', '/employers').map((r) => `${r.status} ${r.message.split(':')[0]}`)).toEqual([
      'skip not verified, see collection.item-href',
    ]);
    // The other collections keep their verdicts.
    expect(statuses(report, 'paging.full-walk', '/companies')).toEqual(['pass']);
    // Alone, full-walk still says what it met.
    expect(of(await run([fullWalk], noHref), 'paging.full-walk', '/employers').map((r) => r.messageId)).toContain(
      'noHref',
    );
  });

  it('a null paging link: json.no-null fails; link.absolute reports it only when json.no-null did not run', async () => {
    const nullPrev = reference({
      mutate: (req, res) => {
        if (req.path.startsWith('/employers?') && isObject(res.json) && res.json['prev'] === undefined)
          res.json['prev'] = null;
      },
    });
    const both = await run([noNull, linkAbsolute], nullPrev);
    noErrors(both);
    expect(statuses(both, 'json.no-null')).toEqual(['fail']);
    expect(of(both, 'link.absolute').map((r) => r.status)).toEqual(['pass']);
    expect(of(both, 'link.absolute')[0]?.message).toContain('see json.no-null');
    const alone = await run([linkAbsolute], nullPrev);
    expect(of(alone, 'link.absolute').map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail nullLink']);
    // And with no null, neither says a word about it.
    expect(statuses(await run([noNull, linkAbsolute], reference()), 'link.absolute')).toEqual(['pass']);
  });

  it('merge patch refused with 415: patch.media-types fails, the behaviour is judged on application/json', async () => {
    const refusing = reference({
      mutate: (req, res) => {
        if (req.method === 'PATCH' && req.headers['content-type'] === 'application/merge-patch+json') {
          res.status = 415;
          res.text = '';
        }
      },
    });
    const report = await run([mediaTypes, overwrite, absentKept, patchResponse], refusing);
    noErrors(report);
    expect(of(report, 'patch.media-types').map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail refused']);
    // The guide's other media type applies the patch: what it does is judged (Express' declared application/json).
    for (const id of ['patch.overwrite', 'patch.absent-kept']) expect(statuses(report, id), id).toEqual(['pass']);
    // The answer to a merge patch is the 415 itself: patch.media-types' finding.
    expect(
      of(report, 'patch.response').map((r) => `${r.status} ${r.message.split(':')[0]}`),
      'patch.response',
    ).toEqual(['skip not verified, see patch.media-types']);
    // application/json refused instead: the merge patch works, so the behaviour checks judge it.
    const jsonRefused = reference({
      mutate: (req, res) => {
        if (req.method === 'PATCH' && req.headers['content-type'] === 'application/json') {
          res.status = 415;
          res.text = '';
        }
      },
    });
    const other = await run([mediaTypes, overwrite, patchResponse], jsonRefused);
    expect(statuses(other, 'patch.media-types')).toEqual(['fail']);
    expect([...statuses(other, 'patch.overwrite'), ...statuses(other, 'patch.response')]).toEqual(['pass', 'pass']);
  });

  it('every patch ignored: patch.media-types fails, absent-kept and overwrite are not verified, see it', async () => {
    const report = await run([mediaTypes, overwrite, absentKept], ignoresPatchBodies());
    noErrors(report);
    expect(of(report, 'patch.media-types').map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail ignored']);
    expect([...statuses(report, 'patch.overwrite'), ...statuses(report, 'patch.absent-kept')]).toEqual([
      'skip',
      'skip',
    ]);
  });

  it('a task answered 201: task.accepted-202 fails, the polling checks are not verified, see it, and submit nothing', async () => {
    let submits = 0;
    const created = reference({
      mutate: (req, res) => {
        if (req.method === 'POST' && req.path.startsWith('/images/tasks')) {
          submits++;
          res.status = 201;
        }
      },
    });
    const report = await run([accepted202, done303, pollAfter, processing200], created);
    noErrors(report);
    expect(of(report, 'task.accepted-202').map((r) => `${r.status} ${r.messageId}`)).toEqual(['fail not202']);
    for (const id of ['task.done-303', 'task.poll-after', 'task.processing-200']) {
      expect(
        of(report, id).map((r) => `${r.status} ${r.message.split(':')[0]}`),
        id,
      ).toEqual(['skip not verified, see task.accepted-202']);
    }
    expect(submits).toBe(1);
    // On the reference server they all judge.
    const fine = await run([accepted202, done303, pollAfter, processing200], reference({ taskDelayMs: 300 }));
    expect(fine.results.map((r) => `${r.id} ${r.status}`)).toEqual([
      'task.accepted-202 pass',
      'task.done-303 pass',
      'task.poll-after pass',
      'task.processing-200 pass',
    ]);
  });

  it('errors as plain JSON: problem.media-type fails once, the checks of each error are not verified, see it', async () => {
    const plainErrors = reference({
      mutate: (_req, res) => {
        if (res.status >= 400 && res.headers['content-type']?.startsWith('application/problem+json'))
          res.headers['content-type'] = 'application/json';
      },
    });
    const checks = [problemMediaType, invalidParams, unknownSort400, malformedJson, deleteAbsent404];
    const report = await run(checks, plainErrors);
    noErrors(report);
    expect(report.results.filter((r) => r.status === 'fail').map((r) => r.id)).toEqual(['problem.media-type']);
    // Each still judged the status it is about (a pass), or had nothing else to judge (not verified); both say see it.
    expect(of(report, 'paging.invalid-params').map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
    expect(of(report, 'paging.invalid-params')[0]?.message).toMatch(
      /\(not verified where problem.media-type failed: see problem.media-type\)$/,
    );
    for (const id of ['sort.unknown-property-400', 'input.malformed-json', 'delete.absent-404']) {
      for (const result of of(report, id)) expect(result.message, id).toContain('see problem.media-type');
    }
    // Without problem.media-type in the run, each says what it met.
    const alone = await run([invalidParams, malformedJson], plainErrors);
    expect([...new Set(alone.results.map((r) => `${r.id} ${r.status} ${r.messageId}`))]).toEqual([
      'input.malformed-json fail notProblem',
      'paging.invalid-params fail notProblem',
    ]);
    // A fault of their own stands: a 200 where a 400 is due.
    const accepts = reference({
      mutate: (req, res) => {
        if (res.status >= 400 && res.headers['content-type']?.startsWith('application/problem+json'))
          res.headers['content-type'] = 'application/json';
        if (req.path.includes('pageSize=0')) {
          res.status = 200;
          res.json = { items: [] };
        }
      },
    });
    const both = await run([problemMediaType, invalidParams], accepts);
    expect(
      of(both, 'paging.invalid-params')
        .filter((r) => r.status === 'fail')
        .map((r) => r.messageId),
    ).toContain('notBadRequest');
  });

  it('404s as plain text (aiohttp, Koa): the delete checks judge the status, the format is problem.media-type', async () => {
    const plainText = (wrongDelete: boolean) =>
      reference({
        mutate: (req, res) => {
          // A DELETE of a record that is not there answered 204, as a lax API would.
          if (wrongDelete && req.method === 'DELETE' && res.status === 404) {
            res.status = 204;
            res.json = undefined;
            res.text = '';
            delete res.headers['content-type'];
            return;
          }
          if (res.status < 400) return;
          res.headers['content-type'] = 'text/plain';
          res.json = undefined;
          res.text = `${res.status}: Not Found`;
        },
      });
    const report = await run([problemMediaType, deleteAbsent404, deleteThen404], plainText(false));
    noErrors(report);
    expect([...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.id))]).toEqual([
      'problem.media-type',
    ]);
    for (const id of ['delete.absent-404', 'delete.then-404']) {
      const results = of(report, id);
      expect(results.length, id).toBeGreaterThan(0);
      for (const result of results) {
        expect(result.status, `${id} ${result.message}`).toBe('pass');
        expect(result.message).toMatch(/is not a problem, as the API's other errors: see problem\.media-type/);
      }
    }
    // Its own fault still stands there: a DELETE of an absent record answered 204.
    const lax = await run([problemMediaType, deleteAbsent404], plainText(true));
    expect(
      of(lax, 'delete.absent-404')
        .filter((r) => r.status === 'fail')
        .map((r) => r.messageId),
    ).toContain('not404');
  });

  it('server-assigned ids: create.duplicate-409 is not applicable and posts nothing', async () => {
    const [employers, ...rest] = BUILT_IN_PROFILE.collections ?? [];
    const { employerId: _key, ...body } = (employers?.create?.body ?? {}) as Record<string, unknown>;
    const serverAssigned: Profile = {
      ...BUILT_IN_PROFILE,
      collections: [{ ...employers!, create: { body: body as never } }, ...rest],
    };
    let posts = 0;
    const report = await run(
      [duplicate409],
      reference({
        mutate: (req) => {
          if (req.method === 'POST') posts++;
        },
      }),
      serverAssigned,
    );
    expect(of(report, 'create.duplicate-409').map((r) => `${r.status} ${r.message.split(':')[0]}`)).toEqual([
      'skip not applicable',
    ]);
    expect(of(report, 'create.duplicate-409')[0]?.message).toContain('no `employerId`');
    expect(posts).toBe(0);
    expect(statuses(await run([duplicate409], reference()), 'create.duplicate-409')).toEqual(['pass']);
  });
});

describe('one fault on many URLs is one result', () => {
  it('OPTIONS without Allow on every URL: one http.status-matrix finding with the count and the URLs', async () => {
    const report = await run(
      [statusMatrix],
      reference({
        mutate: (req, res) => {
          if (req.method === 'OPTIONS') delete res.headers['allow'];
        },
      }),
    );
    const failures = of(report, 'http.status-matrix').filter((r) => r.status === 'fail');
    expect(failures).toHaveLength(1);
    const [folded] = failures;
    expect(folded?.count).toBeGreaterThan(3);
    expect(folded?.urls).toHaveLength(folded?.count ?? 0);
    expect(folded?.message).toMatch(
      new RegExp(`seen on ${folded?.count} URLs: \\S+, \\S+, \\S+ and ${(folded?.count ?? 0) - 3} more\\)\\.$`),
    );
    expect(folded?.evidence).toHaveLength(3);
    expect(report.summary).toMatchObject({ failed: 1, findings: 1 });
  });
});

describe('no pass on empty links', () => {
  const LINKS = new Set(['self', 'href', 'next', 'prev', 'first', 'last']);
  const blank = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(blank);
    else if (isObject(value))
      for (const [key, member] of Object.entries(value)) {
        if (LINKS.has(key) && typeof member === 'string') value[key] = '';
        else blank(member);
      }
  };
  it('every link "": link.no-trailing-slash and link.no-extensions are not verified, see link.absolute', async () => {
    const report = await run([noTrailingSlash, noExtensions], reference({ mutate: (_req, res) => blank(res.json) }));
    expect(report.results.map((r) => `${r.id} ${r.status} ${r.message}`)).toEqual([
      'link.no-extensions skip not verified: every returned link is empty (see link.absolute)',
      'link.no-trailing-slash skip not verified: every returned link is empty (see link.absolute)',
    ]);
    expect(statuses(await run([noTrailingSlash, noExtensions], reference()), 'link.no-extensions')).toEqual(['pass']);
  });
});

describe('no pass on degenerate paging evidence', () => {
  const item = (origin: string) => ({ href: `${origin}/things/1`, id: 1 });
  // /claims: one item, `total` 77282, no next; /counted: the same under `totalItems`; /single: a collection of one.
  const pages = fixture((req, res, server) => {
    const path = (req.url ?? '').split('?')[0];
    const body = { items: [item(server.origin)] } as Record<string, unknown>;
    if (path === '/claims') body['total'] = 77282;
    else if (path === '/counted') body['totalItems'] = 77282;
    else if (path !== '/single') return sendJson(res, 404, {});
    sendJson(res, 200, body);
  });
  const profile: Profile = {
    collections: ['/claims', '/counted', '/single'].map((path) => ({ path, paging: { kind: 'offset' as const } })),
  };
  const checks = [nextLink, fullWalk, pageSizeHonoured, linksConsistent, defaultPageSize];

  it('a page claiming total 77282 with one item and no next: paging.next-link fails, the rest are not verified, see it', async () => {
    const report = await run(checks, pages, profile);
    noErrors(report);
    expect(of(report, 'paging.next-link', '/claims').map((r) => `${r.status} ${r.messageId}`)).toEqual([
      'fail missingNext',
    ]);
    expect(
      of(report, 'paging.default-page-size', '/claims').map((r) => `${r.status} ${r.message.split(':')[0]}`),
    ).toEqual(['skip not verified, see paging.next-link']);
    // Alone, default-page-size says what it met.
    expect(
      of(await run([defaultPageSize], pages, profile), 'paging.default-page-size', '/claims').map(
        (r) => `${r.status} ${r.messageId}`,
      ),
    ).toEqual(['fail wholeWithoutNext']);
    for (const id of ['paging.full-walk', 'paging.page-size-honoured', 'paging.links-consistent']) {
      expect(
        of(report, id, '/claims').map((r) => `${r.status} ${r.message.split(':')[0]}`),
        id,
      ).toEqual(['skip not verified, see paging.next-link']);
    }
  });

  it('a framework count instead of total, and a collection of one: not verified, with the reason, never a pass', async () => {
    const report = await run(checks, pages, profile);
    for (const check of checks.filter((c) => c !== defaultPageSize)) {
      const counted = of(report, check.meta.id, '/counted');
      expect(
        counted.map((r) => r.status),
        check.meta.id,
      ).toEqual(['skip']);
      expect(counted[0]?.message).toMatch(/not verified/);
      const single = of(report, check.meta.id, '/single');
      expect(
        single.map((r) => `${r.status} ${r.message.split(':')[0]}`),
        check.meta.id,
      ).toEqual(['skip not verified']);
    }
    expect(of(report, 'paging.next-link', '/counted')[0]?.message).toContain('`totalItems` claims 77282');
  });
});

describe("the run's own wrong input is not the API's representation", () => {
  it("a null patch.null-removes sent and the API kept: its finding only, not json.no-null's", async () => {
    // The API stores a merge patch's null instead of removing the member, and shows it on every read after.
    const nulled = new Map<string, string>();
    const keepsNulls = reference({
      mutate: (req, res) => {
        const path = req.path.split('?')[0] ?? req.path;
        if (req.method === 'PATCH' && req.body.startsWith('{')) {
          for (const [name, value] of Object.entries(JSON.parse(req.body) as Record<string, unknown>)) {
            if (value === null) nulled.set(path, name);
          }
        }
        const name = nulled.get(path);
        if (name !== undefined && isObject(res.json) && res.status < 300) res.json[name] = null;
      },
    });
    const report = await run([nullRemoves, noNull], keepsNulls);
    expect(of(report, 'patch.null-removes').some((r) => r.status === 'fail')).toBe(true);
    expect(statuses(report, 'json.no-null')).not.toContain('fail');
  });
});
