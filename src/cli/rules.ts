import type { Io } from './io.js';
import { renderRulesText, ruleCatalogue } from '../catalogue/rules.js';

export async function runRules(options: Record<string, unknown>, io: Io): Promise<number> {
  const rules = ruleCatalogue();
  io.stdout(options['format'] === 'json' ? `${JSON.stringify(rules, null, 2)}\n` : renderRulesText(rules));
  return 0;
}
