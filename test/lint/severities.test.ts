// Each severity follows the guide's keyword for what the rule checks (MUST: error, SHOULD: warning,
// MAY: info), for the rules whose severity said otherwise (issue 29).
import { expect, it } from 'vitest';
import { belgifRules } from '../../rulesets/belgif.js';

const KEYWORD: Array<[code: string, keyword: string, severity: string]> = [
  // "OpenAPI authors MUST specify the required property on a requestBody explicitly"
  ['opbody-req', 'MUST', 'error'],
  // page "should be 1-based (the default and first page is 1)"; the table's lower-case "must have a default" is no keyword
  ['col-paging', 'SHOULD', 'warn'],
  // "A sort multi-value query parameter MAY be provided"
  ['col-sort', 'MAY', 'info'],
];

it.each(KEYWORD)('%s (%s) is reported as %s', (code, _keyword, severity) => {
  expect(belgifRules[code]?.severity).toBe(severity);
});
