// Quoted globs (`'apis/**/*.yaml'`) expand as in Spectral; shells on Windows and in CI YAML often pass them unexpanded.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isUrl } from './read-source.js';

/** One input as given, expanded to the files it names; a glob that matches nothing keeps no files. */
interface ExpandedInput {
  input: string;
  files: string[];
}

/**
 * Characters without which no input is a pattern to tinyglobby (picomatch's glob, brace, extglob and
 * escape characters): most lints name plain files and need not load the glob library.
 */
export const PATTERN_CHARACTERS = /[*?[\]{}()!+@\\]/;

export async function expandInputs(inputs: string[], cwd: string): Promise<ExpandedInput[]> {
  const expanded: ExpandedInput[] = [];
  for (const input of inputs) {
    const tinyglobby = PATTERN_CHARACTERS.test(input) ? await import('tinyglobby') : undefined;
    // A file that exists by that very name (`api (v2).yaml`, `[draft].yaml`) is that file, not a pattern.
    if (isUrl(input) || !tinyglobby?.isDynamicPattern(input) || existsSync(resolve(cwd, input))) {
      expanded.push({ input, files: [input] });
      continue;
    }
    // Sorted, so reports and baselines list files in the same order on every machine.
    const files = (await tinyglobby.glob(input, { cwd, absolute: true, onlyFiles: true, dot: false })).sort();
    expanded.push({ input, files });
  }
  return expanded;
}
