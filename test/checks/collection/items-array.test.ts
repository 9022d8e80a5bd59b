import check from '../../../src/checks/collection/items-array.js';
import { isObject } from '../../../src/core/util/json.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';
import { frameworkApi, frameworkDocument } from '../../helpers/framework-api.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'items is a map keyed by href',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/employers?') && isObject(res.json) && Array.isArray(res.json['items']))
            res.json['items'] = { first: res.json['items'][0] };
        },
      }),
      findings: ['notArray'],
    },
    {
      name: 'items are bare hrefs',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/companies?') && isObject(res.json) && Array.isArray(res.json['items']))
            res.json['items'] = res.json['items'].map((item) => (isObject(item) ? item['href'] : item));
        },
      }),
      findings: ['notObjectItem'],
    },
    {
      name: 'items is absent',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/appendices/employerclasses?') && isObject(res.json)) delete res.json['items'];
        },
      }),
      findings: ['missing'],
    },
    {
      name: 'items listed under `results` (a framework default), the profile derived from its own document',
      server: fixture(frameworkApi({ listUnder: 'results', paging: 'offset-limit' })),
      profile: deriveProfile(frameworkDocument({ listUnder: 'results', paging: 'offset-limit' })),
      findings: ['listedUnder'],
    },
    {
      // A mock answering a declared example: the list is the page's only array, and it is empty.
      name: 'an empty list under another name (`accounts: []`)',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/appendices/employerclasses?') && isObject(res.json)) {
            delete res.json['items'];
            res.json['accounts'] = [];
          }
        },
      }),
      findings: ['listedUnder'],
    },
  ],
});
