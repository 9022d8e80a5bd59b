// Beyond belgif's validator, which checks only the items array: "a href property MUST be present".
import { defineRule, type RuleCase } from '../define.js';
import { base, collection, itemsOf, link, S } from '../documents.js';
import { collectionRepresentation } from '../../functions/resources.js';

export const rule = defineRule({
  code: 'col-repres-href',
  severity: 'error',
  description: 'Each item of a collection has an href link to the resource (not only self)',
  then: { function: collectionRepresentation, functionOptions: { aspect: 'href' } },
  guideRule: 'col-repres',
});

export const cases = (): RuleCase[] => [
  // "In these objects, a href property MUST be present with a link to the resource."

  {
    name: 'items without href; items with self instead of href',
    errors: [
      { path: [...S('/persons'), 'properties', 'items', 'items'], message: /have no "href"/ },
      { path: [...S('/cases'), 'properties', 'items', 'items'], message: /with "self" instead of "href"/ },
    ],
    document: base({
      paths: {
        ...collection(
          '/persons',
          itemsOf({ type: 'object', properties: { ssin: { type: 'string' }, name: { type: 'string' } } }),
        ),
        ...collection('/cases', itemsOf({ type: 'object', properties: { self: link, caseId: { type: 'string' } } })),
      },
    }),
  },
  {
    name: 'href declared, through allOf, in every oneOf member; a free-form item says nothing',
    errors: [],
    document: base({
      paths: {
        ...collection('/persons', itemsOf({ type: 'object', properties: { href: link, ssin: { type: 'string' } } })),
        ...collection(
          '/cases',
          itemsOf({
            allOf: [
              { type: 'object', properties: { href: link } },
              { type: 'object', properties: { caseId: { type: 'string' } } },
            ],
          }),
        ),
        ...collection(
          '/files',
          itemsOf({
            oneOf: [
              { type: 'object', properties: { href: link, a: { type: 'string' } } },
              { type: 'object', properties: { href: link, b: { type: 'string' } } },
            ],
          }),
        ),
        ...collection('/notes', itemsOf({ type: 'object', additionalProperties: true })),
      },
    }),
  },
];
