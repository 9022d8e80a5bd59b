// Reads the Bearer challenge of a WWW-Authenticate header (RFC 6750 §3) and judges a 401/403 problem.
import type { CheckContext } from '../../../core/engine/define-check.js';
import { mediaTypeOf, type Exchange } from '../../../core/engine/exchange.js';
import { isObject } from '../../../core/util/json.js';

/** The auth-params of the Bearer challenge (names lower-cased), or undefined when there is no Bearer challenge. */
export function bearerChallenge(header: string | undefined): Record<string, string> | undefined {
  if (!header) return undefined;
  const at = /(?:^|,)\s*Bearer(?=\s|,|$)/i.exec(header);
  if (!at) return undefined;
  const params: Record<string, string> = {};
  // Params run until the next challenge (a bare token followed by a space, e.g. `, Basic realm=...`).
  // The separator is white space, then a comma and white space if any: two `\s*` side by side
  // (`\s*,?\s*`) split a run of spaces every way before giving up: quadratic in the header.
  const rest = header.slice(at.index + at[0].length);
  const param = /\s*(?:,\s*)?([A-Za-z0-9_.-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^,\s]*)/y;
  for (let match = param.exec(rest); match; match = param.exec(rest)) {
    const name = match[1]!.toLowerCase();
    params[name] = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : match[2]!;
  }
  return params;
}

type ProblemMessage = 'wrongStatus' | 'notProblem' | 'wrongType' | 'noChallenge' | 'wrongChallengeError';

interface ExpectedProblem {
  status: 401 | 403;
  /** Last segment of the belgif type URN: noAccessToken, invalidAccessToken, ... */
  type: string;
  /** The `error` auth-param the Bearer challenge must carry; null: must carry none. */
  error: string | null;
}

/**
 * The guide's answer to a request refused for its token: the status, an application/problem+json
 * body of the belgif type, and a Bearer challenge. Returns the problem body when the status and
 * body are right, so a caller can judge extra members.
 */
export function judgeRefusal(
  ctx: CheckContext<ProblemMessage>,
  exchange: Exchange,
  expected: ExpectedProblem,
  what: string,
): Record<string, unknown> | undefined {
  const { status, headers } = exchange.response;
  const typeUri = `urn:problem-type:belgif:${expected.type}`;
  const data = { what, url: exchange.request.url, status, expected: expected.status, type: typeUri };
  if (!ctx.expect(status === expected.status, 'wrongStatus', data, exchange)) return undefined;
  const body = exchange.response.json;
  const problem = mediaTypeOf(exchange.response) === 'application/problem+json' && isObject(body) ? body : undefined;
  if (
    !ctx.expect(
      problem !== undefined,
      'notProblem',
      { ...data, contentType: mediaTypeOf(exchange.response) ?? '(none)' },
      exchange,
    )
  )
    return undefined;
  ctx.expect(
    problem!['type'] === typeUri,
    'wrongType',
    { ...data, actual: JSON.stringify(problem!['type']) ?? 'absent' },
    exchange,
  );
  // 403 challenges are a SHOULD of RFC 6750 but the guide's missingScope shows one; a 401 must carry it (RFC 7235).
  const challenge = bearerChallenge(headers['www-authenticate']);
  if (
    ctx.expect(
      challenge !== undefined,
      'noChallenge',
      { ...data, header: headers['www-authenticate'] ?? '(absent)' },
      exchange,
    )
  ) {
    const error = challenge!['error'] ?? null;
    ctx.expect(
      error === expected.error,
      'wrongChallengeError',
      {
        ...data,
        header: headers['www-authenticate'],
        actual: error ?? 'no error',
        wanted: expected.error ?? 'no error',
      },
      exchange,
    );
  }
  return problem;
}

/** Messages every auth check shares, keyed as judgeRefusal reports them. */
export const REFUSAL_MESSAGES = {
  wrongStatus: '{{what}}: GET {{url}} answered {{status}}; expected {{expected}} with {{type}}.',
  notProblem:
    '{{what}}: GET {{url}} answered {{status}} with Content-Type {{contentType}}, not an application/problem+json object.',
  wrongType: '{{what}}: GET {{url}} answered a problem of type {{actual}}; expected {{type}}.',
  noChallenge:
    '{{what}}: GET {{url}} answered {{status}} with WWW-Authenticate {{header}}; expected a Bearer challenge.',
  wrongChallengeError:
    "{{what}}: the Bearer challenge `{{header}}` carries {{actual}}; the guide's form has {{wanted}}.",
} as const;
