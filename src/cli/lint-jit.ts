// `restguide lint` asks V8's optimizing compiler not to inline functions into the ones it optimizes.
//
// A lint is a short run of much code, most of it run a few thousand times: TurboFan optimizes
// hundreds of functions, each with the functions it calls inlined into it, on background threads
// that share the machine's cores with the lint and its garbage collector. Inlining makes each
// optimization larger, and most of that code runs too briefly to repay it. Without it, on the bench
// machine (2 cores), a lint of Twilio's 1.5 MB description took 807 ms against 857 (6 % less, 12
// interleaved rounds), and one of GitHub's 10 MB description was no slower (3.90 against 3.94 s).
// The findings are the same: inlining decides how fast code runs, never what it computes.
//
// The flag is set before the lint's modules load, only in the CLI's own process (not in a test or
// library calling main()), and never when the user chose TurboFan's inlining themselves.
import { setFlagsFromString } from 'node:v8';
import { isOurBin, nodeOptionsArgs } from './node-flags.js';

/** The V8 flag `lint` sets. V8 reads it at each optimization, so it takes effect when set at run time. */
export const NO_INLINING_FLAG = '--no-turbo-inlining';

/** The user's own choice of inlining, in Node's arguments or NODE_OPTIONS: it wins. */
const INLINING_BY_USER = /^--(?:no[-_])?turbo[-_]inlining(?:=|$)/;

export interface LintJitView {
  /** process.execArgv and $NODE_OPTIONS. */
  execArgv: readonly string[];
  nodeOptions: string | undefined;
  /** process.argv[1]: only this package's bin is tuned. */
  script: string | undefined;
}

/** Whether a lint run in the process `view` describes leaves out inlining (see above). */
export function leavesOutInlining(view: LintJitView): boolean {
  if (!isOurBin(view.script)) return false;
  return ![...view.execArgv, ...nodeOptionsArgs(view.nodeOptions)].some((arg) => INLINING_BY_USER.test(arg));
}

/** Leaves out TurboFan's inlining for this lint when leavesOutInlining says so; says whether it did. */
export function leaveOutInliningForLint(env: NodeJS.ProcessEnv): boolean {
  if (!leavesOutInlining({ execArgv: process.execArgv, nodeOptions: env.NODE_OPTIONS, script: process.argv[1] })) return false;
  try {
    setFlagsFromString(NO_INLINING_FLAG);
    return true;
  } catch {
    return false; // a Node without the flag: the lint runs as it would have
  }
}
