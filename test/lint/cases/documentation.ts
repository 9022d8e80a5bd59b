// Cases for problem types, links, documentation and reuse rules.
import type { RuleCase } from '../harness.js';
import { base, op, withSchemas } from '../documents.js';

const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
// Relative to the harness's document, test/lint/case.json.
const REUSE = '../fixtures/lint/reuse';
const PROBLEM_V1 = `${REUSE}/problem/v1/problem-v1.yaml#/components/schemas/Problem`;
const UNVERSIONED = `${REUSE}/shared/types.yaml#/components/schemas/Amount`;

export const cases: Record<string, RuleCase[]> = {
  'oas-reuse': [
    {
      name: 'a file outside <domain>/v<major>/<domain>-v<major>.yaml, reported once',
      errors: [{ path: P('Price', '$ref'), message: 'types.yaml' }],
      document: withSchemas({
        Price: { $ref: UNVERSIONED },
        Cost: { $ref: UNVERSIONED },
      }),
    },
    {
      name: 'a versioned reusable file; local refs',
      errors: [],
      document: withSchemas({ Problem: { $ref: PROBLEM_V1 }, Local: { $ref: '#/components/schemas/Problem' } }),
    },
  ],
  'oas-reuse-version': [
    {
      name: 'a referenced file without info.version',
      errors: [{ path: P('Price', '$ref'), message: 'info.version' }],
      document: withSchemas({ Price: { $ref: UNVERSIONED } }),
    },
    {
      name: 'a referenced file with info.version',
      errors: [],
      document: withSchemas({ Problem: { $ref: PROBLEM_V1 } }),
    },
  ],
  'oas-comdef': [
    {
      name: 'Problem and Ssin defined locally by an API',
      errors: [{ path: P('Problem') }, { path: P('Ssin'), message: 'Ssin' }],
      document: withSchemas(
        {
          Ssin: { type: 'string', pattern: '^\\d{11}$' },
        },
        { paths: { '/a': { get: op() } } },
      ),
    },
    {
      name: 'Problem from a belgif file, extended by allOf; other names',
      errors: [],
      document: base({
        components: {
          schemas: {
            Problem: { $ref: PROBLEM_V1 },
            InputValidationProblem: {
              allOf: [{ $ref: PROBLEM_V1 }, { type: 'object', properties: { issues: { type: 'array' } } }],
            },
            Employer: { type: 'object' },
          },
        },
      }),
    },
  ],
};
