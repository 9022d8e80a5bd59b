import check from '../../../src/checks/filter/full-text-q.js';
import { NO_MATCH } from '../../../src/checks/collection/support/collection-page.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../src/core/profile.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { employerItem, onEmployers } from './on-filtered.js';

// The employers support `q`; the built-in profile does not list it yet.
const withQ: Profile = {
  ...BUILT_IN_PROFILE,
  collections: (BUILT_IN_PROFILE.collections ?? []).map((c) => (c.path === '/employers' ? { ...c, filters: [...(c.filters ?? []), 'q'] } : c)),
};
const searching = (q: URLSearchParams) => q.has('q') && q.get('q') !== NO_MATCH;

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: withQ, skips: true }],
  invalid: [
    { name: 'a word found nowhere still returns employers', server: reference({ mutate: onEmployers((q) => q.get('q') === NO_MATCH, (_items, base) => [employerItem(base, 93)]) }), profile: withQ, findings: ['randomNotEmpty'] },
    { name: 'the search returns an employer without the word', server: reference({ mutate: onEmployers(searching, (items, base) => [...items, employerItem(base, 1017)]) }), profile: withQ, findings: ['notContaining'] },
    { name: 'the search finds nothing', server: reference({ mutate: onEmployers(searching, () => []) }), profile: withQ, findings: ['noResult'] },
  ],
});
