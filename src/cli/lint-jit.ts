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
import { givenByUser, isOurBin, thisProcess, setV8Flag, type BinProcessView } from './node-flags.js';

/** The V8 flag `lint` sets. V8 reads it at each optimization, so it takes effect when set at run time. */
export const NO_INLINING_FLAG = '--no-turbo-inlining';

/** The user's own choice of inlining, in Node's arguments or NODE_OPTIONS: it wins. */
const INLINING_BY_USER = /^--(?:no[-_])?turbo[-_]inlining(?:=|$)/;

/** Whether a lint run in the process `view` describes leaves out inlining (see above). */
export function leavesOutInlining(view: BinProcessView): boolean {
  return isOurBin(view.script) && !givenByUser(view.execArgv, view.nodeOptions, INLINING_BY_USER);
}

/** Leaves out TurboFan's inlining for this lint when leavesOutInlining says so; says whether it did. */
export function leaveOutInliningForLint(env: NodeJS.ProcessEnv): boolean {
  return leavesOutInlining(thisProcess(env)) && setV8Flag(NO_INLINING_FLAG);
}
