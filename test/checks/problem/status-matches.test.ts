import check from '../../../src/checks/problem/status-matches.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'problem status differs from HTTP status',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status === 404) res.json['status'] = 500;
        },
      }),
      findings: ['mismatch'],
    },
  ],
});
