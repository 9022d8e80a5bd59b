// Each severity follows the guide's keyword for what the rule checks (MUST: error, SHOULD: warning,
// MAY: info), for the rules whose severity said otherwise (issue 29).
import { expect, it } from 'vitest';
import { belgifRules } from '../../rulesets/belgif.js';
import { runRule } from './harness.js';
import { op, queryParam, withPath } from './documents.js';

const KEYWORD: Array<[code: string, keyword: string, severity: string]> = [
  // "OpenAPI authors MUST specify the required property on a requestBody explicitly"
  ['opbody-req', 'MUST', 'error'],
  // the pagination tables: next "MANDATORY (except for the last page)", page "MANDATORY with default value 1 (offset-based)"
  ['col-paging', 'MANDATORY', 'error'],
  // pageSize is OPTIONAL; its "must have a default value if absent" is in lower case, no keyword
  ['col-paging-size', 'OPTIONAL', 'warn'],
  // "A sort multi-value query parameter MAY be provided"
  ['col-sort', 'MAY', 'info'],
  // "Multi-valued params ... SHOULD" be repeated (style form, explode true)
  ['qry-multi', 'SHOULD', 'warn'],
  // "A collection result MUST contain an items property with an array of objects"
  ['col-repres', 'MUST', 'error'],
  // "In these objects, a href property MUST be present"
  ['col-repres-href', 'MUST', 'error'],
  // "URIs SHOULD always be absolute"; format: uri only states it, after belgif's HttpLink
  ['hyp-links', 'SHOULD', 'warn'],
  ['hyp-links-format', 'advice', 'info'],
];

it.each(KEYWORD)('%s (%s) is reported as %s', (code, _keyword, severity) => {
  expect(belgifRules[code]?.severity).toBe(severity);
});

// One defect, one finding, one severity: a sort parameter that is not repeated is qry-multi's (SHOULD).
it('an array query parameter with explode false is one warning, under qry-multi alone', async () => {
  const document = withPath('/things', {
    get: op({ parameters: [queryParam('sort', { type: 'array', items: { type: 'string' } }, { explode: false })] }),
  });
  const found = (await Promise.all(['col-sort', 'qry-multi'].map((code) => runRule(code, document)))).flat();
  expect(found.map((f) => [f.code, f.severity])).toEqual([['qry-multi', 1]]);
});
