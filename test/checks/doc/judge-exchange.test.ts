import { describe, expect, it } from 'vitest';
import { ContractValidator } from '../../../src/checks/doc/support/contract-validator.js';
import { judgeExchange } from '../../../src/checks/doc/support/judge-exchange.js';
import { makeResponse, type Exchange } from '../../../src/core/engine/exchange.js';

const BASE = 'http://api.test/registry/v1';
const json = { 'application/json': { schema: { type: 'object', required: ['name'] } } };
const document = {
  openapi: '3.0.3',
  servers: [{ url: '/registry/v1' }],
  paths: {
    '/things/{id}': {
      get: {
        responses: {
          200: { content: json },
          304: { description: 'not modified' },
          '4XX': { $ref: '#/components/responses/Problem' },
        },
      },
    },
    '/texts': { get: { responses: { 200: { content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    '/writeOnly': { post: { responses: { 201: {} } } },
  },
  components: {
    responses: {
      Problem: { content: { 'application/problem+json': { schema: { type: 'object', required: ['status'] } } } },
    },
  },
};
const validator = new ContractValidator(document);

function exchange(
  path: string,
  status: number,
  contentType: string | undefined,
  text: string,
  truncated = false,
): Exchange {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  return {
    request: { method: 'GET', url: `${BASE}${path}`, headers: {} },
    response: makeResponse(status, headers, text, truncated),
    durationMs: 1,
  };
}
const judge = (e: Exchange) => judgeExchange(document, validator, BASE, e);

describe('judgeExchange', () => {
  it('passes a body matching the documented schema; names operation, status and response when it does not', () => {
    expect(judge(exchange('/things/1', 200, 'application/json; charset=utf-8', '{"name":"a"}'))).toEqual({
      kind: 'pass',
    });
    expect(judge(exchange('/things/1', 200, 'application/json', '{}'))).toMatchObject({
      kind: 'fail',
      messageId: 'schemaMismatch',
      data: {
        operation: 'GET /things/{id}',
        status: 200,
        response: '200',
        errors: "(root) must have required property 'name'",
      },
    });
    expect(judge(exchange('/things/1', 200, 'application/json', '{oops'))).toMatchObject({
      kind: 'fail',
      messageId: 'schemaMismatch',
      data: { errors: '(root) is not JSON' },
    });
  });

  it('a status falls under its documented range (a referenced response); one with no range nor default is undocumented', () => {
    expect(judge(exchange('/things/x', 400, 'application/problem+json', '{"status":400}'))).toEqual({ kind: 'pass' });
    expect(judge(exchange('/things/x', 404, 'application/problem+json', '{}'))).toMatchObject({
      kind: 'fail',
      messageId: 'schemaMismatch',
      data: { response: '4XX' },
    });
    expect(judge(exchange('/things/x', 500, 'application/problem+json', '{"status":500}'))).toMatchObject({
      kind: 'fail',
      messageId: 'undocumentedStatus',
      data: { status: 500 },
    });
  });

  it("a 304 to the run's own conditional GET is the protocol's answer; an unasked 304 is undocumented", () => {
    const conditional = (path: string): Exchange => ({
      ...exchange(path, 304, undefined, ''),
      request: { method: 'GET', url: `${BASE}${path}`, headers: { 'If-None-Match': '"v1"' } },
    });
    expect(judge(conditional('/texts'))).toMatchObject({
      kind: 'unjudged',
      why: 'GET /texts → 304 to a conditional request',
    });
    expect(judge(exchange('/texts', 304, undefined, ''))).toMatchObject({
      kind: 'fail',
      messageId: 'undocumentedStatus',
    });
  });

  it('judges the media type: undocumented type, an empty body where content is promised; bodiless statuses pass', () => {
    expect(judge(exchange('/things/1', 200, 'text/html', '<p>'))).toMatchObject({
      kind: 'fail',
      messageId: 'undocumentedMediaType',
      data: { mediaType: 'text/html', documented: 'application/json' },
    });
    expect(judge(exchange('/things/1', 200, undefined, ''))).toMatchObject({
      kind: 'fail',
      messageId: 'undocumentedMediaType',
      data: { mediaType: '(empty body)' },
    });
    expect(judge(exchange('/things/1', 304, undefined, ''))).toEqual({ kind: 'pass' });
    expect(judge(exchange('/texts', 200, 'text/plain', 'hello'))).toEqual({ kind: 'pass' });
  });

  it('leaves undocumented paths and operations, and truncated bodies, unjudged', () => {
    expect(judge(exchange('/restguideUnknownResource', 404, 'application/problem+json', '{}'))).toMatchObject({
      kind: 'undocumented',
    });
    expect(judge(exchange('/writeOnly', 405, 'application/problem+json', '{}'))).toMatchObject({
      kind: 'undocumented',
    });
    expect(judge(exchange('/things/1', 200, 'application/json', '{"na', true))).toMatchObject({ kind: 'unjudged' });
  });
});
