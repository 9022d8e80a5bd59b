type Json = Record<string, unknown>;

export function problemResponse(description: string): Json {
  return { description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
}

const BELGIF = 'urn:problem-type:belgif:';
const API = 'urn:problem-type:belgif:registry:';

/**
 * Answers the pipeline gives on any operation, before (or whatever) its handler decides: shared under
 * components/responses so each operation declares them with one $ref apiece ([err-problem]).
 */
export const responses: Record<string, Json> = {
  BadRequest: problemResponse(
    `Malformed input (${BELGIF}badRequest): \`issues\` says what and where (in path, query, header or body). ` +
      'Issue types: schemaViolation (against this document; also a body that is not JSON, empty or nested deeper than 32 levels, ' +
      'and an If-Match that is not entity-tag syntax), unknownInput (a query parameter or body property this document does not name)',
  ),
  NotAcceptable: problemResponse(`None of the media types in Accept can be produced (${API}notAcceptable)`),
  UnsupportedMediaType: problemResponse(
    `The request body cannot be read: a Content-Type the operation does not take (${API}unsupportedMediaType), ` +
      `or a Content-Encoding other than identity (${API}unsupportedContentEncoding, with Accept-Encoding: identity); a body-less ` +
      'operation answers the latter too when a request sends it an encoded body',
  ),
  PayloadTooLarge: problemResponse(`Request body larger than 64 KiB (${BELGIF}payloadTooLarge, \`limit\` in bytes)`),
  PreconditionFailed: problemResponse(
    `If-Match names no current ETag of the employer (${API}preconditionFailed): it was modified since it was read`,
  ),
  RequestHeaderFieldsTooLarge: problemResponse(
    `Request line and header fields larger than 16 KiB in all (${API}requestHeaderFieldsTooLarge); the connection is closed`,
  ),
};

export const responseRef = (name: keyof typeof responses & string): Json => ({
  $ref: `#/components/responses/${name}`,
});

/** The answers every operation can give; an operation's own entries (e.g. a 400 that says more) take precedence. */
export function protocolResponses(takesBody: boolean): Json {
  return {
    400: responseRef('BadRequest'),
    406: responseRef('NotAcceptable'),
    415: responseRef('UnsupportedMediaType'),
    ...(takesBody ? { 413: responseRef('PayloadTooLarge') } : {}),
    431: responseRef('RequestHeaderFieldsTooLarge'),
  };
}
