// The old version every finding-kind case starts from: requests and responses use separate
// schemas, so a change to one judges one direction only.
import type { Doc } from './harness.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const problem = { description: 'Problem', content: { 'application/problem+json': { schema: { type: 'object' } } } };

export const base = (): Doc => ({
  openapi: '3.0.3',
  info: { title: 'Employers', version: '1.0.0' },
  servers: [{ url: 'https://api.example.org/demo/v1' }],
  paths: {
    '/employers': {
      get: {
        operationId: 'listEmployers',
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: {
          200: { description: 'OK', content: json({ $ref: '#/components/schemas/EmployerList' }) },
          400: problem,
        },
      },
      post: {
        operationId: 'createEmployer',
        security: [{ oauth: ['employers:write'] }],
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/NewEmployer' }) },
        responses: {
          201: { description: 'Created', headers: { Location: { schema: { type: 'string', format: 'uri' } } } },
          400: problem,
        },
      },
    },
    '/employers/{employerId}': {
      parameters: [{ name: 'employerId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getEmployer',
        responses: {
          200: { description: 'OK', content: json({ $ref: '#/components/schemas/Employer' }) },
          404: problem,
        },
      },
      patch: {
        operationId: 'patchEmployer',
        requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
        responses: { 200: { description: 'OK', content: json({ $ref: '#/components/schemas/Employer' }) } },
      },
    },
  },
  components: {
    securitySchemes: {
      oauth: {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: 'https://example.org/token',
            scopes: { 'employers:read': 'read', 'employers:write': 'write' },
          },
        },
      },
    },
    schemas: {
      Employer: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string' },
          status: { type: 'string', enum: ['active', 'closed'] },
          employees: { type: 'integer' },
          founded: { type: 'string', format: 'date' },
          self: { type: 'string', format: 'uri' },
        },
      },
      EmployerList: {
        type: 'object',
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Employer' } } },
      },
      NewEmployer: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', maxLength: 100 },
          status: { type: 'string', enum: ['active', 'closed'] },
          employees: { type: 'integer' },
          founded: { type: 'string', format: 'date' },
        },
      },
      Unused: { type: 'object', properties: { code: { type: 'string' } } },
    },
  },
});
