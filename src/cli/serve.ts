import type { Io } from './io.js';
import { UsageError } from '../core/util/errors.js';

/** Parses a non-negative integer option; anything else is a usage error. */
function integerOption(name: string, value: unknown, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) > max) {
    throw new UsageError(`--${name} must be an integer from 0 to ${max}, got '${String(value).slice(0, 40)}'`);
  }
  return Number(text);
}

/**
 * `restguide serve`: starts the reference server, prints its base URL and runs until SIGINT or
 * SIGTERM, then closes it and resolves 0. The `signals` hook lets tests stop it without a signal.
 */
export async function runServe(
  options: Record<string, unknown>,
  io: Io,
  signals: { until?: Promise<unknown> } = {},
): Promise<number> {
  const port = integerOption('port', options.port, 65535);
  const taskDelayMs = integerOption('task-delay', options.taskDelay, 3_600_000);
  const tokenLifetimeSec = integerOption('token-lifetime', options.tokenLifetime, 86_400);
  if (tokenLifetimeSec === 0) throw new UsageError('--token-lifetime must be at least 1 second');
  const host = options.host === undefined ? undefined : String(options.host);
  const secret = io.env['RESTGUIDE_CLIENT_SECRET'] || undefined;
  const auth =
    options.auth === true
      ? {
          clients: [{ id: 'restguide-demo', ...(secret ? { secret } : {}) }],
          ...(tokenLifetimeSec ? { tokenLifetimeSec } : {}),
        }
      : undefined;
  if (host !== undefined && !/^[A-Za-z0-9.:-]{1,253}$/.test(host))
    throw new UsageError(`--host is not a host name or address: '${host.slice(0, 40)}'`);

  const publicUrl = options.publicUrl === undefined ? undefined : String(options.publicUrl);

  if (options.openapi !== undefined) {
    if (options.auth === true)
      throw new UsageError("--auth is the reference server's protected mode: it does not combine with --openapi");
    const mock = await startMockFrom(options, io, { port, host, publicUrl, taskDelayMs });
    return runUntilStopped(() => mock.close(), io, signals);
  }
  const { startReferenceServer } = await import('../reference-server/index.js');
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    server = await startReferenceServer({
      port,
      host,
      taskDelayMs,
      ...(publicUrl !== undefined ? { publicUrl } : {}),
      ...(auth ? { auth } : {}),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message); // a bad --public-url
    throw new UsageError(`serve: ${listenError(error, port, host)}`);
  }
  io.stdout(`restguide reference server listening on ${server.url}\n`);
  if (server.publicUrl !== server.url) io.stdout(`links use the public base URL ${server.publicUrl}\n`);
  if (server.auth) {
    const client = server.auth.clients[0];
    io.stdout(
      `protected mode: token endpoint ${server.auth.tokenUrl}, client ${client?.id ?? '?'}, scopes ${server.auth.scopes.join(' ')}\n`,
    );
    // A secret this process made up is printed once so a client can use it; one from the environment never is.
    if (!secret && client?.secret) io.stdout(`client secret (generated): ${client.secret}\n`);
  }

  return runUntilStopped(() => server.close(), io, signals);
}

/** `serve --openapi`: the document's own API, served the guide's way, with its notes on stdout. */
async function startMockFrom(
  options: Record<string, unknown>,
  io: Io,
  listen: { port?: number; host?: string; publicUrl?: string; taskDelayMs?: number },
): Promise<{ close(): Promise<void> }> {
  const seed = integerOption('seed', options.seed, 2 ** 31 - 1);
  const { loadOpenApi } = await import('../core/profile/openapi-profile.js');
  const document = await loadOpenApi(String(options.openapi), io.cwd);
  const data = options.data === undefined ? undefined : await readData(String(options.data), io.cwd);
  const { startMock } = await import('../mock/server.js');
  try {
    const mock = await startMock(document, {
      ...(listen.port !== undefined ? { port: listen.port } : {}),
      ...(listen.host !== undefined ? { host: listen.host } : {}),
      ...(listen.publicUrl !== undefined ? { publicUrl: listen.publicUrl } : {}),
      ...(listen.taskDelayMs !== undefined ? { taskDelayMs: listen.taskDelayMs } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(data ? { data } : {}),
    });
    io.stdout(`restguide mock of ${String(options.openapi)} listening on ${mock.url}\n`);
    for (const note of mock.notes) io.stdout(`  not as the guide wants: ${note}\n`);
    return mock;
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message); // a bad --public-url or --data
    throw new UsageError(`serve: ${listenError(error, listen.port, listen.host)}`);
  }
}

/** Why a server could not listen, in one line. */
function listenError(error: unknown, port: number | undefined, host: string | undefined): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EADDRINUSE'
    ? `port ${port} is already in use`
    : code === 'EACCES'
      ? `no permission to listen on port ${port}`
      : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
        ? `cannot listen on host ${host}`
        : (error as Error).message;
}

/** `--data`: records per collection path, as JSON: `{"/employers": [{...}, ...]}`. */
async function readData(file: string, cwd: string): Promise<Record<string, unknown[]>> {
  const { readFile } = await import('node:fs/promises');
  const { resolve } = await import('node:path');
  let data: unknown;
  try {
    data = JSON.parse(await readFile(resolve(cwd, file), 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read --data ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const valid =
    typeof data === 'object' && data !== null && !Array.isArray(data) && Object.values(data).every(Array.isArray);
  if (!valid) throw new UsageError(`--data ${file} must be a JSON object of arrays: {"/collection": [records]}`);
  return data as Record<string, unknown[]>;
}

/** Runs until SIGINT, SIGTERM or `until`, then closes the server; resolves 0. */
async function runUntilStopped(
  close: () => Promise<void>,
  io: Io,
  signals: { until?: Promise<unknown> },
): Promise<number> {
  // Stopped by a signal, the process is ending and the handlers stay: a repeated Ctrl-C must not kill
  // it while it closes or exits (the exit would then read as interrupted). Stopped by `until`
  // (in-process), they go.
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let bySignal = false;
  const onSignal = () => {
    bySignal = true;
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  signals.until?.then(stop, stop);
  const orphaned = watchNpmParent(io.env, onSignal);
  try {
    await stopped;
    await close();
  } finally {
    clearInterval(orphaned);
    if (!bySignal) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
  return 0;
}

/** Whether a process exists (EPERM: it does, owned by someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Under `npx restguide serve` (or an npm script) npm starts `sh -c restguide ...` and forwards
 * SIGTERM and SIGINT to that shell only; dash dies without passing them on, which left this server
 * running after `kill <npx's pid>`. So, started by npm, it stops when the process that started it is gone.
 */
function watchNpmParent(env: Record<string, string | undefined>, stop: () => void): NodeJS.Timeout | undefined {
  if (env['npm_command'] === undefined && env['npm_lifecycle_event'] === undefined) return undefined;
  const parent = process.ppid;
  if (parent <= 1) return undefined;
  // A dead parent not yet reaped still answers kill(pid, 0) as a zombie; its children are handed on at once, so a
  // changed ppid tells it first.
  const timer = setInterval(() => {
    if (process.ppid !== parent || !alive(parent)) stop();
  }, 250);
  timer.unref();
  return timer;
}
