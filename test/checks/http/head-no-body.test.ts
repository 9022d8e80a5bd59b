import check from '../../../src/checks/http/head-no-body.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'HEAD answers 405',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'HEAD') res.status = 405;
        },
      }),
      findings: ['statusDiffers'],
    },
    {
      name: 'HEAD answers another media type',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'HEAD') res.headers['content-type'] = 'text/html';
        },
      }),
      findings: ['contentTypeDiffers'],
    },
  ],
});
