import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/paging/cursor.js';
import { isObject } from '../../../src/core/util/json.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { pagingOf } from '../../../src/core/profile/query-roles.js';
import { fixture, reference, runOne, testCheck } from '../../helpers/check-harness.js';
import { frameworkApi, frameworkDocument } from '../../helpers/framework-api.js';
import { onPage } from './on-page.js';

testCheck(check, {
  // Only the companies have cursor paging in the built-in profile.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'the companies answer a page property',
      server: reference({
        mutate: onPage('/companies', (body) => {
          body['page'] = 1;
        }),
      }),
      findings: ['pageProperty'],
    },
    {
      name: 'next uses page numbers instead of the cursor',
      server: reference({
        mutate: onPage(
          '/companies',
          (body) => {
            if (typeof body['next'] === 'string')
              body['next'] = String(body['self']).split('?')[0] + '?pageSize=3&page=2';
          },
          (q) => !q.has('page'),
        ),
      }),
      findings: ['nextWithoutCursor'],
    },
    {
      name: 'the cursor starts at the last item of the page, not after it',
      server: reference({
        mutate: onPage('/companies', (body) => {
          const before = body.items[body.items.length - 2];
          if (typeof body['next'] !== 'string' || !isObject(before)) return;
          const next = new URL(body['next']);
          next.searchParams.set('afterCompany', String(before['enterpriseNumber']));
          body['next'] = next.href;
        }),
      }),
      findings: ['overlap'],
    },
  ],
});

describe('paging.cursor judges only cursor-paged collections', () => {
  /** The framework API's document with more query parameters on its offset-paged collection. */
  const withQuery = (extra: object[]) => {
    const doc = frameworkDocument({ listUnder: 'items', paging: 'offset-limit' }) as {
      paths: Record<string, { get: { parameters: object[] } }>;
    };
    doc.paths['/PublicationTypes']?.get.parameters.push(...extra);
    return deriveProfile(doc);
  };
  const query = (name: string, schema: object) => ({ name, in: 'query', schema });

  it('a date filter named `since` on an offset-paged collection is a filter, not a cursor', async () => {
    const profile = withQuery([query('since', { type: 'string', format: 'date' })]);
    const collection = profile.collections?.[0];
    expect(collection?.paging).toBeUndefined();
    expect(collection?.foreignPaging?.params).toEqual(['offset', 'limit']);
    expect(collection?.filters).toContain('since');
    const report = await runOne(check, fixture(frameworkApi({ listUnder: 'items', paging: 'offset-limit' })), profile);
    expect(report.results.map((r) => `${r.status} ${r.message}`)).toEqual([
      'skip not applicable: the target has no collection with cursor paging',
    ]);
  });

  it('a `since` date-time or an on/off `cursor` flag is no cursor parameter, whatever the paging', () => {
    const bare = (extra: object[]) =>
      deriveProfile({
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/things': {
            get: {
              parameters: extra,
              responses: {
                200: {
                  description: 'ok',
                  content: {
                    'application/json': {
                      schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } },
                    },
                  },
                },
              },
            },
          },
        },
      }).collections?.[0];
    const flagged = bare([query('cursor', { type: 'boolean' }), query('pageSize', { type: 'integer' })]);
    expect(flagged?.paging).toBeUndefined();
    expect(flagged?.filters).toEqual([]);
    const dated = bare([query('since', { type: 'string', format: 'date-time' })]);
    expect(dated?.paging).toBeUndefined();
    expect(dated?.filters).toEqual(['since']);
    // What the filter declares travels with it, so the values the run makes fit it.
    expect(dated?.filterSchemas).toEqual({ since: { type: 'string', format: 'date-time' } });
    // A string cursor is still one; a `since` beside page and pageSize filters by time.
    expect(bare([query('cursor', { type: 'string' })])?.paging).toEqual({ kind: 'cursor', param: 'cursor' });
    expect(pagingOf(['page', 'pageSize', 'since'])).toEqual({ paging: { kind: 'offset' } });
    expect(pagingOf(['since', 'pageSize'])).toEqual({ paging: { kind: 'cursor', param: 'since' } });
  });
});
