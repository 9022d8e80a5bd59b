import check from '../../../src/checks/filter/repeated-or.js';
import { describe, expect, it } from 'vitest';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { BUILT_IN_PROFILE, type CollectionProfile, type Profile } from '../../../src/core/profile/profile.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { buildOpenApiDocument } from '../../../src/reference-server/openapi/document.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { employerItem, ignoresParam, onEmployers } from './on-filtered.js';

const filtering = onEmployers;

const twoNames = (q: URLSearchParams) => q.getAll('name').length === 2;

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'only the last value counts',
      server: reference({
        mutate: onEmployers(twoNames, (items, _base, q) =>
          items.filter((item) => item['title'] === q.getAll('name')[1]),
        ),
      }),
      findings: ['missingValue'],
    },
    {
      name: 'an employer with a third name slips in',
      server: reference({ mutate: onEmployers(twoNames, (items, base) => [...items, employerItem(base, 1034)]) }),
      findings: ['outside'],
    },
  ],
});

it('filter.repeated-or fails a server that ignores the filter', async () => {
  const report = await runOne(check, reference({ rewrite: ignoresParam('name') }));
  expect(
    report.results.filter((r) => r.resource === '/employers').map((r) => `${r.status} ${r.messageId ?? ''}`),
  ).toContain('fail outside');
});

describe('filter.repeated-or repeats only a filter declared multi-valued (field: FastAPI, tsoa)', () => {
  /** The built-in profile with what a document declares of the employers' filters. */
  const declaring = (filterSchemas?: CollectionProfile['filterSchemas']): Profile => ({
    ...BUILT_IN_PROFILE,
    collections: (BUILT_IN_PROFILE.collections ?? []).map((c) => {
      if (c.path !== '/employers') return c;
      const { filterSchemas: _, ...rest } = c;
      return filterSchemas ? { ...rest, filterSchemas } : rest;
    }),
  });
  const onEmployers = (report: CheckReport) => report.results.filter((r) => r.resource === '/employers');

  it('skips a filter declared one string, sending no repeated value, even where the API keeps the last', async () => {
    const sent: string[] = [];
    const lastOnly = reference({
      mutate: (req, res) => {
        sent.push(req.path);
        filtering(twoNames, (items, _base, q) => items.filter((i) => i['title'] === q.getAll('name')[1]))(req, res);
      },
    });
    const report = await runOne(
      check,
      lastOnly,
      declaring({ name: { type: 'string' }, bankrupt: { type: 'boolean' } }),
    );
    expect(onEmployers(report).map((r) => `${r.status} ${r.message}`)).toEqual([
      'skip no filter is declared multi-valued (an array): name, bankrupt take one value each',
    ]);
    expect(sent.filter((path) => path.startsWith('/employers?') && /name=.*&name=/.test(path))).toEqual([]);
  });

  it('skips without a document, saying why', async () => {
    const report = await runOne(check, reference(), declaring(undefined));
    expect(onEmployers(report).map((r) => r.status)).toEqual(['skip']);
    expect(onEmployers(report)[0]?.message).toMatch(/^no document declares which filter takes several values/);
  });

  it('a query parameter declared an array is read as multi-valued from the document', () => {
    const collection = deriveProfile(buildOpenApiDocument()).collections?.find((c) => c.path === '/employers');
    expect(collection?.filterSchemas?.['name']).toMatchObject({ type: 'string', multiple: true });
    expect(collection?.filterSchemas?.['bankrupt']?.multiple).toBeUndefined();
  });
});
