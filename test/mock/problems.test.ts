// The mock's problems: one problem naming every parameter and body member a request breaks, the guide's
// standard types where it has one, the mock's own elsewhere, and every href it gives answering.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockServer } from '../../src/mock/server.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { send as exchange, type Json } from '../helpers/mock-api.js';

const BOXES: Json = {
  openapi: '3.0.3',
  info: { title: 'Boxes', version: '1.0.0' },
  servers: [{ url: '/boxes/v1' }],
  paths: {
    '/boxes': {
      get: {
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 5 } },
          { name: 'colour', in: 'query', schema: { type: 'string', enum: ['red', 'blue'] } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    self: { type: 'string', format: 'uri' },
                    items: {
                      type: 'array',
                      items: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/boxes/{boxId}': {
      parameters: [{ name: 'boxId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        parameters: [{ name: 'select', in: 'query', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'one',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Box' } } },
          },
        },
      },
      put: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Box' } } } },
        responses: { '200': { description: 'replaced' } },
      },
    },
  },
  components: {
    schemas: {
      Box: {
        type: 'object',
        additionalProperties: false,
        required: ['colour'],
        properties: {
          boxId: { type: 'integer', minimum: 1, readOnly: true },
          colour: { type: 'string', enum: ['red', 'blue'] },
          width: { type: 'integer', minimum: 1, maximum: 10 },
        },
      },
    },
  },
};

const GUIDE_PAGE = /^https:\/\/www\.belgif\.be\/specification\/rest\/api-guide\/problems\/[a-zA-Z]+\.html$/;

const send = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
  exchange(method, url, { headers, ...(body === undefined ? {} : { body }) });

/** Names of the issues of a problem, as `in name`. */
const issuesOf = (json: Json | undefined): string[] =>
  ((json?.['issues'] ?? []) as Json[]).map((i) => `${String(i['in'])} ${String(i['name'])}`).sort();

describe('the issues of a request that breaks several parts', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(BOXES, { seed: 3 });
  });
  afterAll(() => mock.close());

  it('names a broken path parameter and broken query parameters in one problem', async () => {
    const answer = await send('GET', `${mock.url}/boxes/0?select=(colour)&shape=round`);
    expect(answer.status).toBe(400);
    expect(issuesOf(answer.json)).toEqual(['path boxId', 'query shape']);
    expect(answer.json!['issues']).toContainEqual(expect.objectContaining({ in: 'path', name: 'boxId', value: '0' }));
    expect(answer.json!['issues']).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'shape', value: 'round' }),
    );
  });

  it('names the broken path parameter and the broken body members of a write in one problem', async () => {
    const answer = await send(
      'PUT',
      `${mock.url}/boxes/0`,
      { 'content-type': 'application/json' },
      JSON.stringify({ colour: 'green', width: 99, lid: true }),
    );
    expect(answer.status).toBe(400);
    expect(issuesOf(answer.json)).toEqual(['body colour', 'body lid', 'body width', 'path boxId']);
    expect(answer.json!['issues']).toContainEqual(expect.objectContaining({ in: 'body', name: 'width', value: 99 }));
  });

  it('keeps the parameter issues alone when the body is not JSON it can read', async () => {
    const answer = await send('PUT', `${mock.url}/boxes/0`, { 'content-type': 'text/plain' }, 'colour=red');
    expect(answer.status).toBe(400);
    expect(issuesOf(answer.json)).toEqual(['path boxId']);
  });
});

describe("the mock's problem types", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock(BOXES, { seed: 3 });
  });
  afterAll(() => mock.close());

  /** One problem of each kind the mock answers. */
  const provoke = async (): Promise<Json[]> => {
    const item = String(
      ((await send('GET', `${mock.url}/boxes`, { accept: 'application/json' })).json!['items'] as Json[])[0]!['href'],
    );
    const answers = [
      await send('GET', `${mock.url}/boxes?colour=green`),
      await send('GET', `${mock.url}/nowhere`),
      await send('DELETE', `${mock.url}/boxes`),
      await send('GET', `${mock.url}/boxes`, { accept: 'application/xml' }),
      await send('PUT', item, { 'content-type': 'text/plain' }, 'colour=red'),
      await send('PUT', item, { 'content-type': 'application/json', 'if-match': '"old"' }, '{"colour":"red"}'),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 404, 405, 406, 415, 412]);
    return answers.map((a) => a.json!);
  };

  it("uses the guide's standard types with the guide's pages, and no type of the reference API", async () => {
    const problems = await provoke();
    for (const problem of problems.slice(0, 2)) {
      expect(problem['type']).toMatch(/^urn:problem-type:belgif:(badRequest|resourceNotFound)$/);
      expect(problem['href']).toMatch(GUIDE_PAGE);
    }
    for (const problem of problems.slice(2)) {
      expect(problem['type']).toMatch(/^urn:problem-type:restguide:mock:[a-z][a-zA-Z]+$/);
      expect(String(problem['href']).startsWith(`${mock.url}/refData/problemTypes/`)).toBe(true);
    }
    expect(JSON.stringify(problems)).not.toContain(':registry:');
  });

  it('answers every href of its own types with the description of that type, as HTML and as JSON', async () => {
    for (const problem of (await provoke()).slice(2)) {
      const html = await send('GET', String(problem['href']));
      expect(html.status).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.text).toContain(String(problem['type']));
      const json = await send('GET', String(problem['href']), { accept: 'application/json' });
      expect(json.json).toMatchObject({ type: problem['type'], status: problem['status'], title: problem['title'] });
    }
    expect((await send('GET', `${mock.url}/refData/problemTypes/invalidState`)).status).toBe(404);
  });

  it('answers a request node cannot parse with a problem too, not a bare 400', async () => {
    const { port } = new URL(mock.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write('GET /boxes/v1/boxes HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/content-type: application\/problem\+json/i);
    expect(raw).toMatch(/belgov-trace-id: [0-9a-f-]{36}/i);
    expect(raw).toContain('"type":"urn:problem-type:belgif:badRequest"');
  });
});

describe('a document that declares its own problem type path', () => {
  it('has the mock describe its own types there, and the rest answered as the document declares', async () => {
    const mock = await startMock(buildOpenApiDocument() as Json);
    try {
      const refused = await send('DELETE', `${mock.url}/health`);
      expect(refused.status).toBe(405);
      expect(refused.json!['type']).toBe('urn:problem-type:restguide:mock:methodNotAllowed');
      const page = await send('GET', String(refused.json!['href']), { accept: 'application/json' });
      expect(page.status).toBe(200);
      expect(page.json).toMatchObject({ type: refused.json!['type'], status: 405 });
    } finally {
      await mock.close();
    }
  });
});
