// x-ignore-rules inside Spectral: restguide applies it after the run (src/lint-base/ignore-rules.ts),
// which spectral-cli never does, so the published ruleset filters each rule function's findings
// with the same lookup before Spectral sees them.
import type { RuleDefinition, RulesetDefinition, RulesetFunctionContext } from '@stoplight/spectral-core';
import { ignoredReason, ignoreIdsOf } from '../../src/lint-base/ignore-rules.js';
import type { LintFinding } from '../../src/core/report/types.js';
import type { Finding } from '../functions/define.js';
import { isObject } from './json.js';

type RuleFunction = (input: unknown, options: unknown, context: RulesetFunctionContext) => unknown;
type Then = { function: RuleFunction; functionOptions?: unknown; field?: string };

/** The path of the first `$ref` to another file that `path` goes through in the linted file, if any. */
function externalRefSite(data: unknown, path: ReadonlyArray<string | number>): Array<string | number> | undefined {
  let node = data;
  for (let i = 0; i <= path.length; i++) {
    if (isObject(node) && typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return path.slice(0, i);
    if (i === path.length) break;
    const segment = path[i] as string | number;
    node = isObject(node) ? node[String(segment)] : Array.isArray(node) ? node[Number(segment)] : undefined;
  }
  return undefined;
}

/**
 * Whether `x-ignore-rules` names this finding's rule where restguide looks: on the object it points
 * at (resolved), in the file and place Spectral will report it at, and next to the `$ref` of the
 * linted file that brings it in from another file (where restguide reports such a finding).
 */
function ignored(finding: Finding, input: unknown, context: RulesetFunctionContext, ids: string[]): boolean {
  const asFinding = { path: finding.path } as LintFinding;
  if (ignoredReason(asFinding, input, ids) !== undefined) return true;
  const site = externalRefSite(context.document.data, finding.path);
  if (site && ignoredReason({ path: site } as LintFinding, context.document.data, ids) !== undefined) return true;
  try {
    const item = context.documentInventory.findAssociatedItemForPath(finding.path, true);
    return (
      item !== null &&
      item !== undefined &&
      ignoredReason({ path: [...item.path] } as LintFinding, item.document.data, ids) !== undefined
    );
  } catch {
    return false;
  }
}

/** `fn` as the rule `code` runs it, dropping the findings x-ignore-rules names the rule for. */
function honouringIgnores(fn: RuleFunction, ids: string[]): RuleFunction {
  const filter = (results: unknown, input: unknown, context: RulesetFunctionContext): unknown => {
    if (!Array.isArray(results) || results.length === 0) return results;
    return (results as Finding[]).filter(
      (finding) => !Array.isArray(finding.path) || !ignored(finding, input, context, ids),
    );
  };
  const wrapped: RuleFunction = (input, options, context) => {
    const results = fn(input, options, context);
    return results instanceof Promise
      ? results.then((r) => filter(r, input, context))
      : filter(results, input, context);
  };
  // Spectral validates options through the function's own validator and names it in messages.
  Reflect.defineProperty(wrapped, 'name', { value: fn.name });
  const { validator, schemas } = fn as { validator?: unknown; schemas?: unknown };
  return Object.assign(wrapped, validator === undefined ? {} : { validator }, schemas === undefined ? {} : { schemas });
}

/** The ruleset with every rule function honouring `x-ignore-rules`, for Spectral's own runs. */
export function withIgnoreRules(
  ruleset: RulesetDefinition,
  guideRuleOf: (code: string) => string | undefined,
): RulesetDefinition {
  const rules = (ruleset as { rules: Record<string, RuleDefinition> }).rules;
  const wrappedRules = Object.fromEntries(
    Object.entries(rules).map(([code, rule]) => {
      const ids = ignoreIdsOf(code, guideRuleOf);
      const wrap = (then: Then): Then => ({ ...then, function: honouringIgnores(then.function, ids) });
      const then = rule.then as Then | Then[];
      return [code, { ...rule, then: Array.isArray(then) ? then.map(wrap) : wrap(then) }];
    }),
  );
  return { ...ruleset, rules: wrappedRules } as RulesetDefinition;
}
