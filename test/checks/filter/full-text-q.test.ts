import check from '../../../src/checks/filter/full-text-q.js';
import { NO_MATCH } from '../../../src/checks/support/collection-page.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile/profile.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { employerItem, onEmployers } from './on-filtered.js';

const searching = (q: URLSearchParams) => q.has('q') && q.get('q') !== NO_MATCH;

// The check sends the profile's parameter: the reference server refuses one it does not know with 400.
const withSearchParam: Profile = {
  ...BUILT_IN_PROFILE,
  collections: (BUILT_IN_PROFILE.collections ?? []).map((c) =>
    c.path === '/employers' ? { ...c, fullText: 'search' } : c,
  ),
};

testCheck(check, {
  // Only the employers have full-text search (`fullText: q`); the other collections get no result.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a word found nowhere still returns employers',
      server: reference({
        mutate: onEmployers(
          (q) => q.get('q') === NO_MATCH,
          (_items, base) => [employerItem(base, 93)],
        ),
      }),
      findings: ['randomNotEmpty'],
    },
    {
      name: 'the search returns an employer without the word',
      server: reference({ mutate: onEmployers(searching, (items, base) => [...items, employerItem(base, 1017)]) }),
      findings: ['notContaining'],
    },
    {
      name: 'the search finds nothing',
      server: reference({ mutate: onEmployers(searching, () => []) }),
      findings: ['noResult'],
    },
    {
      name: 'the profile names a full-text parameter the server does not have',
      server: reference(),
      profile: withSearchParam,
      findings: ['status'],
    },
  ],
});
