// Requests that a conforming API answers with a problem: shared by the problem and trace checks.
import type { CheckContext } from '../../core/engine/define-check.js';
import { describeBody, type Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { Causes, errorAnswers } from './traffic.js';

/** A path no API defines (lowerCamelCase, so only its absence can make it a 404). */
export const UNKNOWN_PATH = '/restguideUnknownResource';

/**
 * GETs an unknown URI, then for the first two documents an absent id and each malformed id.
 * Returns every exchange; callers judge the ones with an error status.
 */
export async function provokeErrors(ctx: CheckContext<string>): Promise<Exchange[]> {
  const urls = [UNKNOWN_PATH];
  for (const document of ctx.target.documents.slice(0, 2)) {
    if (document.absentId !== undefined) urls.push(document.url(document.absentId));
    for (const id of document.malformedIds.slice(0, 2)) urls.push(document.url(id));
  }
  return Promise.all(urls.map((url) => ctx.get(url)));
}

/** 405, 406 and 415 may answer without a body (the status says it all). */
export const bodyOptional = (exchange: Exchange): boolean =>
  [405, 406, 415].includes(exchange.response.status) && exchange.response.text.trim() === '';

/** The fields of a message naming an exchange: `{{method}} {{url}} answered {{status}}`. */
export const exchangeData = (exchange: Exchange) => ({
  method: exchange.request.method,
  url: exchange.request.url,
  status: exchange.response.status,
  /** What the body was, so "answered 200 with a JSON array" says why 200 did not do. */
  got: describeBody(exchange.response),
});

/**
 * Judges the run's error answers and the provoked ones, one cause per message and HTTP status: `judge` returns false
 * for an answer that lacks what it judges, else judges it through `causes`. Skips with `none` when none was judged.
 */
export async function judgeErrorAnswers<M extends string>(
  ctx: CheckContext<M>,
  none: string,
  judge: (exchange: Exchange, causes: Causes<M>) => boolean,
): Promise<void> {
  const causes = new Causes(ctx, (id, data) => `${id} ${String(data['status'])}`);
  let judged = 0;
  for (const exchange of await errorAnswers(ctx, await provokeErrors(ctx))) if (judge(exchange, causes)) judged++;
  causes.flush();
  if (judged === 0) ctx.skip(none);
}

/**
 * Whether an answer is a problem whose members are judged: its media type says so, or its shape does (a string
 * `type` or `title`, an integer `status`). Another error body (django-filter's `{"status": ["Select a valid
 * choice"]}`) is no problem at all, which problem.media-type reports.
 */
export const isProblem = (exchange: Exchange, body: Record<string, unknown>): boolean =>
  /^application\/problem\+json\b/i.test(exchange.response.headers['content-type'] ?? '') ||
  typeof body['type'] === 'string' ||
  typeof body['title'] === 'string' ||
  Number.isInteger(body['status']);

/** judgeErrorAnswers of the problems that have `member`: `judge` gets its value. */
export const judgeProblemMember = <M extends string>(
  ctx: CheckContext<M>,
  member: string,
  none: string,
  judge: (exchange: Exchange, value: unknown, causes: Causes<M>) => void,
): Promise<void> =>
  judgeErrorAnswers(ctx, none, (exchange, causes) => {
    const body = exchange.response.json;
    if (!isObject(body) || body[member] === undefined || !isProblem(exchange, body)) return false;
    judge(exchange, body[member], causes);
    return true;
  });
