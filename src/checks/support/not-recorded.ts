// What a recording's replay answers when it does not hold a read: known apart from the API's answers.
// A leaf, so that the document readers and the traffic helpers can both use it.
import type { Exchange } from '../../core/engine/exchange.js';
import { redactUrl } from '../../core/report/redact.js';

/** The header of the placeholder a recording's replay answers a read it does not hold with (src/traffic/replay.ts). */
export const NOT_RECORDED_HEADER = 'x-restguide-replay';

/** Whether an answer is that placeholder: nothing was sent, so no status of it is the API's. */
export const notRecorded = (exchange: Exchange): boolean =>
  exchange.response.headers[NOT_RECORDED_HEADER] !== undefined;

/** Thrown by a recording's replay when a check asks for an answer the recording does not hold (src/traffic/replay.ts). */
export class NotRecorded extends Error {
  override readonly name = 'NotRecorded';
  constructor(
    readonly method: string,
    readonly url: string,
  ) {
    super(`${method} ${redactUrl(url)} is not in the recording`);
  }
}
