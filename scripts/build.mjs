// The build: the patches into node_modules (scripts/apply-patches.mjs), tsc into dist/, then
// scripts/bundle.mjs into dist/bundle/ (what the package ships).
//
// `npm run build` and `prepack` always build. `prepare` passes --if-changed: it skips the build
// when dist/ was built from the same inputs (a hash of the sources, the build scripts, package.json
// and the lockfile, which fixes what node_modules holds). npm runs `prepare` more often than once
// per change: twice for a git dependency (the `npm install` in its clone, then the pack), after
// `prepack` on `npm pack` and `npm publish`, and each time `npx restguide` in a clone links the
// package into npx's cache; each was a silent build of half a minute.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist/.build-inputs');
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
const INPUT_FOLDERS = ['src', 'rulesets', 'scripts', 'patches'];

/** Every file under `folder`, sorted, as paths relative to the root. */
function filesUnder(folder) {
  const found = [];
  const pending = [join(root, folder)];
  while (pending.length > 0) {
    const dir = pending.pop();
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) found.push(relative(root, path).replaceAll('\\', '/'));
    }
  }
  return found;
}

/** One hash over the names and contents of the build's inputs. */
function inputsHash() {
  const files = [
    ...INPUT_FILES.filter((file) => existsSync(join(root, file))),
    ...INPUT_FOLDERS.flatMap(filesUnder),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

const built = () =>
  ['dist/bundle/restguide.js', 'dist/bundle/ruleset.js'].every((file) => existsSync(join(root, file)));

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hash = inputsHash();
const current = built() && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
// For CI that builds restguide from its own files (action.yml, ci/gitlab/): a cache key, and whether
// a restored dist/ is this source's build. Both need node only, not node_modules.
if (process.argv.includes('--inputs-hash')) {
  console.log(hash);
  process.exit(0);
}
if (process.argv.includes('--is-current')) process.exit(current ? 0 : 1);

// The patches go into node_modules first, on every build and install (`prepare`), built or skipped:
// the tests and the compiled sources run node_modules, the bundle copies it. One that no longer
// applies is reported and skipped, never a failed install (scripts/apply-patches.mjs).
const { applyPatches } = await import('./apply-patches.mjs');
for (const { message } of applyPatches()) if (message) console.warn(message);
if (process.argv.includes('--if-changed') && current) {
  console.log('restguide: dist/ is built from these sources; build skipped (`npm run build` rebuilds)');
  process.exit(0);
}

rmSync(stamp, { force: true });
run([createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.json']);
run([join(root, 'scripts/bundle.mjs')]);
mkdirSync(dirname(stamp), { recursive: true });
writeFileSync(stamp, `${hash}\n`);
