// Reading the problem of an error response, shared by the id checks.
import type { Exchange } from '../../../core/engine/exchange.js';
import { mediaTypeOf } from '../../../core/engine/exchange.js';
import { isObject } from '../../../core/util/json.js';

/** The problem body of a response, when it is one (media type problem+json and a JSON object). */
export function problemOf(exchange: Exchange): Record<string, unknown> | undefined {
  const body = exchange.response.json;
  return mediaTypeOf(exchange.response) === 'application/problem+json' && isObject(body) ? body : undefined;
}

/** The last lowerCamelCase segment of a problem type (`badRequest` of `urn:problem-type:belgif:badRequest`). */
export function problemTypeName(problem: Record<string, unknown> | undefined): string | undefined {
  const type = problem?.['type'];
  return typeof type === 'string'
    ? type
        .split(/[:/]/)
        .pop()
        ?.replace(/\.html$/, '')
    : undefined;
}
