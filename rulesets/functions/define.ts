// The shape every restguide rule function shares: it receives the resolved document root
// (`given: '$'`), walks the shared inventory and returns findings with absolute paths.
import type { IFunctionResult, RulesetFunctionContext, RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import { ruleFunction, type OptionsSchema } from '../../src/lint-base/rule-function.js';
import { isObject, type JsonPath } from '../support/json.js';

export type Finding = IFunctionResult & { path: JsonPath };
type RuleFunctionBody<O> = (root: Record<string, unknown>, options: O, context: RulesetFunctionContext) => Finding[];
export type { OptionsSchema };

/**
 * A rule function whose options are checked against `options` (how, and when, is the lint
 * engine's business: src/lint-base/rule-function.ts).
 */
export function defineRuleFunction<O>(
  options: OptionsSchema,
  body: RuleFunctionBody<O>,
): RulesetFunctionWithValidator<unknown, O> {
  const run = (input: unknown, opts: O, context: RulesetFunctionContext): Finding[] =>
    isObject(input) ? body(input, opts, context) : [];
  Reflect.defineProperty(run, 'name', { value: body.name }); // Spectral's messages name the function: the body's, not "run"
  return ruleFunction<O, Finding[]>(options, run);
}

/** Options schema for functions without options. */
export const NO_OPTIONS = null;

/**
 * The rule function of rules that each report one aspect of what one walk of a document finds
 * (hyp-links and hyp-links-format, col-repres and col-repres-href): the walk runs once per document,
 * and each rule names its aspect in the `aspect` option.
 */
export function aspectRuleFunction<A extends string>(
  aspects: readonly A[],
  walk: (root: Record<string, unknown>) => Record<A, Finding[]>,
): RulesetFunctionWithValidator<unknown, { aspect: A }> {
  const walked = new WeakMap<object, Record<A, Finding[]>>();
  const findingsOf = (root: Record<string, unknown>): Record<A, Finding[]> => {
    const known = walked.get(root) ?? walk(root);
    walked.set(root, known);
    return known;
  };
  return defineRuleFunction<{ aspect: A }>(
    {
      type: 'object',
      properties: { aspect: { enum: [...aspects] } },
      required: ['aspect'],
      additionalProperties: false,
    },
    (root, { aspect }) => findingsOf(root)[aspect],
  );
}

/** A schema-only document (`x-reusable-definitions-only: true`): API-level rules do not apply. */
export const isReusableDefinitionsOnly = (root: Record<string, unknown>): boolean =>
  root['x-reusable-definitions-only'] === true;

/** A definitions file: flagged as such, or with no path items (`paths: {}`, how belgif's openapi-* files are written). */
export const isSchemaOnly = (root: Record<string, unknown>): boolean =>
  isReusableDefinitionsOnly(root) || !isObject(root.paths) || Object.keys(root.paths).every((k) => k.startsWith('x-'));

/**
 * Where `at` (a path in the resolved document) is defined: the file and path after following $refs.
 * Rules use it to tell component schemas from inline ones in any file.
 */
export function definitionPath(context: RulesetFunctionContext, at: JsonPath): JsonPath {
  try {
    const item = context.documentInventory.findAssociatedItemForPath(at, true);
    return item ? [...item.path] : at;
  } catch {
    return at;
  }
}

/** Whether `at` (a path in the resolved document) is defined in another file, reached through a $ref. */
export function definedInOtherFile(context: RulesetFunctionContext, at: JsonPath): boolean {
  try {
    const item = context.documentInventory.findAssociatedItemForPath(at, true);
    return item !== null && item !== undefined && item.document.source !== context.document.source;
  } catch {
    return false;
  }
}

/** Whether the linted file writes a `$ref` at `at` (with siblings such as x-ignore-rules, the resolver merges them into a new object). */
export function writtenAsRef(context: RulesetFunctionContext, at: JsonPath): boolean {
  let node: unknown = context.document.data;
  for (const segment of at)
    node = isObject(node) ? node[String(segment)] : Array.isArray(node) ? node[Number(segment)] : undefined;
  return isObject(node) && typeof node.$ref === 'string';
}

export const finding = (message: string, path: JsonPath): Finding => ({ message, path });
