// A local document whose $ref names an http(s) URL: a finding in the remote file is placed at that
// $ref, and the run does not crash (a file path is no URL base).
import { createServer, type Server } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lintDocuments } from '../../src/lint/index.js';

const REMOTE = { definitions: { Amount: { type: 'object', properties: { total_value: { type: 'string' } } } } };
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(REMOTE));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

it("places a remote file's finding at the local $ref", async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'restguide-remote-ref-')), 'openapi.yaml');
  await writeFile(
    file,
    `openapi: 3.0.3
info: {title: T, version: 1.0.0, description: Remote types.}
paths: {}
components:
  schemas:
    Amount:
      $ref: '${base}/types.json#/definitions/Amount'
`,
  );
  const report = await lintDocuments([file]);
  const naming = report.findings.filter((f) => f.code === 'jsn-naming');
  expect(naming.map((f) => [f.source, f.path.join('.')])).toEqual([[file, 'components.schemas.Amount.$ref']]);
  expect(naming[0]?.message).toContain(`(in ${base}/types.json`);
}, 20_000);
