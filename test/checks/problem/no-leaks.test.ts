import check from '../../../src/checks/problem/no-leaks.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'a Java stack trace in detail',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status === 404)
            res.json['detail'] = 'failed\n\tat com.acme.registry.EmployerService.find(EmployerService.java:42)';
        },
      }),
      findings: ['leakInBody'],
    },
    {
      name: 'a SQL state',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status === 400)
            res.json['detail'] = 'SQLSTATE 22003: numeric value out of range';
        },
      }),
      findings: ['leakInBody'],
    },
    {
      name: 'X-Powered-By and a versioned Server header',
      server: reference({
        mutate: (_req, res) => {
          res.headers['x-powered-by'] = 'Express';
          res.headers['server'] = 'Apache/2.4.41 (Ubuntu)';
        },
      }),
      findings: ['leakInHeader'],
    },
    {
      // json-server (Express' errorhandler): only a body that fails to parse shows it, so only a write probe finds it.
      name: 'a Node stack trace in the HTML answer to malformed JSON',
      server: reference({
        mutate: (req, res) => {
          if (req.method !== 'POST' || res.status !== 400) return;
          res.headers['content-type'] = 'text/html; charset=utf-8';
          res.text =
            '<pre>SyntaxError: Unexpected end of JSON input<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)<br> &nbsp; &nbsp;at parse (/srv/api/node_modules/body-parser/lib/types/json.js:96:19)</pre>';
        },
      }),
      findings: ['leakInBody'],
    },
    {
      name: 'a problem type on stoplight.io (a Prism mock)',
      server: reference({
        mutate: (_req, res) => {
          if (isObject(res.json) && res.status === 404)
            res.json['type'] = 'https://stoplight.io/prism/errors#NOT_FOUND';
        },
      }),
      findings: ['leakInBody'],
    },
  ],
});
