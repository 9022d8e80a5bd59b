import { defineRule, type RuleCase } from '../define.js';
import { op, P, queryParam, v31, withPath, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { allowsNull } from '../../support/schema-forms.js';
import { defineRuleFunction, definitionPath, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { componentNameIn, exempt, isCloudEventsAttribute, owningParameter } from '../../functions/schema-properties.js';

/** jsn-null: nullable JSON properties only in merge-patch schemas (named like Patch or Update, or used in PATCH bodies); parameters are not JSON. */
const nullableOutsidePatch = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  const { schemas, patchSchemas } = inventory(root);
  for (const visit of schemas) {
    const { schema, at } = visit;
    // A parameter's schema describes no JSON property (a nullable query parameter is no null in a body).
    if (!allowsNull(schema) || patchSchemas.has(schema) || owningParameter(visit) !== undefined) continue;
    if (exempt(componentNameIn(at))) continue;
    let named = false;
    for (let v = visit.parent; v && !named; v = v.parent) named = exempt(v.componentName);
    // Where the schema is defined (a $ref's target) only when nothing nearer exempts it.
    if (named || exempt(componentNameIn(definitionPath(context, at)))) continue;
    if (isCloudEventsAttribute(visit, context)) continue;
    out.push(
      finding('Omit properties without a value instead of making them nullable (nullable is for merge-patch schemas)', [
        ...at,
        schema.nullable === true
          ? 'nullable'
          : Array.isArray(schema.type)
            ? 'type'
            : Array.isArray(schema.oneOf)
              ? 'oneOf'
              : 'anyOf',
      ]),
    );
  }
  return out;
});

export const rule = defineRule({
  code: 'jsn-null',
  severity: 'warn',
  description: 'nullable is used only in merge-patch schemas',
  then: nullableOutsidePatch,
});

export const cases = (): RuleCase[] => [
  // "Properties with a null value SHOULD be omitted": a JSON property; a query parameter is none.

  {
    name: 'FP: a nullable query parameter',
    errors: [],
    document: withPath('/dialogs', {
      get: op({ parameters: [queryParam('createdAfter', { type: 'string', format: 'date-time', nullable: true })] }),
    }),
  },
  {
    name: 'a nullable property of a response body',
    errors: [{ path: P('Dialog', 'properties', 'seenAt', 'nullable') }],
    document: withSchemas({
      Dialog: { type: 'object', properties: { seenAt: { type: 'string', format: 'date-time', nullable: true } } },
    }),
  },
  {
    name: 'a nullable field in the data payload of a message named like CloudEvents (attributes are spared by inheritance, not by name)',
    errors: [{ path: P('EmployerCreatedAsynchronousMessage', 'properties', 'data', 'properties', 'name', 'nullable') }],
    document: withSchemas({
      EmployerCreatedAsynchronousMessage: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            title: 'EmployerCreated',
            properties: { name: { type: 'string', nullable: true } },
          },
        },
      },
    }),
  },

  {
    name: '3.1: a type array with null; a oneOf with {type: null}',
    errors: [{ path: P('A', 'properties', 'name', 'type') }, { path: P('A', 'properties', 'address', 'oneOf') }],
    document: v31(
      withSchemas({
        A: {
          type: 'object',
          properties: {
            name: { type: ['string', 'null'] },
            address: { oneOf: [{ $ref: '#/components/schemas/Address' }, { type: 'null' }] },
          },
        },
        Address: { type: 'object' },
      }),
    ),
  },
  {
    name: '3.1: null in a merge-patch schema',
    errors: [],
    document: v31(
      withSchemas({ EmployerPatch: { type: 'object', properties: { name: { type: ['string', 'null'] } } } }),
    ),
  },

  {
    name: 'nullable in a representation',
    errors: [{ path: P('Employer', 'properties', 'name', 'nullable') }],
    document: withSchemas({
      Employer: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
    }),
  },
  {
    name: 'nullable in patch schemas (by name, by use in PATCH)',
    errors: [],
    document: withPath(
      '/employers/{employerId}',
      {
        patch: op({
          requestBody: {
            required: true,
            content: { 'application/merge-patch+json': { schema: { $ref: '#/components/schemas/Changes' } } },
          },
        }),
      },
      {
        components: {
          schemas: {
            EmployerPatch: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
            Changes: { type: 'object', properties: { date: { type: 'string', nullable: true } } },
          },
        },
      },
    ),
  },
  {
    name: 'a CloudEvents event: its attributes may be null, its data and the event may not',
    errors: [
      { path: P('EmployerCreated', 'properties', 'data', 'properties', 'name', 'nullable') },
      { path: P('Wrapper', 'properties', 'event', 'nullable') },
    ],
    document: withSchemas({
      AsynchronousMessageBase: { type: 'object', properties: { type: { type: 'string' } } },
      EmployerCreated: {
        allOf: [
          { $ref: '#/components/schemas/AsynchronousMessageBase' },
          { type: 'object', properties: { subject: { type: 'string', nullable: true } } },
        ],
        properties: {
          dataref: { type: 'string', nullable: true },
          data: { type: 'object', properties: { name: { type: 'string', nullable: true } } },
        },
      },
      Wrapper: {
        type: 'object',
        properties: { event: { nullable: true, allOf: [{ $ref: '#/components/schemas/EmployerCreated' }] } },
      },
    }),
  },
];
