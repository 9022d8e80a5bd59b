// "URIs SHOULD always be absolute" says what links are; the guide derives href and self links from HttpLink and
// SelfLink, whose format: uri states it. Stating it is advice (no keyword); paging links get no schema there.
import { defineRule, type RuleCase } from '../define.js';
import { link, P, withSchemas } from '../documents.js';
import { linkProperties } from '../../functions/links.js';

export const rule = defineRule({
  code: 'hyp-links-format',
  severity: 'info',
  description:
    'href and self link strings declare format: uri, as the HttpLink and SelfLink the guide derives them from do',
  then: { function: linkProperties, functionOptions: { aspect: 'format' } },
  guideRule: 'hyp-links',
});

type Json = Record<string, unknown>;
const text: Json = { type: 'string' };

export const cases = (): RuleCase[] => [
  // belgif's HttpLink and SelfLink declare format: uri; the rule says URIs SHOULD be absolute: stating it is advice.

  {
    name: 'a link string without format',
    errors: [{ path: P('Ref', 'properties', 'href'), message: 'declare format: uri' }],
    document: withSchemas({
      Ref: {
        type: 'object',
        properties: { href: { type: 'string' }, self: { type: 'string', format: 'uri-reference' } },
      },
    }),
  },
  {
    name: "links with format uri; an object link is hyp-links' finding",
    errors: [],
    document: withSchemas({
      Ref: { type: 'object', properties: { href: link, self: { type: 'object', properties: { href: link } } } },
    }),
  },
  // "All href hyperlinks are derived from" HttpLink, self links from SelfLink (both format: uri); the
  // guide gives the paging links next/prev/first/last no schema of that kind.

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
];
