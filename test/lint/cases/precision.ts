// Cases from linting public descriptions nobody here wrote (issue 29): for each systematic false
// finding, the smallest document that produced it, which must now be clean, and one that must still
// give exactly its findings. Written from the guide's text, quoted where it decides.
import type { RuleCase } from '../harness.js';
import { op, problem, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const response = (mediaType: string, schema: Json): Json => ({
  description: 'x',
  content: { [mediaType]: { schema } },
});

export const cases: Record<string, RuleCase[]> = {
  // "Structured data as JSON": an image, a PDF or any raw content described as a string (or not at all) is not structured data.
  'rep-struct': [
    {
      name: 'FP: an image as a string without format; an image with an empty schema; a diff as a string',
      errors: [],
      document: withPath('/things/{thingId}/picture', {
        get: op({
          responses: {
            '200': {
              description: 'x',
              content: {
                'image/png': { schema: { type: 'string' } },
                'image/jpeg': { schema: {} },
                'application/vnd.example.diff': { schema: { type: 'string' } },
              },
            },
            default: problem(),
          },
        }),
      }),
    },
    {
      name: 'an array as application/pdf',
      errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'application/pdf') }],
      document: withPath('/a', {
        get: op({
          responses: {
            '200': response('application/pdf', { type: 'array', items: { type: 'string' } }),
            default: problem(),
          },
        }),
      }),
    },
  ],
};
