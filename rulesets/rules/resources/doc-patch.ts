import { defineRule, type RuleCase } from '../define.js';
import { O, ok, op, withPath } from '../documents.js';
import { operationsOf, responsesOf } from '../../support/inventory.js';
import { bareMediaType, entries, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { jsonSchemaOf } from '../../functions/resources.js';

const MERGE_PATCH = 'application/merge-patch+json';
/** doc-patch: PATCH accepts merge-patch+json and application/json, with a schema of its own. */
const mergePatch = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const ops = operationsOf(root);
  for (const op of ops) {
    if (op.method !== 'patch') continue;
    const body = op.operation.requestBody;
    if (!isObject(body) || !isObject(body.content)) continue;
    const types = Object.keys(body.content).map(bareMediaType);
    const missing = [MERGE_PATCH, 'application/json'].filter((t) => !types.includes(t));
    if (missing.length > 0)
      out.push(
        finding(`PATCH should accept ${missing.join(' and ')} (JSON Merge Patch)`, [
          ...op.at,
          'requestBody',
          'content',
        ]),
      );
    const get = ops.find((o) => o.path === op.path && o.method === 'get');
    const getOk = get ? responsesOf(get).find((r) => r.code === '200') : undefined;
    const getSchema = getOk ? jsonSchemaOf(getOk.response)?.schema : undefined;
    for (const [mediaType, media] of entries(body.content)) {
      if (isObject(media) && isObject(getSchema) && media.schema === getSchema) {
        out.push(
          finding('The PATCH body should have its own merge-patch schema, not the GET representation', [
            ...op.at,
            'requestBody',
            'content',
            mediaType,
          ]),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'doc-patch',
  severity: 'warn',
  description: 'PATCH accepts application/merge-patch+json and application/json with a patch schema of its own',
  then: mergePatch,
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** /employers/{employerId} answering Employer to GET, and taking `schema` as each media type to PATCH. */
const patchable = (schema: Json, mediaTypes: string[], schemas: Json) => {
  const content = Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }]));
  return withPath(
    '/employers/{employerId}',
    {
      get: op({ responses: { '200': ok(ref('Employer')) } }),
      patch: op({ operationId: 'p', requestBody: { required: true, content } }),
    },
    { components: { schemas: { Employer: { type: 'object' }, ...schemas } } },
  );
};

export const cases = (): RuleCase[] => [
  {
    name: 'only application/json; GET schema reused',
    errors: [
      { path: O('/employers/{employerId}', 'patch', 'requestBody', 'content') },
      { path: O('/employers/{employerId}', 'patch', 'requestBody', 'content', 'application/json') },
    ],
    document: patchable(ref('Employer'), ['application/json'], {}),
  },
  {
    name: 'merge patch with its own schema',
    errors: [],
    document: patchable(ref('EmployerPatch'), ['application/merge-patch+json', 'application/json'], {
      EmployerPatch: { type: 'object' },
    }),
  },
];
