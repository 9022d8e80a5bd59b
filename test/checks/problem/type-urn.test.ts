import check from '../../../src/checks/problem/type-urn.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'an https URL as type',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status >= 400) res.json['type'] = 'https://example.org/problems/not-found';
        },
      }),
      findings: ['notUrn'],
    },
    {
      name: 'an UpperCamelCase type name',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status >= 400) res.json['type'] = 'urn:problem-type:belgif:ResourceNotFound';
        },
      }),
      findings: ['notUrn'],
    },
  ],
});
