import { describe, expect, it } from 'vitest';
import check, { BODY_LEAKS } from '../../../src/checks/problem/no-leaks.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, runOne, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference() },
    {
      // uvicorn's default header: a product name without a version is no implementation detail err-sanit names.
      name: 'Server: uvicorn (a product name, no version)',
      server: reference({
        mutate: (_req, res) => {
          res.headers['server'] = 'uvicorn';
        },
      }),
    },
  ],
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
      // PostgREST passes PostgreSQL's error on; the run's requests carry no Accept header, and are judged all the same.
      name: "PostgreSQL's 22P02 and its message in a 500 to a request without Accept",
      server: reference({
        mutate: (req, res) => {
          if (res.status !== 400 || req.headers['accept'] !== undefined) return;
          res.status = 500;
          res.json = {
            code: '22P02',
            details: null,
            hint: null,
            message: 'invalid input syntax for type bigint: "abc"',
          };
          res.text = JSON.stringify(res.json);
        },
      }),
      findings: ['leakInBody'],
    },
    {
      name: "PostgreSQL's 22001 as the only clue",
      server: reference({
        mutate: (req, res) => {
          if (res.status !== 400 || req.headers['accept'] !== undefined) return;
          res.status = 500;
          res.json = { code: '22001', message: 'Request failed' };
          res.text = JSON.stringify(res.json);
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
      // Django's runserver: the product names come with their versions.
      name: 'Server: WSGIServer/0.2 CPython/3.11.2',
      server: reference({
        mutate: (_req, res) => {
          res.headers['server'] = 'WSGIServer/0.2 CPython/3.11.2';
        },
      }),
      findings: ['leakInHeader'],
    },
    {
      name: 'Server: nginx 1.25.3 (a version after a space)',
      server: reference({
        mutate: (_req, res) => {
          res.headers['server'] = 'nginx 1.25.3';
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

describe('problem.no-leaks on PostgreSQL messages', () => {
  const database = (BODY_LEAKS.find(([what]) => what === 'a database error') as [string, RegExp])[1];
  it.each([
    'invalid input syntax for type integer: "abc"',
    'value too long for type character varying(20)',
    'invalid input syntax for type date: "2024-13-45"',
    'date/time field value out of range: "2024-02-30"',
    'null value in column "name" of relation "employers" violates not-null constraint',
    'column "nmae" does not exist',
    'invalid input value for enum employer_kind: "x"',
  ])('finds %s', (message) => expect(database.test(message)).toBe(true));
  it.each(['The value is too long', 'Invalid input: name must be a string', 'column order does not matter'])(
    'leaves %s alone',
    (message) => expect(database.test(message)).toBe(false),
  );
});

describe('problem.no-leaks folds by the leaking member (field: routing-controllers)', () => {
  // routing-controllers in development mode: every error body carries `stack`; what each shows in it differs.
  const stack = (lines: string) => `Error\n${lines}`;
  const server = reference({
    mutate: (_req, res) => {
      if (!isObject(res.json) || res.status < 400) return;
      res.json['stack'] =
        res.status === 404
          ? stack(
              [
                '    at new HttpError (/srv/api/node_modules/routing-controllers/cjs/http-error/HttpError.js:17:22)',
                '    at ActionParameterHandler.normalizeStringValue (/srv/api/node_modules/routing-controllers/cjs/ActionParameterHandler.js:149:27)',
              ].join('\n'),
            )
          : stack('    at async bodyParser (/srv/api/node_modules/koa-bodyparser/index.js:78:5)');
    },
  });

  it('one `stack` member is one finding, whatever each answer showed in it', async () => {
    const report = await runOne(check, server);
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toEqual(['fail leakInBody']);
    expect(report.results[0]?.message).toMatch(/revealing .*a file path/);
  });
});
