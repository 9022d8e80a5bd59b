import { expect, it } from 'vitest';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import check from '../../../src/checks/sort/ascending.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { isLaterPage, laterPages, reorder } from './reorder.js';

testCheck(check, {
  // Only the employers are sortable in the built-in profile.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'sort=name comes back descending',
      server: reference({ mutate: reorder(['name'], (a, b) => String(b['title']).localeCompare(String(a['title']))) }),
      findings: ['outOfOrder'],
    },
    {
      name: 'sort=employerId is unsorted',
      server: reference({
        mutate: reorder(['employerId'], (a, b) => (Number(a['employerId']) % 7) - (Number(b['employerId']) % 7)),
      }),
      findings: ['outOfOrder'],
    },
    // The order holds on the first page only.
    {
      name: 'sort=name: page 2 comes back reversed',
      server: reference({ mutate: laterPages(['name'], (items) => items.reverse()) }),
      findings: ['outOfOrder'],
    },
    {
      name: 'sort=name sorts each page by itself (page 2 starts before page 1 ends)',
      server: reference({
        // Later pages are cut from the unsorted list, then sorted within the page: page 1 alone looks right.
        rewrite: (req) =>
          isLaterPage(req.path, ['name'])
            ? { path: req.path.replace(/[?&]sort=[^&]*/g, '').replace('/employers&', '/employers?') }
            : undefined,
        mutate: laterPages([], (items) => items.sort((a, b) => String(a['title']).localeCompare(String(b['title'])))),
      }),
      findings: ['acrossPages'],
    },
  ],
});

it('sort.ascending: a server ignoring sort fails on name; sort=employerId alone (the unsorted order) cannot pass it', async () => {
  const ignoring = reference({
    rewrite: (req) =>
      req.path.includes('sort=')
        ? { path: req.path.replace(/[?&]sort=[^&]*/g, '').replace('/employers&', '/employers?') }
        : undefined,
  });
  const byName = await runOne(check, ignoring);
  expect(byName.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail outOfOrder']);
  const idOnly = await runOne(check, ignoring, {
    ...BUILT_IN_PROFILE,
    collections: (BUILT_IN_PROFILE.collections ?? []).map((c) => ({
      ...c,
      sorts: c.sorts?.filter((s) => s === 'employerId') ?? [],
    })),
  });
  expect(idOnly.results.map((r) => r.status)).toEqual(['skip']);
  expect(idOnly.results[0]?.message).toMatch(/already in the order of sort=employerId/);
});
