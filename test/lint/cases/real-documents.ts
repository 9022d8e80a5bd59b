// Cases from linting belgif's published openapi-* files (issue 10): each false positive they showed,
// written as the smallest document that produced it, and an OpenAPI 3.1 variant for every rule that
// reads type, enum or nullable (type arrays with 'null', const, oneOf with {type: 'null'}).
import type { RuleCase } from '../harness.js';
import { ok, op, problem, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const v31 = (document: Json): Json => ({ ...document, openapi: '3.1.0' });

export const cases: Record<string, RuleCase[]> = {
  'rep-struct': [
    {
      name: '3.1: a nullable object as text/plain',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'text/plain') }],
      document: v31(
        withPath('/a', {
          get: op({ responses: { '200': ok({ type: ['object', 'null'] }, 'text/plain'), default: problem() } }),
        }),
      ),
    },
  ],
};
