import check from '../../../src/checks/doc/openapi-json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const jsonAs =
  (status: number, text: string): Mutator =>
  (req, res) => {
    if (req.path === '/doc/openapi.json') {
      res.status = status;
      res.text = text;
    }
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'not published', server: reference({ mutate: jsonAs(404, '') }), findings: ['notAvailable'] },
    {
      name: 'YAML served instead',
      server: reference({ mutate: jsonAs(200, 'openapi: 3.0.3\n') }),
      findings: ['notJson'],
    },
    {
      name: 'JSON that is no OpenAPI document',
      server: reference({ mutate: jsonAs(200, '{"info":{}}') }),
      findings: ['notOpenApi'],
    },
    {
      name: 'an empty `openapi` version',
      server: reference({ mutate: jsonAs(200, '{"openapi":"","info":{},"paths":{}}') }),
      findings: ['notOpenApi'],
    },
  ],
});
