import check from '../../../src/checks/id/issue-in-path.js';
import { isObject } from '../../../src/core/util/json.js';
import type { Mutator } from '../../helpers/proxy.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

const onIssues =
  (change: (issue: Record<string, unknown>) => void): Mutator =>
  (req, res) => {
    if (req.path !== '/employers/abc' || !isObject(res.json) || !Array.isArray(res.json['issues'])) return;
    for (const issue of res.json['issues']) if (isObject(issue)) change(issue);
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'no issues',
      server: reference({
        mutate: (req, res) => {
          if (req.path === '/employers/abc' && isObject(res.json)) delete res.json['issues'];
        },
      }),
      findings: ['noIssues'],
    },
    {
      name: 'issue located in the query',
      server: reference({
        mutate: onIssues((i) => {
          i['in'] = 'query';
        }),
      }),
      findings: ['noPathIssue'],
    },
    {
      name: 'issue names another parameter',
      server: reference({
        mutate: onIssues((i) => {
          i['name'] = 'id';
        }),
      }),
      findings: ['noPathIssue'],
    },
    {
      name: 'issue without the value',
      server: reference({
        mutate: onIssues((i) => {
          delete i['value'];
        }),
      }),
      findings: ['noPathIssue'],
    },
  ],
});
