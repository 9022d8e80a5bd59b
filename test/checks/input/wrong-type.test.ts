import check from '../../../src/checks/input/wrong-type.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
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
