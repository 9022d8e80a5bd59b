// Node's own arguments and V8 flags, as far as restguide's tuning reads and sets them (young-generation.ts,
// lint-heap.ts, lint-jit.ts).
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PACKAGE_ROOT } from '../core/version.js';

/**
 * Flags by which the user already sized the heap's young generation. `--max-heap-size` counts too: V8
 * aborts at start-up when it is given with both --max-old-space-size and --max-semi-space-size.
 */
export const SIZED_BY_USER = /^--(?:max|min)[-_]semi[-_]space[-_]size(?:=|$)|^--max[-_]heap[-_]size(?:=|$)/;

/** The flag by which V8 grows the young generation, which lint-heap.ts sets: the user's own wins too. */
const GROWTH_BY_USER = /^--semi[-_]space[-_]growth[-_]factor(?:=|$)/;

/** NODE_OPTIONS split into its arguments (whitespace-separated; double quotes group, as Node reads them). */
export function nodeOptionsArgs(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!));
}

/** Whether one of Node's arguments or NODE_OPTIONS' matches `flag`. */
export function givenByUser(execArgv: readonly string[], nodeOptions: string | undefined, flag: RegExp): boolean {
  return [...execArgv, ...nodeOptionsArgs(nodeOptions)].some((arg) => flag.test(arg));
}

/** Whether the user sized the young generation or its growth (in Node's arguments or NODE_OPTIONS): their value wins. */
export function youngGenerationSetByUser(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return givenByUser(execArgv, nodeOptions, SIZED_BY_USER) || givenByUser(execArgv, nodeOptions, GROWTH_BY_USER);
}

/** What the lint's V8 tuning (lint-heap.ts, lint-jit.ts) reads of its process. */
export interface BinProcessView {
  /** process.execArgv and $NODE_OPTIONS: a flag of the user's wins. */
  execArgv: readonly string[];
  nodeOptions: string | undefined;
  /** process.argv[1]: only this package's bin is tuned. */
  script: string | undefined;
}

/** This process as a BinProcessView. */
export const thisProcess = (env: NodeJS.ProcessEnv): BinProcessView => ({ execArgv: process.execArgv, nodeOptions: env.NODE_OPTIONS, script: process.argv[1] });

/** Sets a V8 flag at run time; says whether it could (a Node without the flag runs as it would have). */
export function setV8Flag(flag: string): boolean {
  try {
    setFlagsFromString(flag);
    return true;
  } catch {
    return false;
  }
}

/** Whether `script` is this package's bin: a test calling main() in-process is never tuned nor re-run. */
export function isOurBin(script: string | undefined): boolean {
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(join(PACKAGE_ROOT, 'bin/restguide.js'));
  } catch {
    return false;
  }
}
