// Requests that a conforming API answers with a problem: shared by the problem and trace checks.
import type { CheckContext } from '../../core/engine/define-check.js';
import { describeBody, type Exchange } from '../../core/engine/exchange.js';

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
