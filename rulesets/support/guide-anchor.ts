// Where the guide's rules are read: kept with the ruleset so the published `restguide/ruleset` needs nothing
// of src/core; the reports take it from here too (src/core/types.ts re-exports it).
export const GUIDE_URL = 'https://www.belgif.be/specification/rest/api-guide/';
export const guideAnchor = (rule: string): string => `${GUIDE_URL}#rule-${rule}`;
