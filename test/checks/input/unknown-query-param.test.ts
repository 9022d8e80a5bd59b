import check from '../../../src/checks/input/unknown-query-param.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'unknown parameter ignored on collections',
      server: reference({
        mutate: (req, res) => {
          if (req.path.startsWith('/companies?restguideUnknownParam')) {
            res.status = 200;
            res.headers['content-type'] = 'application/json';
            res.json = { items: [] };
          }
        },
      }),
      findings: ['not400'],
    },
    {
      name: 'refused as a schema violation',
      server: reference({
        mutate: (req, res) => {
          if (!req.path.includes('restguideUnknownParam') || !isObject(res.json) || !Array.isArray(res.json['issues']))
            return;
          for (const issue of res.json['issues'])
            if (isObject(issue)) issue['type'] = 'urn:problem-type:belgif:input-validation:schemaViolation';
        },
      }),
      findings: ['noUnknownInputIssue'],
    },
  ],
});
