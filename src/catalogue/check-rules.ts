// The checks as rule rows, apart from the lint rules so `check` never loads Spectral for them.
import { CHECKS } from '../checks/index.js';
import { guideAnchor, type RuleInfo } from '../core/report/types.js';

export function checkRuleInfos(): RuleInfo[] {
  return CHECKS.map(({ meta }): RuleInfo => ({
    kind: 'check',
    id: meta.id,
    rule: meta.rule,
    severity: meta.severity,
    writes: meta.writes,
    description: meta.title,
    url: guideAnchor(meta.rule),
  })).sort((a, b) => a.id.localeCompare(b.id));
}
