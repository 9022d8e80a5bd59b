// `-o` names what the user has: a device, a FIFO, a symlink. Each gets the report and stays what it was;
// only a regular file (or none) is replaced by a rename. Run as root, `-o /dev/null` once turned
// /dev/null into a file, and PostgreSQL's initdb then failed on that machine.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { lstat, mkdtemp, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { replaceFile } from '../../src/core/util/replace-file.js';
import { reference } from '../helpers/check-harness.js';
import { captureIo } from '../helpers/io.js';

const BIN = fileURLToPath(new URL('../../bin/restguide.js', import.meta.url));
const LINTED = fileURLToPath(new URL('../fixtures/lint/multi/api.yaml', import.meta.url));
const DIFF_DIR = fileURLToPath(new URL('../fixtures/diff/belgif-openapi-problem/', import.meta.url));
const [OLD, NEW] = [join(DIFF_DIR, 'problem-v1.3c246b1.yaml'), join(DIFF_DIR, 'problem-v1.fbf75ed.yaml')];

let dir: string;
let device: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restguide-special-'));
  // A null device of our own where we may make one (root, as in CI); else the machine's, which a
  // non-root process could not have replaced anyway, so the test still holds the write through.
  device = join(dir, 'null');
  try {
    execFileSync('mknod', [device, 'c', '1', '3'], { stdio: 'ignore' });
  } catch {
    device = '/dev/null';
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Reads a FIFO until its writer closes it: the reader must be open before the writer, as `cat fifo` is. */
function readFifo(name: string): { path: string; text: Promise<string> } {
  const path = join(dir, `${name}.fifo`);
  execFileSync('mkfifo', [path]);
  const text = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path}: nothing written in 60 s`)), 60_000);
    let read = '';
    createReadStream(path, 'utf8')
      .on('data', (chunk) => (read += String(chunk)))
      .on('end', () => {
        clearTimeout(timer);
        resolve(read);
      })
      .on('error', reject);
  });
  return { path, text };
}

async function linkTo(name: string): Promise<{ link: string; target: string }> {
  const target = join(dir, `${name}.target.json`);
  const link = join(dir, `${name}.link.json`);
  await writeFile(target, 'old');
  await symlink(target, link);
  return { link, target };
}

async function expectStillDevice(): Promise<void> {
  expect((await lstat(device)).isCharacterDevice()).toBe(true);
}

async function expectLinkKept(link: string, target: string, marker: string): Promise<void> {
  expect((await lstat(link)).isSymbolicLink()).toBe(true);
  expect(await readlink(link)).toBe(target);
  expect(await readFile(target, 'utf8')).toContain(marker);
}

describe('replaceFile', () => {
  it('writes through a device, a FIFO and a symlink chain, and replaces a regular file keeping its mode', async () => {
    await replaceFile(device, 'x');
    await expectStillDevice();

    const fifo = readFifo('unit');
    await replaceFile(fifo.path, 'through the pipe');
    expect(await fifo.text).toBe('through the pipe');
    expect((await lstat(fifo.path)).isFIFO()).toBe(true);

    const { link, target } = await linkTo('unit');
    const second = join(dir, 'unit.second.json');
    await symlink(link, second);
    await replaceFile(second, 'chained');
    await expectLinkKept(link, target, 'chained');
    expect((await lstat(second)).isSymbolicLink()).toBe(true);

    const plain = join(dir, 'plain.json');
    await writeFile(plain, 'old', { mode: 0o600 });
    await replaceFile(plain, 'new');
    expect(await readFile(plain, 'utf8')).toBe('new');
    expect((await stat(plain)).mode & 0o777).toBe(0o600);
  });

  it('creates the target of a dangling link through the link', async () => {
    const link = join(dir, 'dangling.json');
    await symlink(join(dir, 'dangling.target.json'), link);
    await replaceFile(link, 'made');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(dir, 'dangling.target.json'), 'utf8')).toBe('made');
  });
});

describe.each([
  ['lint', (output: string) => ['lint', LINTED, '-f', 'json', '-o', output], 'jsn-naming'],
  ['diff', (output: string) => ['diff', OLD, NEW, '-f', 'json', '-o', output], '"findings"'],
  ['check', (output: string) => ['check', '--only', 'health', '-f', 'json', '-o', output], '"results"'],
])('restguide %s -o', (_command, args, marker) => {
  const run = async (output: string) => {
    const io = captureIo();
    const code = await main(args(output), io);
    expect(code, io.err).toBeLessThan(2);
  };

  it('keeps a character device one', async () => {
    await run(device);
    await expectStillDevice();
  });

  it("gives a FIFO's reader the report", async () => {
    const fifo = readFifo(`${_command}`);
    await run(fifo.path);
    expect(await fifo.text).toContain(marker);
    expect((await lstat(fifo.path)).isFIFO()).toBe(true);
  });

  it("keeps a symlink and writes its target's report", async () => {
    const { link, target } = await linkTo(_command);
    await run(link);
    await expectLinkKept(link, target, marker);
  });
});

describe('restguide proxy -o', () => {
  /** Runs the built proxy in front of the reference server for one request, then stops it with SIGTERM. */
  async function proxyOnce(output: string): Promise<void> {
    const upstream = await reference().start();
    const child = spawn(process.execPath, [BIN, 'proxy', upstream.url, '--port', '0', '-f', 'json', '-o', output], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the proxy did not listen in 30 s')), 30_000);
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /listening on (http:\/\/\S+?),/.exec(out)?.[1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        });
      });
      await (await request(`${url}/health`)).body.text();
      child.kill('SIGTERM');
      await exited;
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await upstream.close();
    }
  }

  it('keeps a character device one, feeds a FIFO and writes through a symlink', async () => {
    await proxyOnce(device);
    await expectStillDevice();

    const fifo = readFifo('proxy');
    await proxyOnce(fifo.path);
    expect(await fifo.text).toContain('"results"');

    const { link, target } = await linkTo('proxy');
    await proxyOnce(link);
    await expectLinkKept(link, target, '"results"');
  });
});
