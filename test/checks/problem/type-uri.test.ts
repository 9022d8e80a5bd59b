import check from '../../../src/checks/problem/type-uri.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a bare word as type',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status >= 400) res.json['type'] = 'resourceNotFound';
        },
      }),
      findings: ['notAbsolute'],
    },
  ],
});
