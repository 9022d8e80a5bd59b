import type { Io } from './io.js';
import { renderRulesText, ruleCatalogue } from '../catalogue/rules.js';
import { UsageError } from '../core/util/errors.js';
import type { RuleInfo } from '../core/report/types.js';

/**
 * The rules a filter names: a kind (`check`, `lint`, `diff`), or a word that a rule's id, area
 * (`paging`) or guide rule (`col-paging`) contains, ignoring case.
 */
function matching(rules: readonly RuleInfo[], filter: string | undefined): RuleInfo[] {
  if (filter === undefined) return [...rules];
  const word = filter.toLowerCase();
  return rules.filter(
    (r) => r.kind === word || r.id.toLowerCase().includes(word) || r.rule.toLowerCase().includes(word),
  );
}

export async function runRules(filter: string | undefined, options: Record<string, unknown>, io: Io): Promise<number> {
  const rules = matching(ruleCatalogue(), filter);
  if (rules.length === 0)
    throw new UsageError(
      `no check, lint rule or diff finding matches "${filter}": try a kind (check, lint, diff), an area such as paging, or a guide rule such as col-paging`,
    );
  io.stdout(options['format'] === 'json' ? `${JSON.stringify(rules, null, 2)}\n` : renderRulesText(rules));
  return 0;
}
