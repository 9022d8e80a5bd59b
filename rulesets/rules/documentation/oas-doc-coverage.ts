import { defineRule, type RuleCase } from '../define.js';
import { definitions, O, ok, op, problem, withPath, withSchemas } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, isSchemaOnly, type Finding } from '../../functions/define.js';

const HEALTH_PATH = /(?:^|\/)health$/;
const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
const wordCount = (value: unknown): number =>
  typeof value === 'string' ? value.trim().split(/\s+/).filter(Boolean).length : 0;
/**
 * oas-doc-coverage (a heuristic, so info): the API has an info.description; an operation with
 * neither description nor externalDocs has a summary of at least two words (one without a summary
 * is left to oas-descr).
 */
export const documentationCoverage = defineRuleFunction<{ minSummaryWords: number }>(
  {
    type: 'object',
    properties: { minSummaryWords: { type: 'integer', minimum: 1 } },
    required: ['minSummaryWords'],
    additionalProperties: false,
  },
  (root, { minSummaryWords }) => {
    if (isSchemaOnly(root)) return [];
    const out: Finding[] = [];
    if (isObject(root.info) && !hasText(root.info.description)) {
      out.push(finding('The API has no info.description: describe what it offers and to whom', ['info']));
    }
    for (const op of operationsOf(root)) {
      const { operation } = op;
      if (hasText(operation.description) || isObject(operation.externalDocs)) continue;
      // The guide itself documents GET /health (its statuses and body): "Health" says all it needs to.
      if (op.method === 'get' && HEALTH_PATH.test(op.path)) continue;
      // No summary at all is oas-descr's finding on the same operation.
      if (!hasText(operation.summary) || wordCount(operation.summary) >= minSummaryWords) continue;
      out.push(
        finding(
          `${op.method.toUpperCase()} ${op.path} is documented by a one-word summary only: add a description or externalDocs`,
          op.at,
        ),
      );
    }
    return out;
  },
);

export const rule = defineRule({
  code: 'oas-doc-coverage',
  severity: 'info',
  description:
    'Heuristic: the API has an info.description, and no operation is documented by a one-word summary alone (no description, no externalDocs)',
  then: {
    function: documentationCoverage,
    functionOptions: { minSummaryWords: 2 },
  },
  guideRule: 'oas-doc',
});

export const cases = (): RuleCase[] => [
  {
    name: 'no info.description; a one-word summary without description',
    errors: [{ path: ['info'] }, { path: ['paths', '/things', 'get'], message: 'one-word' }],
    document: withPath('/things', {
      get: op({ summary: 'Things' }),
      post: op({ operationId: 'addThing', summary: 'Add', description: 'Adds a thing to the collection.' }),
      put: op({
        operationId: 'putThing',
        summary: 'Replace',
        externalDocs: { url: 'https://example.org/docs/things' },
      }),
    }),
  },
  {
    name: 'described API, two-word summaries; schema-only documents are exempt',
    errors: [],
    document: withPath(
      '/things',
      { get: op({ summary: 'List things' }) },
      {
        info: { title: 'Demo', version: '1.0.0', description: 'Things of the demo organisation.' },
      },
    ),
  },
  {
    name: 'a schema-only document',
    errors: [],
    document: withSchemas({ A: { type: 'string' } }, { 'x-reusable-definitions-only': true }),
  },
  // One finding per cause: an operation without summary is oas-descr's ("summary SHOULD be present").

  {
    name: 'FP: an operation without summary or description (oas-descr)',
    errors: [],
    document: withPath(
      '/things',
      { get: { operationId: 'things', responses: { '200': ok(), default: problem() } } },
      { info: { title: 'Demo', version: '1.0.0', description: 'Things' } },
    ),
  },
  {
    name: 'a one-word summary alone',
    errors: [{ path: O('/things', 'get') }],
    document: withPath(
      '/things',
      { get: op({ summary: 'Things' }) },
      { info: { title: 'Demo', version: '1.0.0', description: 'Things' } },
    ),
  },

  {
    name: 'FP: a schema-only file (paths: {}) without info.description',
    errors: [],
    document: definitions({ schemas: { Period: { type: 'object' } } }),
  },
  // Issue 46 first pass (FastAPI's GET /health "Health"): the guide's health resource needs no more.
  {
    name: 'FP: GET /health summarized in one word',
    errors: [],
    document: withPath(
      '/api/v1/health',
      { get: op({ summary: 'Health' }) },
      { info: { title: 'Demo', version: '1.0.0', description: 'Things' } },
    ),
  },
  {
    name: 'a one-word summary on POST /health',
    errors: [{ path: O('/health', 'post') }],
    document: withPath(
      '/health',
      { get: op({ summary: 'Health' }), post: op({ operationId: 'probe', summary: 'Probe' }) },
      { info: { title: 'Demo', version: '1.0.0', description: 'Things' } },
    ),
  },
];
