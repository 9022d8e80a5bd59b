import check from '../../../src/checks/sort/unknown-property-400.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'an unknown sort key is ignored',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('restguideNoSuchProperty')) {
            res.status = 200;
            res.headers['content-type'] = 'application/json';
            res.json = { items: [] };
          }
        },
      }),
      findings: ['notBadRequest'],
    },
    {
      name: 'an unknown sort key is a plain JSON 400',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('restguideNoSuchProperty')) res.headers['content-type'] = 'application/json';
        },
      }),
      findings: ['notProblem'],
    },
  ],
});
