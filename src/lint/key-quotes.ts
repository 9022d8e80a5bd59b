// YAML keys that are numbers or booleans (an unquoted `200:`): the document reads, so they are no
// `parser` finding (kept for what cannot be read) but the OpenAPI Specification's own rules, each with
// its code, its keyword's severity and the fix.
import type { LintFinding, RuleInfo } from '../core/report/types.js';

const OAS_FORMAT = 'https://spec.openapis.org/oas/v3.0.3.html#format';
const OAS_RESPONSES = 'https://spec.openapis.org/oas/v3.0.3.html#responses-object';

/** The codes, as `restguide rules` lists them (their source is the OpenAPI Specification, not the guide). */
export const KEY_QUOTE_RULES: RuleInfo[] = [
  {
    kind: 'lint',
    id: 'oas-status-quotes',
    rule: 'openapi-spec',
    severity: 'error',
    writes: false,
    url: OAS_RESPONSES,
    description:
      'Response status codes are quoted in YAML ("200":): the specification says the field MUST be enclosed in quotation marks',
  },
  {
    kind: 'lint',
    id: 'yaml-key-quotes',
    rule: 'openapi-spec',
    severity: 'warning',
    writes: false,
    url: OAS_FORMAT,
    description:
      "YAML map keys are strings (a number or boolean key is quoted), as the specification's RECOMMENDED YAML form asks, so the document converts to JSON as written",
  },
];

const NOT_A_STRING_KEY = /^Mapping key must be a string scalar rather than (\w+)/;

/** Spectral's parser diagnostic for a non-string key, as one of the codes above; anything else unchanged. */
export function recodeKeyDiagnostic(finding: LintFinding): LintFinding {
  if (finding.code !== 'parser') return finding;
  const kind = NOT_A_STRING_KEY.exec(finding.message)?.[1];
  if (kind === undefined) return finding;
  const key = String(finding.path[finding.path.length - 1] ?? '');
  if (finding.path[finding.path.length - 2] === 'responses' && /^\d{3}$/.test(key)) {
    return {
      ...finding,
      code: 'oas-status-quotes',
      severity: 0,
      message: `Response code ${key} is an unquoted number: the OpenAPI Specification requires status codes in quotation marks; write '${key}':`,
    };
  }
  return {
    ...finding,
    code: 'yaml-key-quotes',
    severity: 1,
    message: `Key ${key} is read as a ${kind}, not a string: quote it ('${key}':) so the document converts to JSON as written`,
  };
}
