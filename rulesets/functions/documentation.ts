// oas-doc: the OpenAPI document is user-oriented documentation: its texts leak no implementation
// details, and the API and its operations say more than a one-word summary.
import { allParameters, allResponseHeaders, inventory, operationsOf, responsesOf } from '../support/inventory.js';
import { asArray, isObject, type Json, type JsonPath } from '../support/json.js';
import { defineRuleFunction, finding, isSchemaOnly, type Finding } from './define.js';

const PACKAGE_ROOT = '(?:com|org|net|be|io|eu|java|javax|jakarta)';

/**
 * What gives away the implementation, by name; case-sensitive so prose ("select the items from") is
 * not SQL. A class name and a SELECT do not start where one already started earlier in the same
 * run (the lookbehinds): that start saw all this one would, so each run is scanned once. Without
 * them a text of `com.a.b…` or of SELECTs without a FROM was quadratic (seconds on a large description);
 * the matches are the same (test/lint/leak-patterns.test.ts).
 */
export const LEAKS: Array<[string, RegExp]> = [
  ['a TODO/FIXME note', /\b(?:TODO|FIXME)\b/],
  [
    'a stack trace',
    /\bat [\w$.<>]+\([\w$]+\.(?:java|kt|scala|groovy|cs|js|ts|py):\d+\)|Exception in thread "|Traceback \(most recent call last\)/,
  ],
  [
    'a class name',
    new RegExp(
      `\\b${PACKAGE_ROOT}(?<!\\b${PACKAGE_ROOT}(?:\\.[a-z_][a-z0-9_]*)*?\\.${PACKAGE_ROOT})(?:\\.[a-z_][a-z0-9_]*)+\\.[A-Z][A-Za-z0-9_$]*\\b`,
    ),
  ],
  [
    'an SQL statement',
    /\bSELECT\b(?<!\bSELECT\b[^.;]*?\bSELECT)[^.;]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE FROM\b/,
  ],
];

/** The first implementation detail a text leaks, with the matched text. */
export function implementationLeak(text: string): string | undefined {
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (match) return `${what} (${JSON.stringify(match[0].slice(0, 60))})`;
  }
  return undefined;
}

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
export const noImplementationDetails = defineRuleFunction<null>(null, (root) => {
  const out: Finding[] = [];
  for (const { text, at } of documentationTexts(root)) {
    const leak = implementationLeak(text);
    if (leak) out.push(finding(`Documentation should not expose implementation details: ${leak}`, at));
  }
  return out;
});

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
