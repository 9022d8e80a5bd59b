// `restguide lint` of documents of ordinary size holds V8's young generation at its first size.
//
// V8 starts the young generation at two semi-spaces of 1 MB and doubles it, up to two of 16 MB, while
// much of what it collects survives, as a parsed document does. Every page it grows into is memory
// the process touches for the first time, and a page fault: on the machine the bench runs on (a
// Firecracker VM) a first touch costs 12-16 µs a page, 3.5 ms a MB, sixteen times a second touch
// (bench/lint-scale.mjs measures it), and the young generation was 8,000 of the 22,000 faults of a
// lint of Twilio's 1.5 MB description, a tenth of its time. Held at its first size, that lint is
// 6 % faster (902 against 963 ms, 9 interleaved rounds) and 1 MB of copies 7 %; 2 MB gain 3.5 %; from 4 MB on, the scavenges
// the small young generation makes (it fills a hundred times as often) cost more than the pages
// saved: 4 MB 2 % slower, GitHub's 10 MB description 15 %. So only inputs of up to HOLD_UP_TO_BYTES
// in all are held, and only in the CLI's own process (not a test calling main()), and never when the
// user sized the young generation. V8 reads the growth factor each time it would grow the young
// generation, so setting it at run time takes effect, unlike the semi-space sizes (young-generation.ts).
import { statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { isUrl } from '../lint/read-source.js';
import { isOurBin, setV8Flag, thisProcess, youngGenerationSetByUser, type BinProcessView } from './node-flags.js';

/** Inputs of up to this many bytes in all are linted with the young generation held (see above). */
export const HOLD_UP_TO_BYTES = 3 * 1024 * 1024;

/** The V8 flag that holds the young generation at its size: it grows by a factor of one. */
export const HOLD_FLAG = '--semi-space-growth-factor=1';

/** The total size of the inputs when each is a local file; undefined when one is a URL, a glob or missing. */
export function localInputBytes(inputs: readonly string[], cwd: string): number | undefined {
  let total = 0;
  for (const input of inputs) {
    if (isUrl(input)) return undefined;
    let info: Stats | undefined;
    try {
      info = statSync(resolve(cwd, input), { throwIfNoEntry: false });
    } catch {
      return undefined; // a path under a file, too long, not readable...: the lint says so in its words
    }
    if (!info?.isFile()) return undefined;
    total += info.size;
  }
  return total;
}

/** Whether a lint of `inputs` holds the young generation (see above). */
export function holdsYoungGeneration(inputs: readonly string[], cwd: string, view: BinProcessView): boolean {
  if (!isOurBin(view.script) || youngGenerationSetByUser(view.execArgv, view.nodeOptions)) return false;
  const bytes = localInputBytes(inputs, cwd);
  return bytes !== undefined && bytes <= HOLD_UP_TO_BYTES;
}

/** Holds the young generation for a lint of `inputs` when holdsYoungGeneration says so; says whether it did. */
export function holdYoungGenerationForLint(inputs: readonly string[], cwd: string, env: NodeJS.ProcessEnv): boolean {
  return holdsYoungGeneration(inputs, cwd, thisProcess(env)) && setV8Flag(HOLD_FLAG);
}
