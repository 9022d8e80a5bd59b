// Cases for problem types, links, documentation and reuse rules.
import type { RuleCase } from '../harness.js';
import { base, op, problem, withPath, withSchemas } from '../documents.js';

const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
// Relative to the harness's document, test/lint/case.json.
const REUSE = '../fixtures/lint/reuse';
const PROBLEM_V1 = `${REUSE}/problem/v1/problem-v1.yaml#/components/schemas/Problem`;
const UNVERSIONED = `${REUSE}/shared/types.yaml#/components/schemas/Amount`;

const problemWith = (example: unknown) => ({
  description: 'Problem',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' }, example } },
});

export const cases: Record<string, RuleCase[]> = {
  'prb-type': [
    {
      name: 'reverse-DNS org, upper-case type, http URL, about:blank as an example, bad issue type',
      errors: [
        { path: P('Problem', 'properties', 'type', 'example'), message: 'reverse-DNS' },
        { path: P('Problem', 'properties', 'type', 'enum', 0), message: 'lowerCamelCase' },
        { path: P('Problem', 'example', 'type'), message: 'about:blank' },
        {
          path: [
            'paths',
            '/things',
            'get',
            'responses',
            '400',
            'content',
            'application/problem+json',
            'example',
            'type',
          ],
          message: 'urn:problem-type',
        },
        {
          path: [
            'paths',
            '/things',
            'get',
            'responses',
            '400',
            'content',
            'application/problem+json',
            'example',
            'issues',
            0,
            'type',
          ],
          message: 'input-validation',
        },
      ],
      document: withPath(
        '/things',
        {
          get: op({
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } },
              },
              '400': problemWith({
                type: 'https://example.com/problems/bad',
                issues: [{ type: 'urn:problem-type:cbss:input-validation:a:b:c' }],
              }),
              default: problem(),
            },
          }),
        },
        {
          components: {
            schemas: {
              Problem: {
                type: 'object',
                example: { type: 'about:blank' },
                properties: {
                  type: {
                    type: 'string',
                    format: 'uri',
                    default: 'about:blank',
                    example: 'urn:problem-type:be.fgov.cbss:tooBig',
                    enum: ['urn:problem-type:cbss:TooBig', 'urn:problem-type:cbss:socialStatus:searchCriteriaTooWide'],
                  },
                },
              },
            },
          },
        },
      ),
    },
    {
      name: 'belgif, API-specific and issue types; about:blank default; types outside problems ignored',
      errors: [],
      document: withPath(
        '/things',
        {
          get: op({
            responses: {
              '200': {
                description: 'OK',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { type: { type: 'string', example: 'Car' } } },
                  },
                },
              },
              '400': problemWith({
                type: 'urn:problem-type:belgif:badRequest',
                issues: [
                  { type: 'urn:problem-type:belgif:input-validation:schemaViolation' },
                  { type: 'urn:problem-type:belgif-ext:input-validation:invalidPeriod' },
                  { type: 'urn:problem-type:cbss:input-validation:socialStatus:replacedSsin' },
                ],
              }),
              default: problem(),
            },
          }),
        },
        {
          components: {
            schemas: {
              Problem: {
                type: 'object',
                properties: {
                  type: {
                    type: 'string',
                    format: 'uri',
                    default: 'about:blank',
                    example: 'urn:problem-type:cbss:socialStatus:searchCriteriaTooWide',
                  },
                },
              },
            },
          },
        },
      ),
    },
  ],
  'hyp-links': [
    {
      name: "HAL links, a link object, an integer next (a link without format is hyp-links-format's)",
      errors: [
        { path: P('Thing', 'properties', '_links') },
        { path: P('Thing', 'properties', 'self'), message: 'not an object' },
        { path: P('Page', 'properties', 'next'), message: 'type string' },
      ],
      document: withSchemas({
        Thing: {
          type: 'object',
          properties: {
            _links: {
              type: 'object',
              properties: { self: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } } },
            },
            self: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
          },
        },
        Ref: { type: 'object', properties: { href: { type: 'string' } } },
        Page: {
          type: 'object',
          properties: { items: { type: 'array', items: { type: 'string' } }, next: { type: 'integer' } },
        },
      }),
    },
    {
      name: 'URI links; first/last of a name are not links',
      errors: [],
      document: withSchemas({
        Page: {
          type: 'object',
          properties: {
            self: { type: 'string', format: 'uri', readOnly: true },
            items: { type: 'array', items: { $ref: '#/components/schemas/Ref' } },
            next: { type: 'string', format: 'uri' },
            first: { type: 'string', format: 'uri' },
          },
        },
        Ref: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
        Name: { type: 'object', properties: { first: { type: 'string' }, last: { type: 'string' } } },
      }),
    },
  ],
  'oas-doc': [
    {
      name: 'TODO, stack trace, class name, SQL',
      errors: [
        { path: ['info', 'description'], message: 'TODO' },
        { path: ['paths', '/things', 'get', 'description'], message: 'stack trace' },
        { path: P('Thing', 'description'), message: 'class name' },
        { path: ['paths', '/things', 'get', 'parameters', 0, 'description'], message: 'SQL' },
      ],
      document: withPath(
        '/things',
        {
          get: op({
            description:
              'Fails with java.lang.IllegalStateException at be.fgov.demo.ThingService.find(ThingService.java:42)',
            parameters: [
              {
                name: 'q',
                in: 'query',
                schema: { type: 'string' },
                description: 'Used in SELECT * FROM things WHERE name LIKE q',
              },
            ],
          }),
        },
        {
          info: { title: 'Demo', version: '1.0.0', description: 'TODO: describe the API' },
          components: {
            schemas: {
              Thing: {
                type: 'object',
                description: 'Mapped from com.example.persistence.ThingEntity',
                properties: { a: { type: 'string' } },
              },
            },
          },
        },
      ),
    },
    {
      name: 'user-oriented prose',
      errors: [],
      document: withPath(
        '/things',
        {
          get: op({
            description:
              'Select the things to show from the list; update the filter to see others. See www.belgif.be for the guide.',
          }),
        },
        {
          info: {
            title: 'Demo',
            version: '1.0.0',
            description: 'Things of the demo organisation (e.g. example.org), for its partners.',
          },
        },
      ),
    },
  ],
  'oas-doc-coverage': [
    {
      name: 'no info.description; a one-word summary without description',
      errors: [{ path: ['info'] }, { path: ['paths', '/things', 'get'], message: 'one-word' }],
      document: withPath('/things', {
        get: op({ summary: 'Things' }),
        post: op({ operationId: 'addThing', summary: 'Add', description: 'Adds a thing to the collection.' }),
        put: op({
          operationId: 'putThing',
          summary: 'Replace',
          externalDocs: { url: 'https://example.org/docs/things' },
        }),
      }),
    },
    {
      name: 'described API, two-word summaries; schema-only documents are exempt',
      errors: [],
      document: withPath(
        '/things',
        { get: op({ summary: 'List things' }) },
        {
          info: { title: 'Demo', version: '1.0.0', description: 'Things of the demo organisation.' },
        },
      ),
    },
    {
      name: 'a schema-only document',
      errors: [],
      document: withSchemas({ A: { type: 'string' } }, { 'x-reusable-definitions-only': true }),
    },
  ],
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
