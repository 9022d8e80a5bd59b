// Ctrl-C during `check --allow-writes`: no new requests, the cleanups run, the run says what it
// cleaned and what it could not, exit 130 — and no test record is left in the store.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { startProxy } from '../helpers/proxy.js';

const BIN = fileURLToPath(new URL('../../bin/restguide.js', import.meta.url));
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Titles of every employer whose title says it was made by restguide. */
async function leftovers(url: string): Promise<string[]> {
  const found: string[] = [];
  let next: string | undefined = `${url}/employers?pageSize=100`;
  for (let page = 0; next && page < 20; page++) {
    const body = (await (await fetch(next)).json()) as { items: Array<{ title?: string }>; next?: string };
    found.push(...body.items.map((item) => item.title ?? '').filter((title) => /restguide test/i.test(title)));
    next = body.next;
  }
  return found;
}

describe('SIGINT during check --allow-writes', () => {
  beforeAll(() => {
    // The child runs the built CLI (`npm run build`; npm ci's prepare builds): tests write only to temporary folders.
    if (!existsSync(fileURLToPath(new URL('../../dist/bundle/restguide.js', import.meta.url))))
      throw new Error('no dist/: run npm run build first');
  });

  it('cleans up, says what it cleaned, exits 130, leaves no test record', async () => {
    const server = await startReferenceServer({ port: 0 });
    const basePath = new URL(server.url).pathname;
    let created = 0;
    let onCreated = () => {};
    const proxy = await startProxy(server.origin, basePath, (request, response) => {
      if (request.method === 'POST' && response.status === 201) {
        created++;
        onCreated();
      }
    });
    closers.push(async () => {
      await proxy.close();
      await server.close();
    });
    const url = `${proxy.origin}${basePath}`;
    expect(await leftovers(url)).toEqual([]);

    const child = spawn(
      process.execPath,
      [BIN, 'check', url, '--allow-writes', '--format', 'json', '--concurrency', '8'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    closers.push(async () => {
      child.kill('SIGKILL');
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Interrupt mid-run: once a few records were created (bounded wait).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${created} creates seen in 30 s`)), 30_000);
      onCreated = () => {
        if (created >= 3) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    child.kill('SIGINT');
    const code = await Promise.race([
      exited,
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 40_000)),
    ]);
    expect(code).toBe(130);
    expect(stderr).toMatch(/SIGINT: sending no new request/);
    expect(stderr).toMatch(/interrupted: \d+ cleanup requests? succeeded, 0 could not clean up/);
    expect(stderr).toMatch(/cleaned: DELETE http:\/\/127\.0\.0\.1:\d+\/registry\/v1\/employers\/\d+ → 204/);
    expect(await leftovers(url)).toEqual([]);
  }, 90_000);
});
