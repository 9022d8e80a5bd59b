// x-ignore-rules inside Spectral: restguide applies it after the run (src/lint/ignore-rules.ts),
// which spectral-cli never does, so the published ruleset filters each rule function's findings
// with the same lookup before Spectral sees them.
import type { RuleDefinition, RulesetDefinition, RulesetFunctionContext } from '@stoplight/spectral-core';
import { ignoredReason, ignoreIdsOf } from '../../src/lint/ignore-rules.js';
import type { LintFinding } from '../../src/core/types.js';
import type { Finding } from '../functions/define.js';

type RuleFunction = (input: unknown, options: unknown, context: RulesetFunctionContext) => unknown;
type Then = { function: RuleFunction; functionOptions?: unknown; field?: string };

/**
 * Whether `x-ignore-rules` names this finding's rule: on the object it points at in the resolved
 * document (where a `$ref`'s siblings are merged in), or in the file and place Spectral will report it at.
 */
function ignored(finding: Finding, input: unknown, context: RulesetFunctionContext, ids: string[]): boolean {
  const asFinding = { path: finding.path } as LintFinding;
  if (ignoredReason(asFinding, input, ids) !== undefined) return true;
  try {
    const item = context.documentInventory.findAssociatedItemForPath(finding.path, true);
    return item !== null && item !== undefined && ignoredReason({ path: [...item.path] } as LintFinding, item.document.data, ids) !== undefined;
  } catch {
    return false;
  }
}

/** `fn` as the rule `code` runs it, dropping the findings x-ignore-rules names the rule for. */
function honouringIgnores(fn: RuleFunction, ids: string[]): RuleFunction {
  const filter = (results: unknown, input: unknown, context: RulesetFunctionContext): unknown => {
    if (!Array.isArray(results) || results.length === 0) return results;
    return (results as Finding[]).filter((finding) => !Array.isArray(finding.path) || !ignored(finding, input, context, ids));
  };
  const wrapped: RuleFunction = (input, options, context) => {
    const results = fn(input, options, context);
    return results instanceof Promise ? results.then((r) => filter(r, input, context)) : filter(results, input, context);
  };
  // Spectral validates options through the function's own validator and names it in messages.
  Reflect.defineProperty(wrapped, 'name', { value: fn.name });
  const { validator, schemas } = fn as { validator?: unknown; schemas?: unknown };
  return Object.assign(wrapped, validator === undefined ? {} : { validator }, schemas === undefined ? {} : { schemas });
}

/** The ruleset with every rule function honouring `x-ignore-rules`, for Spectral's own runs. */
export function withIgnoreRules(ruleset: RulesetDefinition, guideRuleOf: (code: string) => string | undefined): RulesetDefinition {
  const rules = (ruleset as { rules: Record<string, RuleDefinition> }).rules;
  const wrappedRules = Object.fromEntries(Object.entries(rules).map(([code, rule]) => {
    const ids = ignoreIdsOf(code, guideRuleOf);
    const wrap = (then: Then): Then => ({ ...then, function: honouringIgnores(then.function, ids) });
    const then = rule.then as Then | Then[];
    return [code, { ...rule, then: Array.isArray(then) ? then.map(wrap) : wrap(then) }];
  }));
  return { ...ruleset, rules: wrappedRules } as RulesetDefinition;
}
