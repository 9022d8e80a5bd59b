// Cases from the debatable kinds of issue 41's held-out judgements, settled with the guide's text
// (hypermedia, api and api_specifications chapters). Written here from the shapes seen, not copied.
import type { RuleCase } from '../harness.js';
import { withSchemas } from '../documents.js';

type Json = Record<string, unknown>;
const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const text: Json = { type: 'string' };

export const cases: Record<string, RuleCase[]> = {
  // "All href hyperlinks are derived from" HttpLink, self links from SelfLink (both format: uri); the
  // guide gives the paging links next/prev/first/last no schema of that kind.
  'hyp-links-format': [
    {
      name: 'FP: paging links without a format',
      errors: [],
      document: withSchemas({
        Page: {
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
            },
            next: text,
            prev: text,
            first: text,
            last: text,
          },
        },
      }),
    },
    {
      name: 'a self link without a format names SelfLink',
      errors: [{ path: P('Page', 'properties', 'self'), message: 'the guide derives self links from SelfLink' }],
      document: withSchemas({ Page: { type: 'object', properties: { self: text, next: text } } }),
    },
  ],
};
