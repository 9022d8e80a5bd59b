// The patches in patches/ (see patches/README.md), applied to node_modules by `npm ci`/`npm install`
// (the `prepare` script), so that the tests, the compiled sources and the bundle all run the same
// patched dependencies. Idempotent: a patch already applied is left alone. A patch that no longer
// applies (its package was upgraded) is reported in one line and skipped: the install goes on, the
// dependency runs as shipped, and test/build-patches.test.ts fails until the patch is re-made or
// dropped (the drill: docs/development.md#upgrading-spectral).
//
//   node scripts/apply-patches.mjs          apply what is not applied yet; exit 0
//   node scripts/apply-patches.mjs --check  apply nothing; exit 1 when a patch is not applied
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch, parsePatch, reversePatch } from 'diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every patch in patches/, by the path under node_modules of the file it changes. */
export function readPatches(dir) {
  const patches = new Map();
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.patch'))
    .sort()) {
    const text = readFileSync(join(dir, name), 'utf8');
    // The first line names the package and the exact version the patch was made against.
    const [, pkg, version] = /^# (@?[\w.-]+(?:\/[\w.-]+)?) (\d+\.\d+\.\d+\S*): /.exec(text) ?? [];
    for (const patch of parsePatch(text)) {
      const file = patch.newFileName?.replace(/^b\//, '');
      if (!file || patch.oldFileName?.replace(/^a\//, '') !== file)
        throw new Error(`patches: ${name} must change one file in place (a/<path> and b/<path>)`);
      if (patches.has(file))
        throw new Error(`patches: ${file} is patched twice (${patches.get(file).name} and ${name}): make it one patch`);
      patches.set(file, { name, patch, pkg, version });
    }
  }
  return patches;
}

/** The text of `file` with its patch applied; throws when the patch does not apply exactly. */
export function patched(text, { name, patch }) {
  const result = applyPatch(text, patch, { fuzzFactor: 0 });
  if (result === false)
    throw new Error(
      `patches/${name} no longer applies to ${patch.newFileName}: re-make or drop it (docs/development.md#upgrading-spectral)`,
    );
  return result;
}

/** 'applied' (the file holds the patched text), 'pending' (the patch applies) or 'stale' (neither). */
export function stateOf(text, { patch }) {
  if (applyPatch(text, reversePatch(patch), { fuzzFactor: 0 }) !== false) return 'applied';
  return applyPatch(text, patch, { fuzzFactor: 0 }) !== false ? 'pending' : 'stale';
}

const installedVersion = (modules, pkg) => {
  try {
    return JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
};

/**
 * Each patch's state in `modules` (a node_modules folder), applying the pending ones unless
 * `check`. A stale patch carries the one line that says what to do.
 */
export function applyPatches({
  modules = join(root, 'node_modules'),
  patchDir = join(root, 'patches'),
  check = false,
} = {}) {
  const results = [];
  for (const [file, entry] of readPatches(patchDir)) {
    const installed = installedVersion(modules, entry.pkg);
    let text;
    try {
      text = readFileSync(join(modules, file), 'utf8');
    } catch {
      text = undefined;
    }
    let state = text === undefined ? 'stale' : stateOf(text, entry);
    if (state === 'pending' && installed !== entry.version) state = 'stale';
    if (state === 'pending' && !check) {
      // A new file renamed over the old one: a node_modules made of hard links to another copy keeps that copy intact.
      const target = join(modules, file);
      writeFileSync(`${target}.restguide-patch`, patched(text, entry));
      renameSync(`${target}.restguide-patch`, target);
      state = 'applied';
    }
    const why =
      text === undefined
        ? `${file} is not installed`
        : installed !== entry.version
          ? `it was made for ${entry.pkg} ${entry.version}, node_modules has ${installed ?? 'none'}`
          : `${file} changed`;
    const message =
      state === 'stale'
        ? `restguide: patches/${entry.name} does not apply (${why}): ${entry.pkg} runs unpatched; re-make or drop the patch (docs/development.md#upgrading-spectral)`
        : undefined;
    results.push({ name: entry.name, file, state, ...(message ? { message } : {}) });
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const results = applyPatches({ check });
  for (const { message } of results) if (message) console.warn(message);
  const applied = results.filter((r) => r.state === 'applied').length;
  console.log(`restguide: ${applied} of ${results.length} patches applied in node_modules`);
  if (check && applied < results.length) process.exitCode = 1;
}
