import check from '../../../src/checks/http/unknown-uri-404.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'unknown URIs answer 200',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('restguideUnknown')) {
            res.status = 200;
            res.headers['content-type'] = 'application/json';
            res.json = {};
          }
        },
      }),
      findings: ['not404'],
    },
  ],
});
