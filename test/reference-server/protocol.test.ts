// Protocol abuse as raw bytes: every answer is a problem with the trace header, and nothing executes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { exchange, expectRawProblem, parseResponses } from './helpers/raw-socket.js';

let server: ReferenceServer;
beforeEach(async () => {
  server = await startReferenceServer({ port: 0, headersTimeoutMs: 300 });
});
afterEach(async () => {
  await server.close();
});

const BASE = '/registry/v1';
const get = (path: string, extra = '') => `GET ${BASE}${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`;
async function employerCount(): Promise<number> {
  return ((await (await fetch(`${server.url}/employers?pageSize=1`)).json()) as { total: number }).total;
}

describe('links come only from the public base URL', () => {
  it('Host: evil.example is never reflected in self, next or any href', async () => {
    const { text } = await exchange(
      server.origin,
      get('/employers?pageSize=2', 'Host: evil.example\r\nConnection: close\r\n').replace('Host: x\r\n', ''),
    );
    const [page] = parseResponses(text);
    expect(page!.status).toBe(200);
    expect(page!.body).not.toContain('evil.example');
    expect(page!.json.self).toBe(`${server.url}/employers?pageSize=2`);
    expect(page!.json.next).toMatch(new RegExp(`^${server.url}/employers\\?`));
  });

  it('publicUrl sets every link; a bare origin gets the base path', async () => {
    const behind = await startReferenceServer({ port: 0, publicUrl: 'https://api.example.org/' });
    const gateway = await startReferenceServer({ port: 0, publicUrl: 'https://gw.example.org/partner/registry' });
    try {
      expect(behind.publicUrl).toBe('https://api.example.org/registry/v1');
      const doc = (await (
        await fetch(`${behind.url}/employers/93`, { headers: { Host: 'evil.example' } })
      ).json()) as any;
      expect(doc.self).toBe('https://api.example.org/registry/v1/employers/93');
      expect(doc.company.href).toMatch(/^https:\/\/api\.example\.org\/registry\/v1\/companies\//);
      const created = await fetch(`${gateway.url}/images/tasks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"a","width":1,"height":1}',
      });
      expect(created.headers.get('location')).toMatch(
        /^https:\/\/gw\.example\.org\/partner\/registry\/images\/tasks\/\d+$/,
      );
    } finally {
      await behind.close();
      await gateway.close();
    }
  });

  it.each(['ftp://x.example', 'not a url', 'https://u:p@x.example', 'https://x.example/?q=1'])(
    'refuses publicUrl %s',
    async (publicUrl) => {
      await expect(startReferenceServer({ port: 0, publicUrl })).rejects.toThrow(/--public-url/);
    },
  );
});

describe('answers that used to be bare or missing are problems, and nothing executes', () => {
  it('HTTP/1.1 without Host: 400 with a header issue', async () => {
    const [answer] = parseResponses((await exchange(server.origin, `GET ${BASE}/employers HTTP/1.1\r\n\r\n`)).text);
    const problem = expectRawProblem(answer, 400, 'badRequest');
    expect(problem.issues).toEqual([expect.objectContaining({ in: 'header', name: 'Host' })]);
  });

  it('HTTP/1.0 without Host is still served', async () => {
    const [answer] = parseResponses((await exchange(server.origin, `GET ${BASE}/employers/93 HTTP/1.0\r\n\r\n`)).text);
    expect(answer!.status).toBe(200);
  });

  it('an unknown Expect: 417, the POST not executed', async () => {
    const before = await employerCount();
    const body = '{"employerId":777001,"name":"Expect","company":{"enterpriseNumber":"0200068636"}}';
    const [answer] = parseResponses(
      (
        await exchange(
          server.origin,
          `POST ${BASE}/employers HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        )
      ).text,
    );
    expectRawProblem(answer, 417, 'expectationFailed');
    expect(await employerCount()).toBe(before);
  });

  it('CONNECT: 501, then the connection closes', async () => {
    const { text, closed } = await exchange(
      server.origin,
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
    );
    expectRawProblem(parseResponses(text)[0], 501, 'notImplemented');
    expect(closed).toBe(true);
  });

  it.each(['HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', 'HTTP/3.0'])(
    'DELETE of the collection over %s: 505, nothing deleted',
    async (version) => {
      const before = await employerCount();
      const { text } = await exchange(server.origin, `DELETE ${BASE}/employers ${version}\r\nHost: x\r\n\r\n`, {
        timeoutMs: 2000,
      });
      const answers = text === '' ? [] : parseResponses(text);
      // llhttp refuses some versions itself (400); either way a problem, and the collection is intact.
      expect(answers).toHaveLength(1);
      expect([400, 505]).toContain(answers[0]!.status);
      expectRawProblem(
        answers[0],
        answers[0]!.status,
        answers[0]!.status === 505 ? 'httpVersionNotSupported' : 'badRequest',
      );
      expect(await employerCount()).toBe(before);
    },
  );

  it.each(['gzip', 'br', 'deflate, identity', 'x-unknown'])(
    'Content-Encoding %s on a body: 415, the body is not read as JSON',
    async (encoding) => {
      const before = await employerCount();
      const res = await fetch(`${server.url}/employers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: '{"employerId":777002,"name":"Encoded","company":{"enterpriseNumber":"0200068636"}}',
      });
      expect(res.status).toBe(415);
      expect(res.headers.get('accept-encoding')).toBe('identity');
      const problem = (await res.json()) as any;
      expect(problem.type).toMatch(/unsupportedContentEncoding$/);
      expect(problem.instance).toBe(`urn:uuid:${res.headers.get('belgov-trace-id')}`);
      expect(await employerCount()).toBe(before);
    },
  );

  it('Content-Encoding identity is read as usual', async () => {
    const res = await fetch(`${server.url}/employers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' },
      body: '{"employerId":777003,"name":"Plain","company":{"enterpriseNumber":"0200068636"}}',
    });
    expect(res.status).toBe(201);
  });
});

describe('pipelining', () => {
  it('a malformed request after pipelined ones: every earlier answer first, in order, then the 400', async () => {
    const del = `DELETE ${BASE}/employers/93 HTTP/1.1\r\nHost: x\r\n\r\n`;
    const { text, closed } = await exchange(
      server.origin,
      get('/employers/93') + get('/employers/1017') + del + get('/employers/93') + 'BROKEN LINE\r\n\r\n',
    );
    const answers = parseResponses(text);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 204, 404, 400]);
    expect(answers[0]!.json.employerId).toBe(93);
    expect(answers[1]!.json.employerId).toBe(1017);
    expectRawProblem(answers[4], 400, 'badRequest');
    expect(closed).toBe(true);
  });

  it('order holds when an earlier request has a body to read', async () => {
    const body = '{"name":"Piped","width":10,"height":10}';
    const post = `POST ${BASE}/images/tasks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const { text } = await exchange(server.origin, post + get('/employers/93') + post + 'GET / HTTP/9\r\n\r\n');
    expect(parseResponses(text).map((a) => a.status)).toEqual([202, 200, 202, 400]);
  });
});

describe('slow request headers', () => {
  it('headers unfinished after the headers timeout: 408 problem, connection closed', async () => {
    const { text, closed, ms } = await exchange(
      server.origin,
      [`GET ${BASE}/employers HTTP/1.1\r\n`, 'Host: x\r\n', 'X-Slow: 1\r\n'],
      { gapMs: 50, timeoutMs: 5000 },
    );
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(4000);
    expectRawProblem(parseResponses(text)[0], 408, 'requestTimeout');
  });
});
