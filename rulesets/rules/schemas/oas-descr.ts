import { defineRule, type RuleCase } from '../define.js';
import { O, objectOf, ok, op, P, string, v31, withPath, withSchemas } from '../documents.js';
import { effectiveType, inventory } from '../../support/inventory.js';
import { isJsonMediaType, isObject, type JsonPath } from '../../support/json.js';
import { isUpperCamel } from '../../support/naming.js';
import { singleType } from '../../support/schema-forms.js';
import { operationSummaries } from '../../functions/operations.js';
import {
  defineRuleFunction,
  definedInOtherFile,
  definitionPath,
  finding,
  NO_OPTIONS,
  writtenAsRef,
  type Finding,
} from '../../functions/define.js';
import { componentNameIn } from '../../functions/schema-properties.js';

const isComponentPath = (path: JsonPath): boolean => path.length === 3 && componentNameIn(path) !== undefined;
/**
 * oas-descr: operations have a summary; inline object schemas have an UpperCamelCase title;
 * a component's title is absent or equals its name.
 */
const freeTextDocumentation = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = operationSummaries(root);
  for (const visit of inventory(root).schemas) {
    const { schema, at } = visit;
    const title = schema.title;
    if (typeof title === 'string') {
      const mapped = visit.componentName ? at : definitionPath(context, at);
      const component = isComponentPath(mapped) ? componentNameIn(mapped) : undefined;
      if (component !== undefined) {
        // A title equal to its component's name is what the guide asks; the name's case is oas-comp's.
        if (title !== component)
          out.push(
            finding(`Title "${title}" of a component schema should be absent or equal its name "${component}"`, [
              ...at,
              'title',
            ]),
          );
      } else if (effectiveType(schema) === 'object' && !isUpperCamel(title)) {
        // The guide asks an UpperCamelCase title "for inline schemas ... of type object" (a class name);
        // a string's or number's title is a human-readable label.
        out.push(finding(`Schema title "${title}" should be UpperCamelCase`, [...at, 'title']));
      }
      continue;
    }
    if (visit.componentName || visit.relation === 'allOf' || visit.relation === 'anyOf' || visit.relation === 'not')
      continue;
    // An object by its own type or properties (one merely composed of objects names none itself);
    // a map (additionalProperties only) becomes a Map, not a named class: no title needed.
    const hasProperties = isObject(schema.properties) && Object.keys(schema.properties).length > 0;
    const isMap = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
    if (hasProperties ? effectiveType(schema) !== 'object' : singleType(schema) !== 'object' || isMap) continue;
    if (visit.mediaType !== undefined && !isJsonMediaType(visit.mediaType)) continue;
    const defined = definitionPath(context, at);
    if (isComponentPath(defined) || writtenAsRef(context, at)) continue;
    // A schema that is a whole file (`$ref: RegisteringAuthority.yaml`) or a top-level entry of one is
    // named by that $ref, wherever the $ref is written: not part of another definition (issue 46).
    if (defined.length <= 1 && definedInOtherFile(context, at)) continue;
    out.push(finding('Inline object schemas should have an UpperCamelCase title', at));
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-descr',
  severity: 'warn',
  description:
    'Operations have a summary; inline object schemas have an UpperCamelCase title; component titles equal their names',
  then: freeTextDocumentation,
});

export const cases = (): RuleCase[] => [
  // "For inline schemas ... of type object, an UpperCamelCase title SHOULD be used": a string's title is a label.

  {
    name: 'FP: titles of string and number properties',
    errors: [],
    document: withSchemas({
      Person: objectOf({
        name: { type: 'string', title: 'the full name' },
        height: { type: 'number', title: 'height in cm' },
        tags: { type: 'array', title: 'free tags', items: string },
      }),
    }),
  },
  {
    name: 'an inline object titled in lower case, beside a titled string',
    errors: [{ path: P('Person', 'properties', 'address', 'title') }],
    document: withSchemas({
      Person: objectOf({
        name: { type: 'string', title: 'the full name' },
        address: { type: 'object', title: 'postal address', properties: { street: string } },
      }),
    }),
  },
  // "component schema title absent or equal to its name": equal is what the guide asks, whatever its case.

  {
    name: 'FP: a component titled with its own (snake_case) name',
    errors: [],
    document: withSchemas({ account_status: { type: 'string', title: 'account_status' } }),
  },
  {
    name: 'a component title other than its name; an inline title not UpperCamelCase',
    errors: [{ path: P('Account', 'title') }, { path: P('Account', 'properties', 'owner', 'title') }],
    document: withSchemas({
      Account: { type: 'object', title: 'account', properties: { owner: { type: 'object', title: 'the owner' } } },
    }),
  },

  {
    name: '3.1: an inline nullable object without title',
    errors: [{ path: P('A', 'properties', 'address') }],
    document: v31(withSchemas({ A: objectOf({ address: { type: ['object', 'null'] } }) })),
  },

  {
    name: 'no summary; inline object without title; lower title; component title differs',
    errors: [
      { path: ['paths', '/things', 'get'], message: 'summary' },
      { path: ['paths', '/things', 'get', 'responses', '200', 'content', 'application/json', 'schema'] },
      { path: P('A', 'properties', 'b', 'title') },
      { path: P('C', 'title') },
    ],
    document: withPath(
      '/things',
      {
        get: {
          operationId: 'getThings',
          responses: { '200': ok(objectOf({ a: { type: 'string' } })) },
        },
      },
      {
        components: {
          schemas: {
            A: objectOf({ b: { type: 'object', title: 'lower', properties: { c: { type: 'string' } } } }),
            C: { type: 'object', title: 'Other', properties: { c: { type: 'string' } } },
          },
        },
      },
    ),
  },
  {
    name: 'an untitled inline object without properties',
    errors: [{ path: O('/things', 'get', 'responses', '200', 'content', 'application/json', 'schema') }],
    document: withPath('/things', {
      get: op({ responses: { '200': ok({ type: 'object', description: 'anything' }) } }),
    }),
  },
  {
    name: 'an untitled inline map; an object only through allOf',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op({
          responses: {
            '200': ok({
              title: 'Counts',
              type: 'object',
              properties: {
                byName: { type: 'object', additionalProperties: { type: 'integer' } },
                other: { allOf: [{ $ref: '#/components/schemas/A' }] },
              },
            }),
          },
        }),
      },
      { components: { schemas: { A: { type: 'object' } } } },
    ),
  },
  {
    name: 'summaries, titled inline objects, referenced components',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op({ responses: { '200': ok({ $ref: '#/components/schemas/A' }) } }),
        post: op({
          operationId: 'post',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { title: 'Input', type: 'object', properties: { a: { type: 'string' } } },
              },
            },
          },
        }),
      },
      {
        components: {
          schemas: {
            A: {
              type: 'object',
              title: 'A',
              properties: { b: { allOf: [objectOf({ c: { type: 'string' } })] } },
            },
          },
        },
      },
    ),
  },
  // Issue 46 first pass (NHS PDS): a schema file $ref'd from another file's schema is named by its file.
  {
    name: "FP: a schema file $ref'd from another schema file; the inline object beside it",
    // Spectral reports it where it is written: in Patient.yaml.
    errors: [{ path: ['properties', 'address'] }],
    document: withPath('/patients', { get: op({ responses: { '200': ok({ $ref: 'split/schemas/Patient.yaml' }) } }) }),
  },
  {
    name: 'FP: schema files only',
    errors: [],
    document: withPath('/authorities', {
      get: op({ responses: { '200': ok({ $ref: 'split/schemas/RegisteringAuthority.yaml' }) } }),
    }),
  },
];
