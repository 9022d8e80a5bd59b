// doc.responses-match-openapi holds responses to the document given with --openapi, also when
// the API serves none of its own.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { captureIo } from '../helpers/io.js';
import { startProxy, type Mutator } from '../helpers/proxy.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The reference API without its /doc documents, its answers rewritten by `mutate`. */
async function undocumented(mutate: Mutator = () => {}): Promise<string> {
  const server = await startReferenceServer({ port: 0 });
  const basePath = new URL(server.url).pathname;
  const proxy = await startProxy(server.origin, basePath, (request, response) => {
    if (request.path.startsWith('/doc/')) {
      response.status = 404;
      response.json = { type: 'urn:problem-type:belgif:resourceNotFound', status: 404, title: 'Not found' };
      return;
    }
    mutate(request, response);
  });
  closers.push(async () => {
    await proxy.close();
    await server.close();
  });
  return `${proxy.origin}${basePath}`;
}

async function run(url: string) {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-contract-'));
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(buildOpenApiDocument()));
  const io = captureIo();
  const code = await main(
    ['check', url, '--openapi', file, '--only', 'doc.responses-match-openapi', '--format', 'json'],
    io,
  );
  return { code, report: JSON.parse(io.out) as CheckReport };
}

describe('doc.responses-match-openapi with --openapi', () => {
  it('passes a conforming API that serves no document: the given one is the contract', async () => {
    const { code, report } = await run(await undocumented());
    expect(report.results.map((r) => r.status)).toEqual(['pass']);
    expect(code).toBe(0);
  });

  it('fails an API whose answers contradict the given document', async () => {
    const url = await undocumented((request, response) => {
      const body = response.json as Record<string, unknown> | undefined;
      if (request.method === 'GET' && request.path.startsWith('/employers?') && body) body['items'] = 'not an array';
    });
    const { code, report } = await run(url);
    expect(report.results.map((r) => `${r.status} ${r.messageId ?? ''}`)).toContain('fail schemaMismatch');
    expect(code).toBe(1);
  });
});
