import check from '../../../src/checks/link/no-trailing-slash.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'self with a trailing slash',
      server: reference({
        mutate: (req, res) => {
          if (/^\/employers\/[0-9]+$/.test(req.path) && isObject(res.json))
            res.json['self'] = `${String(res.json['self'])}/`;
        },
      }),
      findings: ['trailingSlash'],
    },
  ],
});
