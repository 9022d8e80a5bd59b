// Paging is an optional feature: judged where the target declares or shows it, under the parameter names the
// profile gives, and never blamed for answers that differ between identical requests.
import { describe, expect, it } from 'vitest';
import invalidParams from '../../../src/checks/paging/invalid-params.js';
import linksConsistent from '../../../src/checks/paging/links-consistent.js';
import nextLink from '../../../src/checks/paging/next-link.js';
import fullWalk from '../../../src/checks/paging/full-walk.js';
import pageOneBased from '../../../src/checks/paging/page-one-based.js';
import { isObject } from '../../../src/core/util/json.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { random } from '../../helpers/random.js';
import { reference, runOne } from '../../helpers/check-harness.js';

const employersOnly = (
  change: (c: NonNullable<Profile['collections']>[number]) => NonNullable<Profile['collections']>[number],
): Profile => ({
  ...BUILT_IN_PROFILE,
  collections: (BUILT_IN_PROFILE.collections ?? []).filter((c) => c.path === '/employers').map(change),
});

const employers = (report: Awaited<ReturnType<typeof runOne>>) =>
  report.results.filter((r) => r.resource === '/employers');

describe('paging.invalid-params', () => {
  it('skips a collection that declares no paging and shows none (json-server without _page)', async () => {
    const unpaged = reference({
      mutate: (req, res) => {
        if (!req.path.startsWith('/employers') || !isObject(res.json)) return;
        for (const name of ['pageSize', 'page', 'next', 'prev', 'first', 'last']) delete res.json[name];
      },
    });
    const { paging: _paging, ...rest } = (BUILT_IN_PROFILE.collections ?? [])[0] ?? { path: '/employers' };
    const report = await runOne(invalidParams, unpaged, { ...BUILT_IN_PROFILE, collections: [rest] });
    expect(employers(report).map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('declares no paging')],
    ]);
  });

  // Prism's mock of BeSt Address v2 (cursor `after`, no page size declared) answered pageSize=0 with 200.
  const ignoresPageSize = reference({
    mutate: (req, res) => {
      if (!/^\/employers\?(.*&)?pageSize=/.test(req.path)) return;
      res.status = 200;
      res.headers['content-type'] = 'application/json';
      res.json = { items: [] };
    },
  });
  const cursorPaged = (unpaged: boolean) =>
    employersOnly((c) => ({ ...c, paging: { kind: 'cursor', param: 'after' }, ...(unpaged ? { unpaged } : {}) }));

  it('sends no page size a cursor-paged list does not declare', async () => {
    const report = await runOne(invalidParams, ignoresPageSize, cursorPaged(true));
    expect(employers(report).map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('declares no page size parameter')],
    ]);
  });

  it('still fails a declared page size taken at 0', async () => {
    const report = await runOne(invalidParams, ignoresPageSize, cursorPaged(false));
    expect(employers(report).map((r) => r.status)).toContain('fail');
  });

  it('says what came instead of a page when a huge page size answers 200 with something else', async () => {
    const bare = reference({
      mutate: (req, res) => {
        if (req.path.includes('pageSize=100000')) {
          res.status = 200;
          res.headers['content-type'] = 'application/json';
          res.json = { total: 3 };
        }
      },
    });
    const report = await runOne(
      invalidParams,
      bare,
      employersOnly((c) => c),
    );
    const result = employers(report).find((r) => r.messageId === 'hugeStatus');
    expect(result?.message).toMatch(
      /answered 200 with .*; a too large page size is refused with 400 or capped in a 200 collection page\.$/,
    );
  });
});

describe('a renamed page parameter (pageParam)', () => {
  // The API calls its page index `pageNumber`: requests are mapped to the reference server's `page`, links back.
  const renamed = reference({
    rewrite: (req) => ({
      path: req.path.replace(/([?&])page=/g, '$1pageIgnored=').replace(/([?&])pageNumber=/g, '$1page='),
    }),
    mutate: (_req, res) => {
      if (!isObject(res.json)) return;
      for (const link of ['self', 'next', 'prev', 'first', 'last']) {
        const value = res.json[link];
        if (typeof value === 'string') res.json[link] = value.replace(/([?&])page=/g, '$1pageNumber=');
      }
    },
  });
  const profile = employersOnly((c) => ({ ...c, pageParam: 'pageNumber' }));

  it.each([pageOneBased, invalidParams, linksConsistent, nextLink])(
    "$meta.id passes under the profile's name",
    async (check) => {
      const report = await runOne(check, renamed, profile);
      expect(
        employers(report)
          .filter((r) => r.status !== 'pass')
          .map((r) => `${r.status} ${r.message}`),
      ).toEqual([]);
    },
  );
});

describe('paging.page-one-based on random data', () => {
  it('skips when identical requests get different items, instead of blaming page=1', async () => {
    const next = random(31);
    const randomItems = reference({
      mutate: (req, res) => {
        if (!req.path.startsWith('/employers?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
        res.json['items'] = res.json['items'].map(() => ({
          href: `http://127.0.0.1/x/${Math.floor(next() * 1e9)}`,
          employerId: Math.floor(next() * 1e6),
        }));
      },
    });
    const report = await runOne(
      pageOneBased,
      randomItems,
      employersOnly((c) => c),
    );
    expect(employers(report).map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringContaining('answers vary between identical requests')],
    ]);
  });
});

describe('a collection that declares no paging and lists everything in one page (Bottle, Tornado)', () => {
  // Every request for the employers gets the whole list in one page, with no paging member at all.
  const whole = reference({
    rewrite: (req) => (/^\/employers(\?|$)/.test(req.path) ? { path: '/employers?pageSize=100' } : undefined),
    mutate: (req, res) => {
      if (!req.path.startsWith('/employers') || !isObject(res.json)) return;
      for (const name of ['pageSize', 'page', 'next', 'prev', 'first', 'last', 'total']) delete res.json[name];
    },
  });
  const unpaged = employersOnly(({ paging: _paging, ...c }) => c);

  it.each([nextLink, fullWalk])('$meta.id skips it as not applicable instead of passing', async (check) => {
    const report = await runOne(check, whole, unpaged);
    expect(employers(report).map((r) => [r.status, r.message])).toEqual([
      ['skip', expect.stringMatching(/^not applicable: \/employers declares no paging and its first page shows none/)],
    ]);
  });

  it.each([nextLink, fullWalk])('$meta.id still judges the same list where paging is declared', async (check) => {
    const report = await runOne(
      check,
      whole,
      employersOnly((c) => c),
    );
    expect(employers(report).map((r) => r.status)).not.toEqual(['skip']);
  });
});
