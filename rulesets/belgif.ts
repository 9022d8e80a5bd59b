// The Belgif REST guide as a Spectral ruleset: one rule per guide rule id (sub-rules
// `<id>-<aspect>` where one id has checks of different severities). Rules are data: a target,
// a function from ./functions and its options. Schema-wide rules take the document root and
// walk the shared inventory (support/inventory.ts) instead of `$..*`, which keeps large
// documents fast.
import type { RuleDefinition, RulesetDefinition } from '@stoplight/spectral-core';
import { oas3_0, oas3_1 } from '@stoplight/spectral-formats';
import { guideAnchor } from './support/guide-anchor.js';
import { statusCodesForMethod } from './functions/operations.js';
import { structuredMediaType } from './functions/resources.js';
import { parameterNames } from './rules/names/support/parameter-names.js';
import { parameterShape, pathSegmentsCamel } from './functions/paths.js';
import { collectionEmbedding, unknownInputRefused } from './functions/embedding-and-input.js';
import { pagedCollectionLinks } from './functions/paging.js';
import { toDefinition } from './rules/define.js';
import { RULES } from './rules/index.js';

type Severity = 'error' | 'warn' | 'info';
type RuleFunction = RuleDefinition['then'] extends infer T ? (T extends Array<infer U> ? U : T) : never;
type Then = RuleFunction | RuleFunction[];

// The code comes first only so each line of `belgifRules` reads on its own; the key is the code.
function rule(
  _code: string,
  guideRule: string,
  severity: Severity,
  description: string,
  then: Then,
  extra: Partial<RuleDefinition> = {},
): RuleDefinition {
  return {
    description,
    message: '{{error}}',
    severity,
    given: '$',
    then,
    documentationUrl: guideAnchor(guideRule),
    ...extra,
  } as RuleDefinition;
}

// The Java validator's patterns, each written so that a name splits into its groups one way only
// (see support/naming.ts: theirs backtrack exponentially on a long lower-case run): the same names
// match (test/lint/name-patterns.test.ts).
// Query parameters "use same name as the property in the JSON resource representation", and the guide wants
// the casing "consistent throughout the API": one-letter words pass as in jsn-naming (enableSecondaryYAxis,
// zIndex); an abbreviation in capitals (employerID) does not. Either way a capital is followed by a lower-case
// run or by one capital starting a word, so a name still splits one way only.
const QUERY_WORD = '[a-z0-9]+(?:[A-Z][a-z0-9]+|[A-Z](?=[A-Z][a-z0-9]))*[A-Z]?';
// Dots join the names of nested properties (`employer.name`); an underscore is snake_case (`page_size`), which the
// rule's "lowerCamelCase" excludes, though belgif's validator lets it pass.
const QUERY_NAME = `^${QUERY_WORD}(?:\\.${QUERY_WORD})*$`;

/** The `-` cells of the status code × method matrix (guide-rules §1.4). */
const FORBIDDEN_STATUS: Record<string, number[]> = {
  get: [201, 202, 204, 409, 412, 413],
  head: [201, 202, 409, 412, 413],
  put: [202, 304],
  post: [304],
  patch: [201, 202, 304],
  delete: [201, 202, 304, 413],
  options: [201, 204, 304, 405, 409, 412, 413],
};

const statusCodeRules = Object.fromEntries(
  Object.entries(FORBIDDEN_STATUS).map(([method, forbidden]) => [
    `stat-codes-${method}`,
    rule(
      `stat-codes-${method}`,
      'stat-codes',
      'warn',
      `${method.toUpperCase()} responses use only the status codes the guide allows for ${method.toUpperCase()} (not ${forbidden.join(', ')})`,
      { function: statusCodesForMethod, functionOptions: { method, forbidden } },
    ),
  ]),
);

