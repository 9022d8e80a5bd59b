// Bundles the compiled CLI (dist/src/cli/main.js) into dist/bundle/, which bin/restguide.js runs.
//
// Why: Spectral and its dependencies are about 530 CommonJS files, each found by stat calls and
// package.json reads; in one bundle split into chunks a command loads a few files and nothing is
// searched for. The split keeps the lazy loading of the sources: `--version` loads neither
// Spectral nor the checks, `lint` not the reference server (`import()` becomes a chunk).
//
// What differs from the unbundled build, each for a reason (figures in docs/performance.md):
// - The patches in patches/ are applied to the files they name. Each is a unified diff with a
//   header saying what it fixes and why; one that no longer applies fails the build.
// - src/lint/spectral-internals.js reaches files inside Spectral's packages through node_modules at
//   run time; here it `require`s them by path so that the bundled copies are the ones it reaches.
// - node-fetch and es-aggregate-error are replaced by the stand-ins in scripts/bundle-shims/ (each
//   says why): nothing restguide runs calls them, and loading them is a tenth of a lint's start-up.
// - `require` is defined in every chunk for the CommonJS code that loads Node's built-in modules.
//
// dist/bundle/chunks.json lists the packages in each chunk, for the start-up tests.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild-wasm';
import { patched, readPatches } from './apply-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/bundle');
const { internalFiles } = await import(join(root, 'dist/src/lint/spectral-internals.js'));

/** The bundled form of spectral-internals.js: the same functions over the same files, required statically. */
const spectralInternals = {
  name: 'spectral-internals',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/]lint[\\/]spectral-internals\.js$/ }, () => {
      const files = internalFiles();
      const loaders = Object.entries(files).map(([name, file]) => `  ${name}: () => require(${JSON.stringify(file)}),`);
      return {
        loader: 'js',
        contents: [
          'const loaders = {', ...loaders, '};',
          `export function internalFiles() { return ${JSON.stringify(files)}; }`,
          'export function spectralInternal(name) {',
          '  try { const m = loaders[name](); return typeof m === "object" && m !== null ? m : undefined; } catch { return undefined; }',
          '}',
        ].join('\n'),
      };
    });
  },
};

const patches = readPatches(join(root, 'patches'));
const applied = new Set();
const applyPatches = {
  name: 'patches',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.js$/ }, async ({ path }) => {
      const file = relative(join(root, 'node_modules'), path).replaceAll('\\', '/');
      const patch = patches.get(file);
      if (!patch) return undefined;
      applied.add(file);
      return { loader: 'js', contents: patched(await readFile(path, 'utf8'), patch) };
    });
  },
};

const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  absWorkingDir: root,
  // The CLI, and the package export `restguide/ruleset` (dist/bundle/ruleset.js): one build, so the
  // two share their chunks and the package carries one copy of Spectral.
  // The proxy's judging worker is loaded by file name beside the chunk that starts it (src/traffic/proxy.ts).
  entryPoints: { restguide: 'dist/src/cli/main.js', ruleset: 'dist/rulesets/spectral.js', 'proxy-worker': 'dist/src/traffic/proxy-worker.js' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Without layout white space: a third less text for V8 to scan. Names stay, so a stack trace
  // still names its functions.
  minifyWhitespace: true,
  // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its `module` is plain ESM.
  mainFields: ['module', 'main'],
  alias: {
    'node-fetch': join(root, 'scripts/bundle-shims/node-fetch.cjs'),
    'es-aggregate-error': join(root, 'scripts/bundle-shims/es-aggregate-error.cjs'),
  },
  plugins: [spectralInternals, applyPatches],
  banner: { js: "import { createRequire as __restguideCreateRequire } from 'node:module'; const require = __restguideCreateRequire(import.meta.url);" },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

// A patch whose file the bundle never loaded changes nothing: the dependency moved or is gone.
const unused = [...patches.keys()].filter((file) => !applied.has(file));
if (unused.length > 0) throw new Error(`bundle: no bundled module is ${unused.join(', ')}: update or drop ${unused.map((file) => `patches/${patches.get(file).name}`).join(', ')}`);

// Each internal file must be the one Spectral's own bundled modules import, or reaching it changes nothing.
const importers = new Map();
for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
  for (const { path } of imports) if (!input.endsWith('spectral-internals.js')) importers.set(path, input);
}
for (const [name, file] of Object.entries(internalFiles())) {
  if (!importers.has(relative(root, file))) throw new Error(`bundle: Spectral's ${name} (${relative(root, file)}) is not imported by the bundled Spectral`);
}

const packageOf = (input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.startsWith('dist/') ? 'restguide' : input);
const chunks = Object.fromEntries(Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => [relative('dist/bundle', file), [...new Set(Object.keys(output.inputs).map(packageOf))].sort()]));
writeFileSync(join(out, 'chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`);
console.log(`bundle: ${Object.keys(chunks).length} chunks in dist/bundle, ${patches.size} patches applied, ${((Date.now() - started) / 1000).toFixed(1)} s`);
