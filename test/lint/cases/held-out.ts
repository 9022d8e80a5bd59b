// Cases from the wrong findings of the held-out precision sample of issue 41's proof (a link
// schema's attribute describing a deprecation to come; a version-number enum on a version header).
// Written here from the shape seen, not copied from the descriptions.
import type { RuleCase } from '../harness.js';
import { op, queryParam, withPath } from '../documents.js';

export const cases: Record<string, RuleCase[]> = {
  // Query parameters take the casing of JSON property names ("consistent throughout the API"): one-letter words pass.
  'uri-notat': [
    {
      name: 'FP: one-letter words in query parameter names',
      errors: [],
      document: withPath('/charts', {
        get: op({
          parameters: [
            queryParam('enableSecondaryYAxis', { type: 'boolean' }),
            queryParam('zIndex', { type: 'integer' }),
          ],
        }),
      }),
    },
    {
      name: 'an abbreviation in capitals',
      errors: [{ path: ['paths', '/charts', 'get', 'parameters', 0] }],
      document: withPath('/charts', {
        get: op({ parameters: [queryParam('stationID', { type: 'string' })] }),
      }),
    },
  ],
};
