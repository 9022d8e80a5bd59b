// Whether an error response is a problem (err-problem): write checks expect problems on 404/409/412/415.
import { mediaTypeOf, type Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import type { CheckContext } from '../../core/engine/define-check.js';
import { UNKNOWN_PATH } from './provoke-errors.js';

/** An absolute URI: a scheme, a colon and something after it (`https://...`, `urn:...`). */
const isAbsoluteUri = (value: unknown): boolean =>
  typeof value === 'string' && /^[a-z][a-z0-9+.-]*:[^\s]+$/i.test(value);

/** Why a problem object is not valid (undefined when it is): absolute `type`, a `title`, a `status` 400..599. */
export function problemObjectFault(problem: unknown): string | undefined {
  if (!isObject(problem)) return 'it is not a JSON object';
  if (!isAbsoluteUri(problem['type']))
    return `its type ${JSON.stringify(problem['type']) ?? '(absent)'} is not an absolute URI`;
  if (typeof problem['title'] !== 'string' || problem['title'] === '') return 'it has no title';
  const status = problem['status'];
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status >= 600)
    return `its status ${JSON.stringify(status) ?? '(absent)'} is not an integer from 400 to 599`;
  return undefined;
}

/**
 * Why an error response is not a problem response (undefined when it is): application/problem+json,
 * a JSON object with an absolute `type`, and a `status` (when given) equal to the HTTP status.
 * 405, 406 and 415 may have no body at all.
 */
export function problemResponseFault(exchange: Exchange): string | undefined {
  const { response } = exchange;
  if (response.text.trim() === '' && [405, 406, 415].includes(response.status)) return undefined;
  const mediaType = mediaTypeOf(response);
  if (mediaType !== 'application/problem+json')
    return `its Content-Type is ${mediaType ?? '(none)'}, not application/problem+json`;
  const body = response.json;
  if (!isObject(body)) return 'its body is not a JSON object';
  if (!isAbsoluteUri(body['type']))
    return `its type ${JSON.stringify(body['type']) ?? '(absent)'} is not an absolute URI`;
  if (body['status'] !== undefined && body['status'] !== response.status)
    return `its status member is ${JSON.stringify(body['status'])}`;
  return undefined;
}

/**
 * The problem fault of an error answer a check judges besides its status, unless the API answers an unknown URI
 * with a fault too: that cause is API-wide and the problem.* checks report it, so the caller skips pointing there.
 */
export async function ownProblemFault(ctx: CheckContext<string>, exchange: Exchange): Promise<string | undefined> {
  const fault = problemResponseFault(exchange);
  if (fault === undefined) return undefined;
  const probe = await ctx.get(UNKNOWN_PATH);
  const probeFault = probe.response.status >= 400 ? problemResponseFault(probe) : undefined;
  if (probeFault !== undefined) {
    const see = probeFault.startsWith('its Content-Type') ? 'problem.media-type' : 'problem.members';
    ctx.skip(
      `${exchange.request.method} ${exchange.request.url} answered ${exchange.response.status} as expected, but ${fault}, as the API's other errors (see ${see})`,
    );
  }
  return fault;
}

/**
 * Like ownProblemFault, but where the fault is the API's other errors' too, the check goes on: what it judged
 * besides (the status) stands, and a note points at the problem.* check that reports the format once.
 */
export async function ownProblemFaultOrNote(
  ctx: CheckContext<string>,
  exchange: Exchange,
): Promise<string | undefined> {
  const fault = problemResponseFault(exchange);
  if (fault === undefined) return undefined;
  const probe = await ctx.get(UNKNOWN_PATH);
  const probeFault = probe.response.status >= 400 ? problemResponseFault(probe) : undefined;
  if (probeFault === undefined) return fault;
  const see = probeFault.startsWith('its Content-Type') ? 'problem.media-type' : 'problem.members';
  ctx.note?.(`its ${exchange.response.status} is not a problem, as the API's other errors: see ${see}`);
  return undefined;
}

/**
 * A check's finding that an error answer is not application/problem+json: problem.media-type judges every error
 * answer of the run and reports that fault once, so the check's own finding is dropped when it did.
 */
export const PROBLEM_MEDIA_TYPE_ROOT = {
  check: 'problem.media-type',
  findings: (finding: { message: string }): boolean =>
    /not application\/problem\+json|instead of a problem \(application\/problem\+json\)/.test(finding.message),
  // The result cited is the one about the same media type (DRF's JSON errors, not Django's HTML 404 page).
  prefers: (failure: { message: string }, finding: { message: string }): boolean => {
    const type = (message: string) => /with (?:Content-Type )?(\S+) instead of/.exec(message)?.[1];
    return type(failure.message) !== undefined && type(failure.message) === type(finding.message);
  },
};
