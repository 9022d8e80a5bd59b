// `restguide serve` as users run it: one process, which serves itself. A SIGKILL (what CI timeouts
// and container stops send) leaves nothing behind listening, and a signal ends it with exit code 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = `${ROOT}bin/restguide.js`;
const linux = process.platform === 'linux';
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Process ids whose parent is `pid` (Linux: from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Starts the bin's serve on a free port; resolves once it printed its URL (bounded). */
async function serve(env: NodeJS.ProcessEnv = process.env, detached = false) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    env,
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL in 20 s; stderr: ${err}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/registry\/v1)\n/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code} before listening: ${err}`));
    });
  });
  const stopped = () =>
    Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000))]);
  return { child, url, stopped, stderr: () => err };
}

describe('restguide serve is one process', () => {
  beforeAll(() => {
    // The bin runs the built CLI (`npm run build`; npm ci's prepare builds): tests write only to temporary folders.
    if (!existsSync(`${ROOT}dist/bundle/restguide.js`)) throw new Error('no dist/: run npm run build first');
  });

  it('answers from the process it started, with no child, and SIGTERM ends it with 0', async () => {
    const { child, url, stopped } = await serve();
    expect((await fetch(`${url}/employers`)).status).toBe(200);
    if (linux) expect(childrenOf(child.pid!)).toEqual([]); // reads /proc
    child.kill('SIGTERM');
    expect(await stopped()).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it('SIGKILL leaves nothing listening on its port', async () => {
    const { child, url, stopped } = await serve();
    expect((await fetch(`${url}/health`)).status).toBe(200);
    child.kill('SIGKILL');
    expect(await stopped()).toEqual({ code: null, signal: 'SIGKILL' });
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it.runIf(process.platform !== 'win32')(
    'Ctrl-C (SIGINT to the whole process group) ends it with 0, not as interrupted',
    async () => {
      for (let round = 0; round < 3; round++) {
        const { child, url, stopped } = await serve(process.env, true);
        expect((await fetch(`${url}/health`)).status).toBe(200);
        process.kill(-child.pid!, 'SIGINT');
        expect(await stopped()).toEqual({ code: 0, signal: null });
      }
    },
  );

  it('a usage error ends it with exit code 2 and one line', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const [code] = await Promise.race([
      new Promise<[number | null]>((resolve) => child.once('exit', (c) => resolve([c]))),
      new Promise<['hung']>((resolve) => setTimeout(() => resolve(['hung']), 15_000)),
    ]);
    expect(code).toBe(2);
    expect(err).toMatch(/--port must be an integer/);
  });

  // npx runs a bin as npm's run-script does: `sh -c '<bin>' <args>`, with npm_command set, and forwards
  // SIGTERM to that shell only. dash forks the command and dies on the signal without passing it on
  // (the trailing `exit` makes any sh fork): the server, orphaned, must stop by itself.
  it.runIf(linux)(
    'under npx, SIGTERM to the shell npm started stops the server too',
    async () => {
      const shell = spawn(
        'sh',
        ['-c', '"$0" "$@"; exit $?', process.execPath, BIN, 'serve', '--port', '0', '--host', '127.0.0.1'],
        {
          env: { ...process.env, npm_command: 'exec', npm_lifecycle_event: 'npx' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      started.push(shell);
      let out = '';
      shell.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      let server: number | undefined;
      const running = (pid: number): boolean => {
        if (!existsSync(`/proc/${pid}`)) return false;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'; // a zombie has exited
      };
      try {
        for (let i = 0; i < 200 && !/listening on http/.test(out); i++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        expect(url, out).toBeDefined();
        server = childrenOf(shell.pid!)[0];
        expect(server).toBeDefined();
        shell.kill('SIGTERM');
        for (let i = 0; i < 100 && running(server!); i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(running(server!)).toBe(false);
        await expect(fetch(`${url}/health`)).rejects.toThrow();
      } finally {
        if (server !== undefined && running(server)) process.kill(server, 'SIGKILL');
      }
    },
    40_000,
  );

  // The npm shell may die and not be reaped yet (its parent busy): a zombie still answers kill(pid, 0), so the
  // server must see its parent gone by its own ppid. Here the shell's parent execs `sleep`, which never reaps.
  it.runIf(linux)(
    'under npx, a dead npm shell not yet reaped still stops the server',
    async () => {
      const outer = spawn(
        'sh',
        [
          '-c',
          'sh -c \'"$0" "$@"; exit $?\' "$@" & exec sleep 30',
          process.execPath,
          BIN,
          'serve',
          '--port',
          '0',
          '--host',
          '127.0.0.1',
        ],
        {
          env: { ...process.env, npm_command: 'exec', npm_lifecycle_event: 'npx' },
          stdio: ['ignore', 'ignore', 'ignore'],
        },
      );
      started.push(outer);
      const stateOf = (pid: number): string | undefined => {
        if (!existsSync(`/proc/${pid}`)) return undefined;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      };
      let shell: number | undefined;
      let server: number | undefined;
      try {
        for (let i = 0; i < 200 && server === undefined; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          shell = childrenOf(outer.pid!)[0];
          server = shell === undefined ? undefined : childrenOf(shell)[0];
        }
        expect(server).toBeDefined();
        // Listening (its socket open) before the shell goes, so the watch is in place.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        process.kill(shell!, 'SIGTERM');
        for (let i = 0; i < 100 && stateOf(shell!) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 50));
        expect(stateOf(shell!)).toBe('Z');
        for (let i = 0; i < 100 && [undefined, 'Z'].every((s) => s !== stateOf(server!)); i++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect([undefined, 'Z']).toContain(stateOf(server!));
      } finally {
        if (server !== undefined && stateOf(server) !== undefined) process.kill(server, 'SIGKILL');
      }
    },
    40_000,
  );
});
