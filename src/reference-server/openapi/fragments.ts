/** Small builders that keep the OpenAPI paths readable; every operation gets a default problem response. */
import { problemResponse, protocolResponses } from './responses.js';

export { problemResponse };
export type Json = Record<string, unknown>;

export const schemaRef = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
export const paramRef = (name: string): Json => ({ $ref: `#/components/parameters/${name}` });
export const headerRef = (name: string): Json => ({ $ref: `#/components/headers/${name}` });

export function jsonResponse(description: string, schema: string, extra: Json = {}): Json {
  return { description, content: { 'application/json': { schema: schemaRef(schema) } }, ...extra };
}

export function jsonBody(schema: string, example: unknown, description?: string): Json {
  return {
    required: true,
    ...(description ? { description } : {}),
    content: { 'application/json': { schema: schemaRef(schema), example } },
  };
}

/** The answers of an operation on one document by its key: 200 with it, 400 for a malformed key, 404 for an unknown one. */
export function documentResponses(
  description: string,
  schema: string,
  malformed: string,
  missing: string,
  more: Json = {},
): Json {
  return {
    200: jsonResponse(description, schema),
    400: problemResponse(malformed),
    404: problemResponse(missing),
    ...more,
  };
}

/** The path item of a document read by its key: its key parameters and a GET answering as documentResponses. */
export const documentPath = (
  parameters: Json[],
  [tag, operationId, summary]: [tag: string, operationId: string, summary: string],
  answers: Parameters<typeof documentResponses>,
): Json => ({ parameters, get: operation(tag, operationId, summary, { responses: documentResponses(...answers) }) });

const DEFAULT_DESCRIPTION =
  'Any other problem (see the problem type): 500 internalServerError; answers to the connection rather than ' +
  'to an operation (408 requestTimeout, 417 expectationFailed, 505 httpVersionNotSupported); 401/403 in protected mode';

export function operation(tag: string, operationId: string, summary: string, parts: Json & { responses: Json }): Json {
  return {
    tags: [tag],
    operationId,
    summary,
    description: `${summary}.`,
    ...parts,
    // Integer-like keys keep ascending order whatever the spread order, so the statuses list sorted.
    responses: {
      ...protocolResponses(parts.requestBody !== undefined),
      ...parts.responses,
      default: problemResponse(DEFAULT_DESCRIPTION),
    },
  };
}

/** An integer identifier with the bounds [id-numer] asks for. */
export const intId = (maximum: number, format: 'int32' | 'int64' = 'int32', minimum = 1): Json => ({
  type: 'integer',
  format,
  minimum,
  maximum,
});

export const pathParam = (name: string, schema: Json, description: string): Json => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

/** A path parameter holding an integer id ([id-numer]) up to `maximum`. */
export const idParam = (name: string, maximum: number, description: string): Json =>
  pathParam(name, intId(maximum), description);

/** A path parameter holding a code ([cod-design]: lowerCamelCase). */
export const codeParam = (name: string, description: string): Json =>
  pathParam(name, { type: 'string', pattern: '^[a-z][a-zA-Z0-9]{0,49}$' }, description);

/** A multi-valued query parameter: repeated `?x=a&x=b` ([qry-multi]). */
export const arrayQuery = (name: string, items: Json, description: string): Json => ({
  name,
  in: 'query',
  required: false,
  description,
  style: 'form',
  explode: true,
  schema: { type: 'array', items },
});

export const link = (description: string): Json => ({ type: 'string', format: 'uri', description });
/** A link in a schema that is also a request body: the server sets it and ignores it on input. */
export const readOnlyLink = (description: string): Json => ({ ...link(description), readOnly: true });

/** Reserved collection properties of an offset-paged collection ([col-paging]). */
export function offsetPagingProperties(): Json {
  return {
    total: {
      type: 'integer',
      format: 'int32',
      minimum: 0,
      description: 'Number of items in the (filtered) result over all pages',
    },
    page: { type: 'integer', format: 'int32', minimum: 1, description: 'Index of this page, 1-based' },
    pageSize: {
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: 100,
      description: 'Maximum number of items per page',
    },
    first: link('First page'),
    last: link('Last page'),
    prev: link('Previous page; absent on the first page'),
    next: link('Next page; absent on the last page'),
  };
}
