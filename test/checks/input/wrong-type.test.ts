import check from '../../../src/checks/input/wrong-type.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      // Django REST framework: a merge patch only as application/json (patch.media-types reports the other type).
      name: 'PATCH refuses application/merge-patch+json with 415, judges the body as application/json',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'PATCH' || !String(req.headers['content-type']).startsWith('application/merge-patch+json'))
            return;
          res.status = 415;
          res.headers['content-type'] = 'application/problem+json';
          res.json = { type: 'about:blank', title: 'Unsupported Media Type', status: 415 };
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'wrong type answers 422',
      server: reference({
        mutate: (req, res) => {
          if (req.method === 'POST' && res.status === 400) res.status = 422;
        },
      }),
      findings: ['not400'],
    },
    {
      name: 'issue of another type',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'PATCH' || !isObject(res.json) || !Array.isArray(res.json['issues'])) return;
          for (const issue of res.json['issues'])
            if (isObject(issue)) issue['type'] = 'urn:problem-type:belgif:input-validation:invalidInput';
        },
      }),
      findings: ['noSchemaViolation'],
    },
  ],
});