const inlineRules: Record<string, RuleDefinition> = {
  ...statusCodeRules,
  'rep-struct': rule(
    'rep-struct',
    'rep-struct',
    'error',
    'Structured data (object or array schemas) uses application/json (or another structured media type)',
    { function: structuredMediaType },
  ),
  'qry-multi': rule(
    'qry-multi',
    'qry-multi',
    'warn',
    'Multi-valued query parameters repeat the parameter (style form, explode true)',
    {
      function: parameterShape,
      functionOptions: { in: 'query', repeated: true, message: 'Multi-valued query parameter "{{name}}"' },
    },
  ),
  'uri-notat': rule(
    'uri-notat',
    'uri-notat',
    'warn',
    'Path segments (before any ? or #, without a file extension) and query parameters are lowerCamelCase',
    [
      { function: pathSegmentsCamel },
      {
        function: parameterNames,
        functionOptions: {
          in: ['query'],
          match: QUERY_NAME,
          message: 'Query parameter "{{name}}" should be lowerCamelCase',
        },
      },
    ],
  ),

  // --- the gaps the Java validator leaves ---
  'res-repres': rule('res-repres', 'res-repres', 'warn', 'The select query parameter is a string', {
    function: parameterShape,
    functionOptions: { in: 'query', name: 'select', type: 'string', message: 'Query parameter "{{name}}"' },
  }),
  // The pagination tables: `next` MANDATORY but on the last page, `page` MANDATORY (offset) "with default value 1".
  'col-paging': rule(
    'col-paging',
    'col-paging',
    'error',
    'A paged collection (?page, ?pageSize, a cursor such as ?afterCompany) declares next (and page, paged by offset); the page parameter counts from 1 (default 1; a minimum, if declared, is 1)',
    [
      {
        function: parameterShape,
        functionOptions: {
          in: 'query',
          name: 'page',
          type: 'integer',
          firstPage: 1,
          message: 'Paging parameter "{{name}}"',
        },
      },
      { function: pagedCollectionLinks },
    ],
  ),
  // pageSize is OPTIONAL in the table; "must have a default value if absent" is in lower case, no keyword.
  'col-paging-size': rule('col-paging-size', 'col-paging', 'warn', 'The pageSize parameter has a default', {
    function: parameterShape,
    functionOptions: {
      in: 'query',
      name: 'pageSize',
      type: 'integer',
      requireDefault: true,
      message: 'Paging parameter "{{name}}"',
    },
  }),
  // Only the type: a sort parameter that is not repeated (explode false) is qry-multi's finding.
  'col-sort': rule('col-sort', 'col-sort', 'info', 'The sort parameter is a multi-value (array) parameter', {
    function: parameterShape,
    functionOptions: { in: 'query', name: 'sort', type: 'array', message: 'Query parameter "{{name}}"' },
  }),
  'col-filter': rule('col-filter', 'col-filter', 'warn', 'The full-text query parameter q is a string', {
    function: parameterShape,
    functionOptions: { in: 'query', name: 'q', type: 'string', message: 'Query parameter "{{name}}"' },
  }),
  'col-embed': rule(
    'col-embed',
    'col-embed',
    'error',
    'Full representations of collection items go in the root embedded map: items declare no embedded; ?embed= is answered with one',
    { function: collectionEmbedding },
  ),
  'req-valid': rule(
    'req-valid',
    'req-valid',
    'warn',
    'No free-form object query parameter collects unknown query parameters (refusing unknown input is checked at run time)',
    { function: unknownInputRefused },
  ),
};

// The rules in files of their own (rulesets/rules/<area>/<code>.ts) beside those still written above.
for (const { code } of RULES) if (code in inlineRules) throw new Error(`lint rule ${code} is defined twice`);
export const belgifRules: Record<string, RuleDefinition> = {
  ...inlineRules,
  ...Object.fromEntries(RULES.map((r) => [r.code, toDefinition(r)])),
};

const ANCHOR = guideAnchor('');

/** The guide rule id of a rule code (`stat-codes-get` → `stat-codes`): the rule its guide link names. */
export const GUIDE_RULE_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(belgifRules).flatMap(([code, definition]) => {
    const url = definition.documentationUrl;
    return url?.startsWith(ANCHOR) ? [[code, url.slice(ANCHOR.length)]] : [];
  }),
);

/** The ruleset definition: `new Ruleset(belgif)`, or `extends: [belgif]` in a JS ruleset. */
export const belgif: RulesetDefinition = {
  description: 'The Belgif REST guide (restguide)',
  documentationUrl: 'https://www.belgif.be/specification/rest/api-guide/',
  formats: [oas3_0, oas3_1],
  rules: belgifRules,
} as RulesetDefinition;

export default belgif;
