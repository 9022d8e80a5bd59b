import check from '../../../src/checks/link/dereferenceable.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      // Port 9 on loopback refuses: requesting it would end the check in error, so passing proves it was not requested.
      name: 'cross-origin links are not requested',
      server: reference({
        mutate: (req, res) => {
          if (/^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json) && isObject(res.json['company']))
            res.json['company']['href'] = 'http://127.0.0.2:9/companies/1';
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'linked companies answer 404',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'GET' && /^\/companies\/[0-9]+$/.test(req.path)) res.status = 404;
        },
      }),
      findings: ['notOk'],
    },
  ],
});
