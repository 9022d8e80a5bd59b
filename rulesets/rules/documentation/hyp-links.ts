import { defineRule, type RuleCase } from '../define.js';
import { P, v31, withSchemas } from '../documents.js';
import { linkProperties } from '../../functions/links.js';

export const rule = defineRule({
  code: 'hyp-links',
  severity: 'warn',
  description:
    'Links (href, self, and next/prev/first/last of collections) are absolute URI strings, not objects or relative references; HAL _links/_embedded are not used',
  then: { function: linkProperties, functionOptions: { aspect: 'shape' } },
});

export const cases = (): RuleCase[] => [
  // "URIs SHOULD always be absolute": a format admitting relative references is the SHOULD broken.

  {
    name: 'a link declared as uri-reference',
    errors: [{ path: P('Ref', 'properties', 'href'), message: 'admits relative URIs' }],
    document: withSchemas({
      Ref: { type: 'object', properties: { href: { type: 'string', format: 'uri-reference' } } },
    }),
  },
  {
    name: "a link string without format is not hyp-links' finding",
    errors: [],
    document: withSchemas({ Ref: { type: 'object', properties: { href: { type: 'string' } } } }),
  },

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

  {
    name: '3.1: a nullable integer next; a nullable URI self',
    errors: [{ path: P('Page', 'properties', 'next') }],
    document: v31(
      withSchemas({
        Page: {
          type: 'object',
          properties: {
            items: { type: 'array', items: { type: 'string' } },
            next: { type: ['integer', 'null'] },
            self: { type: ['string', 'null'], format: 'uri' },
          },
        },
      }),
    ),
  },
];
