// Requests node:http cannot parse never reach the router; they still get a problem, never a bare status.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

/** Sends raw bytes and reads the whole answer (the server closes the connection), bounded by a timeout. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error('no answer within 5 s'));
    });
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(body) as Record<string, unknown> };
}

describe('requests the HTTP parser refuses', () => {
  it('oversized headers: 431 with a problem whose instance is the trace id', async () => {
    const answer = parse(
      await raw(`GET /registry/v1/employers HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.json).toMatchObject({
      type: 'urn:problem-type:belgif:registry:requestHeaderFieldsTooLarge',
      status: 431,
      title: 'Request Header Fields Too Large',
    });
    expect(answer.json['instance']).toBe(`urn:uuid:${answer.headers['belgov-trace-id']}`);
  });

  it('a request line that is not HTTP: 400 badRequest problem', async () => {
    const answer = parse(await raw('GARBAGE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.json).toMatchObject({ type: 'urn:problem-type:belgif:badRequest', status: 400 });
  });
});
