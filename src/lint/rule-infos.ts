// Rule metadata for `restguide rules`, read from the ruleset definition without running it.
import { GUIDE_RULE_OF, belgifRules } from '../../rulesets/belgif.js';
import { compareCodes, guideAnchor, type RuleInfo, type Severity } from '../core/report/types.js';
import { KEY_QUOTE_RULES } from './key-quotes.js';
import { REF_PLACE_RULE } from './ref-places.js';

const SEVERITY: Record<string, Severity> = { error: 'error', warn: 'warning', info: 'info', hint: 'info' };

/** The guide rule id of a lint code (`stat-codes-get` → `stat-codes`); undefined for Spectral's own codes. */
export const guideRuleOf = (code: string): string | undefined => GUIDE_RULE_OF[code];

/** One row per lint rule of the built-in ruleset, and per code the reading of a document gives, by code. */
export function lintRuleInfos(): RuleInfo[] {
  const ruleset: RuleInfo[] = Object.entries(belgifRules).map(([id, rule]) => {
    const rule_ = guideRuleOf(id) ?? id;
    return {
      kind: 'lint' as const,
      id,
      rule: rule_,
      severity: SEVERITY[String(rule.severity)] ?? 'warning',
      writes: false,
      description: rule.description ?? '',
      url: guideAnchor(rule_),
    };
  });
  return [...ruleset, ...KEY_QUOTE_RULES, REF_PLACE_RULE].sort((a, b) => compareCodes(a.id, b.id));
}
