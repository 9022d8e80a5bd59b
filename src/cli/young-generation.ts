// `restguide serve` runs the reference server in a Node process with a bounded young generation.
//
// Under a flood of requests V8 grows the young generation (two semi-spaces) towards its default
// ceiling of 16 MB each, and the pages it committed stay in RSS after the flood: 50,000 image tasks
// grew RSS by a quarter while the heap in use grew by 1.4 MB. The semi-space size is fixed when the
// isolate is created (v8.setFlagsFromString has no effect at run time), so `serve` re-runs Node once
// with the flag, unless the user already chose a young-generation size: their own value wins.
// (`lint` holds the young generation at its first size in this process instead: lint-heap.ts.)

import { spawn } from 'node:child_process';
import { isOurBin, nodeOptionsArgs, SIZED_BY_USER } from './node-flags.js';

export { nodeOptionsArgs } from './node-flags.js';

/**
 * Semi-space size in MB, by measurement (bench/memory.mjs, tasks flood RSS ÷ warmed-up baseline):
 * default 1.20-1.28, 1 MB 1.08-1.12, 2 MB 1.08-1.10, 4 MB 1.03-1.09. The largest of those tried that
 * meets 1.2 with margin; its throughput is within 3 % of default flags (see README).
 */
export const SEMI_SPACE_MB = 4;

/** The Node flags `restguide serve` runs the server with; bench/memory.mjs starts its child with the same. */
export const SERVE_NODE_FLAGS: readonly string[] = [`--max-semi-space-size=${SEMI_SPACE_MB}`];

/** An inspector listens on a port the parent already holds: the process under the debugger must serve itself. */
const INSPECTOR = /^--inspect(?:-brk|-wait|-port)?(?:=|$)/;

export interface NodeProcessView {
  /** process.execArgv: Node's own arguments before the script. */
  execArgv: readonly string[];
  /** process.argv: [node, script, ...arguments]. */
  argv: readonly string[];
  /** $NODE_OPTIONS. */
  nodeOptions?: string | undefined;
}

/**
 * The arguments to re-run this process with under `execPath` (the young-generation flags, this
 * process's own Node arguments, the same script and arguments), or undefined when this process is
 * to serve itself: the user gave a young-generation size (in execArgv or NODE_OPTIONS), a debugger
 * is attached by flag, or there is no script to re-run. The child has the flag, so it never re-runs.
 */
export function relaunchArgs({ execArgv, argv, nodeOptions }: NodeProcessView): string[] | undefined {
  const script = argv[1];
  if (!script) return undefined;
  const given = [...execArgv, ...nodeOptionsArgs(nodeOptions)];
  if (given.some((arg) => SIZED_BY_USER.test(arg) || INSPECTOR.test(arg))) return undefined;
  return [...SERVE_NODE_FLAGS, ...execArgv, script, ...argv.slice(2)];
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long a signal waits before it is passed on to a child that did not stop on it. */
const FORWARD_AFTER_MS = 250;

/**
 * Re-runs `restguide serve` in a child Node with SERVE_NODE_FLAGS when relaunchArgs says so, and
 * resolves with the child's exit code; resolves undefined when this process is to serve itself.
 * SIGINT, SIGTERM and SIGHUP are passed on to the child, and this process stays until the child is
 * gone; a child killed by a signal is mirrored by raising that signal here, so the caller sees what it
 * would have seen without the relaunch.
 */
export async function relaunchServe(): Promise<number | undefined> {
  const args = relaunchArgs({ execArgv: process.execArgv, argv: process.argv, nodeOptions: process.env['NODE_OPTIONS'] });
  if (!args || !isOurBin(process.argv[1])) return undefined;
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  // A signal sent to the process group (Ctrl-C, `kill -- -<pgid>`) has reached the child too. It is passed
  // on only if the child is still running a moment later: a repeat landing while the child exits would
  // kill it mid-exit and turn its 0 into an interruption. A signal sent to this process alone waits that long.
  const pending = new Set<NodeJS.Timeout>();
  const forward = (signal: NodeJS.Signals) => {
    const timer = setTimeout(() => { pending.delete(timer); child.kill(signal); }, FORWARD_AFTER_MS);
    pending.add(timer);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: Error }>((resolve) => {
    child.once('error', (error) => resolve({ error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  for (const timer of pending) clearTimeout(timer);
  for (const signal of FORWARDED) process.off(signal, forward);
  if ('error' in ended) {
    process.stderr.write(`serve: could not start Node with ${SERVE_NODE_FLAGS.join(' ')} (${ended.error.message}); serving in this process\n`);
    return undefined;
  }
  if (ended.signal) {
    process.kill(process.pid, ended.signal);
    return 128 + ((await import('node:os')).constants.signals[ended.signal] ?? 0);
  }
  return ended.code ?? 1;
}
