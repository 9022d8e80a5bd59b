import check from '../../../src/checks/doc/openapi-yaml.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

const yamlAs =
  (status: number, text: string): Mutator =>
  (req, res) => {
    if (req.path === '/doc/openapi.yaml') {
      res.status = status;
      res.text = text;
    }
  };

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    { name: 'not published', server: reference({ mutate: yamlAs(404, '') }), findings: ['notAvailable'] },
    {
      name: 'broken YAML',
      server: reference({ mutate: yamlAs(200, 'openapi: [3.0\n  - x: {') }),
      findings: ['notYaml'],
    },
    {
      name: 'YAML that is no OpenAPI document',
      server: reference({ mutate: yamlAs(200, 'info:\n  title: x\n') }),
      findings: ['notOpenApi'],
    },
    {
      name: 'an empty `openapi` version',
      server: reference({ mutate: yamlAs(200, "openapi: ''\ninfo:\n  title: x\n") }),
      findings: ['notOpenApi'],
    },
  ],
});
