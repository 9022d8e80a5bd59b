// Where the guide's rules are read: one place for the reports, the catalogue and the ruleset
// (rulesets/support/guide-anchor.ts passes it on), a leaf that imports nothing.
export const GUIDE_URL = 'https://www.belgif.be/specification/rest/api-guide/';
export const guideAnchor = (rule: string): string => `${GUIDE_URL}#rule-${rule}`;
