import { defineRule, type RuleCase } from '../define.js';
import { op, P, withPath } from '../documents.js';
import { allParameters, allResponseHeaders, inventory, operationsOf, responsesOf } from '../../support/inventory.js';
import { asArray, isObject, type Json, type JsonPath } from '../../support/json.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';
import { implementationLeak } from '../../functions/documentation.js';

/** Every description-like text once, with its path: info, tags, operations, parameters, responses, headers, schemas. */
function documentationTexts(root: Json): Array<{ text: string; at: JsonPath }> {
  const out: Array<{ text: string; at: JsonPath }> = [];
  const seen = new Set<Json>();
  const collect = (holder: unknown, at: JsonPath, keys: string[] = ['description']) => {
    if (!isObject(holder) || seen.has(holder)) return;
    seen.add(holder);
    for (const key of keys)
      if (typeof holder[key] === 'string') out.push({ text: holder[key] as string, at: [...at, key] });
  };
  collect(root.info, ['info'], ['title', 'description']);
  asArray(root.tags).forEach((tag, i) => collect(tag, ['tags', i]));
  for (const op of operationsOf(root)) {
    collect(op.operation, op.at, ['summary', 'description']);
    for (const { response, at } of responsesOf(op)) collect(response, at);
  }
  for (const { parameter, at } of allParameters(root)) collect(parameter, at);
  for (const { header, at } of allResponseHeaders(root)) collect(header, at);
  for (const { schema, at } of inventory(root).schemas) collect(schema, at, ['title', 'description']);
  return out;
}
/** oas-doc: no internal implementation details (TODOs, stack traces, class names, SQL) in the documentation. */
const noImplementationDetails = defineRuleFunction<null>(null, (root) => {
  const out: Finding[] = [];
  for (const { text, at } of documentationTexts(root)) {
    const leak = implementationLeak(text);
    if (leak) out.push(finding(`Documentation should not expose implementation details: ${leak}`, at));
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-doc',
  severity: 'warn',
  description: 'Documentation texts expose no implementation details (TODO/FIXME, stack traces, class names, SQL)',
  then: noImplementationDetails,
});

export const cases = (): RuleCase[] => [
  {
    name: 'TODO, stack trace, class name, SQL',
    errors: [
      { path: ['info', 'description'], message: 'TODO' },
      { path: ['paths', '/things', 'get', 'description'], message: 'stack trace' },
      { path: P('Thing', 'description'), message: 'class name' },
      { path: ['paths', '/things', 'get', 'parameters', 0, 'description'], message: 'SQL' },
    ],
    document: withPath(
      '/things',
      {
        get: op({
          description:
            'Fails with java.lang.IllegalStateException at be.fgov.demo.ThingService.find(ThingService.java:42)',
          parameters: [
            {
              name: 'q',
              in: 'query',
              schema: { type: 'string' },
              description: 'Used in SELECT * FROM things WHERE name LIKE q',
            },
          ],
        }),
      },
      {
        info: { title: 'Demo', version: '1.0.0', description: 'TODO: describe the API' },
        components: {
          schemas: {
            Thing: {
              type: 'object',
              description: 'Mapped from com.example.persistence.ThingEntity',
              properties: { a: { type: 'string' } },
            },
          },
        },
      },
    ),
  },
  {
    name: 'user-oriented prose',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op({
          description:
            'Select the things to show from the list; update the filter to see others. See www.belgif.be for the guide.',
        }),
      },
      {
        info: {
          title: 'Demo',
          version: '1.0.0',
          description: 'Things of the demo organisation (e.g. example.org), for its partners.',
        },
      },
    ),
  },
];
