import check from '../../../src/checks/problem/no-leaks.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a Java stack trace in detail',
      server: reference({ mutate: (_req, res) => { if (isObject(res.json) && res.status === 404) res.json['detail'] = 'failed\n\tat com.acme.registry.EmployerService.find(EmployerService.java:42)'; } }),
      findings: ['leakInBody'],
    },
    {
      name: 'a SQL state',
      server: reference({ mutate: (_req, res) => { if (isObject(res.json) && res.status === 400) res.json['detail'] = 'SQLSTATE 22003: numeric value out of range'; } }),
      findings: ['leakInBody'],
    },
    {
      name: 'X-Powered-By and a versioned Server header',
      server: reference({ mutate: (_req, res) => { res.headers['x-powered-by'] = 'Express'; res.headers['server'] = 'Apache/2.4.41 (Ubuntu)'; } }),
      findings: ['leakInHeader'],
    },
  ],
});
