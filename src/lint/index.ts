// The lint wiring's public surface.
export { lintDocuments, lintObject, maxBytesFromEnv, type LintOptions } from './lint-documents.js';
export { lintRuleInfos, guideRuleOf } from './rule-infos.js';
export { loadBuiltinRuleset, loadUserRuleset, builtinRulesetLoads, BUILTIN_RULESET_NAMES } from './load-ruleset.js';
export { acceleratedByDefault, createLinter, type Linter } from './engine/index.js';
