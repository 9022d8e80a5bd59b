// `restguide serve` as users run it: the bin re-runs Node once with a bounded young generation, the
// server answers from that child, and a signal to the parent stops both with the child's exit code.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVE_NODE_FLAGS } from '../../src/cli/young-generation.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = `${ROOT}bin/restguide.js`;
const linux = process.platform === 'linux';
const started: ChildProcess[] = [];
afterEach(() => { for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });

/** Process ids whose parent is `pid` (Linux: from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch { /* gone meanwhile */ }
  }
  return found;
}

const cmdline = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
const alive = (pid: number): boolean => { try { process.kill(pid, 0); return true; } catch { return false; } };

/** Starts the bin's serve on a free port; resolves once it printed its URL (bounded). */
async function serve(env: NodeJS.ProcessEnv = process.env, detached = false) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], { env, detached, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => { err += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in 20 s; stderr: ${err}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/registry\/v1)\n/.exec(out);
      if (match) { clearTimeout(timer); resolve(match[1]!); }
    });
    void exited.then(({ code }) => { clearTimeout(timer); reject(new Error(`serve exited ${code} before listening: ${err}`)); });
  });
  const stopped = () => Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000))]);
  return { child, url, stopped, stderr: () => err };
}

describe('restguide serve runs the server with a bounded young generation', () => {
  beforeAll(() => {
    // The child runs the compiled CLI: built by `npm run build` (CI builds before testing); built here when missing.
    if (!existsSync(`${ROOT}dist/src/cli/young-generation.js`)) spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: ROOT, timeout: 180_000 });
  }, 200_000);

  // The process-tree checks read /proc: on other systems they are skipped, the rest runs.
  it('answers, serves from a child Node with the flag, and SIGTERM to the parent ends both with 0', async () => {
    const { child, url, stopped } = await serve();
    expect((await fetch(`${url}/employers`)).status).toBe(200);
    let server: number | undefined;
    if (linux) {
      const children = childrenOf(child.pid!);
      expect(children).toHaveLength(1);
      server = children[0]!;
      const args = cmdline(server);
      expect(args.slice(1)).toEqual([...SERVE_NODE_FLAGS, BIN, 'serve', '--port', '0', '--host', '127.0.0.1']);
    }
    child.kill('SIGTERM');
    expect(await stopped()).toEqual({ code: 0, signal: null });
    if (server !== undefined) expect(alive(server)).toBe(false);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it.runIf(process.platform !== 'win32')('Ctrl-C (SIGINT to the whole process group) ends both with 0, not as interrupted', async () => {
    // The child gets the group's SIGINT itself; the parent must not pass on a second one that lands while it exits.
    for (let round = 0; round < 3; round++) {
      const { child, url, stopped } = await serve(process.env, true);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      process.kill(-child.pid!, 'SIGINT');
      expect(await stopped()).toEqual({ code: 0, signal: null });
    }
  });

  it.runIf(linux)('NODE_OPTIONS already carrying the flag: no second process (the user\'s value wins; reads /proc, Linux only)', async () => {
    const { child, url, stopped } = await serve({ ...process.env, NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --max-semi-space-size=4`.trim() });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect(childrenOf(child.pid!)).toEqual([]);
    child.kill('SIGTERM');
    expect(await stopped()).toEqual({ code: 0, signal: null });
  });

  it('a usage error in the child is the parent\'s exit code', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
    const [code] = await Promise.race([
      new Promise<[number | null]>((resolve) => child.once('exit', (c) => resolve([c]))),
      new Promise<['hung']>((resolve) => setTimeout(() => resolve(['hung']), 15_000)),
    ]);
    expect(code).toBe(2);
    expect(err).toMatch(/--port must be an integer/);
  });
});
