// The shape every restguide rule function shares: it receives the resolved document root
// (`given: '$'`), walks the shared inventory and returns findings with absolute paths.
import { createRulesetFunction, type RulesetFunctionContext, type RulesetFunctionWithValidator } from '@stoplight/spectral-core';
import type { IFunctionResult } from '@stoplight/spectral-core';
import { isObject, type JsonPath } from '../support/json.js';

export type Finding = IFunctionResult & { path: JsonPath };
type RuleFunctionBody<O> = (root: Record<string, unknown>, options: O, context: RulesetFunctionContext) => Finding[];
export type OptionsSchema = Parameters<typeof createRulesetFunction>[0]['options'];

/**
 * A rule function whose options are checked against `options` when a ruleset that uses it is
 * validated (Spectral calls `validator`). The options schema is compiled at that first check, not
 * when the module loads: the built-in ruleset is proven valid by a test and skips validation, so a
 * lint that only runs it compiles no options schema (a share of a small lint's start-up).
 * Spectral's wrapper also re-checks the options on every call, cached per options object; the
 * rules' options are fixed when the ruleset loads, so that re-check is left out here.
 */
export function defineRuleFunction<O>(options: OptionsSchema, body: RuleFunctionBody<O>): RulesetFunctionWithValidator<unknown, O> {
  const run = (input: unknown, opts: O, context: RulesetFunctionContext): Finding[] => (isObject(input) ? body(input, opts, context) : []);
  Reflect.defineProperty(run, 'name', { value: body.name }); // Spectral's messages name the function: the body's, not "run"
  if (options === null) return createRulesetFunction<unknown, O>({ input: null, options: null }, run);
  let checked: RulesetFunctionWithValidator<unknown, O> | undefined;
  const validator = (opts: unknown): void => (checked ??= createRulesetFunction<unknown, O>({ input: null, options }, run)).validator(opts);
  return Object.assign(run, { validator, schemas: { input: null, options } }) as RulesetFunctionWithValidator<unknown, O>;
}

/** Options schema for functions without options. */
export const NO_OPTIONS = null;

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
  for (const segment of at) node = isObject(node) ? node[String(segment)] : Array.isArray(node) ? node[Number(segment)] : undefined;
  return isObject(node) && typeof node.$ref === 'string';
}

export const finding = (message: string, path: JsonPath): Finding => ({ message, path });
