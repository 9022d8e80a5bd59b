import check from '../../../src/checks/select/self-reflects-query.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'self without the query',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('select=') && isObject(res.json) && typeof res.json['self'] === 'string')
            res.json['self'] = res.json['self'].split('?')[0] ?? '';
        },
      }),
      findings: ['queryLost'],
    },
    {
      name: 'no self',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('select=') && isObject(res.json)) delete res.json['self'];
        },
      }),
      findings: ['noSelf'],
    },
  ],
});
