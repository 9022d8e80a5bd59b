// The patches in patches/ (see patches/README.md): read, and applied exactly, for scripts/bundle.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPatch, parsePatch } from 'diff';

/** Every patch in patches/, by the path under node_modules of the file it changes. */
export function readPatches(dir) {
  const patches = new Map();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.patch')).sort()) {
    for (const patch of parsePatch(readFileSync(join(dir, name), 'utf8'))) {
      const file = patch.newFileName?.replace(/^b\//, '');
      if (!file || patch.oldFileName?.replace(/^a\//, '') !== file) throw new Error(`bundle: ${name} must change one file in place (a/<path> and b/<path>)`);
      if (patches.has(file)) throw new Error(`bundle: ${file} is patched twice (${patches.get(file).name} and ${name}): make it one patch`);
      patches.set(file, { name, patch });
    }
  }
  return patches;
}

/** The text of `file` with its patch applied; throws when the patch does not apply exactly. */
export function patched(text, { name, patch }) {
  const result = applyPatch(text, patch, { fuzzFactor: 0 });
  if (result === false) throw new Error(`bundle: patches/${name} no longer applies to ${patch.newFileName}: update or drop it`);
  return result;
}

