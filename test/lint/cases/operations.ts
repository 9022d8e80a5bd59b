// Cases for operation and resource rules.
import type { RuleCase } from '../harness.js';
import { ok, op, problem, withPath } from '../documents.js';

const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];

export const cases: Record<string, RuleCase[]> = {
  'rep-struct': [
    {
      name: 'an object as text/plain',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'text/plain') }],
      document: withPath('/a', { get: op({ responses: { '200': ok({ type: 'object' }, 'text/plain') } }) }),
    },
    {
      name: 'JSON, problem+json, binary, text string',
      errors: [],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': {
              description: 'x',
              content: {
                'application/json': { schema: { type: 'object' } },
                'application/pdf': { schema: { type: 'string', format: 'binary' } },
                'text/csv': { schema: { type: 'string' } },
              },
            },
            default: problem(),
          },
        }),
      }),
    },
    {
      name: 'a plain string as */* (no binary format)',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', '*/*') }],
      document: withPath('/a', { get: op({ responses: { '200': ok({ type: 'string' }, '*/*') } }) }),
    },
    {
      name: 'OAS 3.1: a plain string body is raw content',
      errors: [],
      document: {
        ...withPath('/a', {
          get: op({ responses: { '200': ok({ type: 'string' }, 'image/png'), default: problem() } }),
        }),
        openapi: '3.1.0',
      },
    },
    {
      name: 'an object as multipart/*; binary as */*',
      errors: [],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': {
              description: 'x',
              content: {
                'multipart/*': { schema: { type: 'object' } },
                '*/*': { schema: { type: 'string', format: 'binary' } },
              },
            },
            default: problem(),
          },
        }),
      }),
    },
  ],
};
