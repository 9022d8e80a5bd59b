import check from '../../../src/checks/problem/instance-absolute.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a bare uuid as instance',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && typeof res.json['instance'] === 'string')
            res.json['instance'] = res.json['instance'].replace('urn:uuid:', '');
        },
      }),
      findings: ['notAbsolute'],
    },
  ],
});
