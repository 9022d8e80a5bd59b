import check from '../../../src/checks/http/status-matrix.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      name: 'an API that does not answer OPTIONS (501, no Allow)',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'OPTIONS') {
            res.status = 501;
            delete res.headers['allow'];
          }
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'an absent document answers 409',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/5999999999') res.status = 409;
        },
      }),
      findings: ['statusNotForMethod'],
    },
    {
      name: 'a 303 without Location',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/5999999999') res.status = 303;
        },
      }),
      findings: ['missingLocation'],
    },
    {
      name: 'a 405 without Allow',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/abc' && req.method === 'HEAD') {
            res.status = 405;
            delete res.headers['allow'];
          }
        },
      }),
      findings: ['missingAllow'],
    },
    {
      name: 'OPTIONS 200 without Allow',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'OPTIONS') delete res.headers['allow'];
        },
      }),
      findings: ['optionsWithoutAllow'],
    },
  ],
});
