// The diff job's public surface.
export { diffDocuments, type DiffOptions } from './diff-documents.js';
export { DIFF_KINDS, diffRuleInfos, type DiffCode } from './kinds.js';
export type { DiffFinding, DiffReport } from './types.js';
