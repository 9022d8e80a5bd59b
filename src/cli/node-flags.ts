// Node's own arguments, as far as restguide's heap tuning reads them (young-generation.ts, lint-heap.ts).
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
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

/** Whether the user sized the young generation or its growth (in Node's arguments or NODE_OPTIONS): their value wins. */
export function youngGenerationSetByUser(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return [...execArgv, ...nodeOptionsArgs(nodeOptions)].some((arg) => SIZED_BY_USER.test(arg) || GROWTH_BY_USER.test(arg));
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
