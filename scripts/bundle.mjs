// Bundles the compiled CLI (dist/src/cli/main.js) into dist/bundle/, which bin/restguide.js runs.
//
// Why: Spectral and its dependencies are about 530 CommonJS files, each found by stat calls and
// package.json reads; in one bundle split into chunks a command loads a few files and nothing is
// searched for. The split keeps the lazy loading of the sources: `--version` loads neither
// Spectral nor the checks, `lint` not the reference server (`import()` becomes a chunk).
//
// What differs from the unbundled build, each for a reason (figures in docs/performance.md):
// - Nothing about the patches in patches/: scripts/build.mjs applied them to node_modules first
//   (scripts/apply-patches.mjs), so the bundle holds the same patched files the tests run.
// - src/lint/engine/spectral-internals.js reaches files inside Spectral's packages through node_modules at
//   run time; here it `require`s them by path so that the bundled copies are the ones it reaches.
// - node-fetch and es-aggregate-error are replaced by the stand-ins in scripts/bundle-shims/ (each
//   says why): nothing restguide runs calls them, and loading them is a tenth of a lint's start-up.
// - `require` is defined in every chunk for the CommonJS code that loads Node's built-in modules.
//
// dist/bundle/chunks.json lists the packages in each chunk, for the start-up tests.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild-wasm';
import { readPatches } from './apply-patches.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/bundle');
const { internalFiles } = await import(join(root, 'dist/src/lint/engine/spectral-internals.js'));

/**
 * The internal files that exist. After a Spectral upgrade that moved them, the bundle is still built
 * (npm ci must not break): the missing ones load as undefined, and the lint engine falls back to
 * Spectral's own resolver, counted (`lint --verbose`; docs/development.md#upgrading-spectral).
 */
function presentInternals() {
  let files;
  try {
    files = internalFiles();
  } catch (error) {
    console.warn(
      `bundle: Spectral's resolver files are not where src/lint/engine/spectral-internals.ts looks (${error.message.split('\n')[0]}): the lint engine will fall back to stock $ref resolution`,
    );
    return {};
  }
  const present = Object.fromEntries(Object.entries(files).filter(([, file]) => existsSync(file)));
  for (const name of Object.keys(files).filter((name) => !(name in present)))
    console.warn(
      `bundle: Spectral's ${name} (${relative(root, files[name])}) is missing: the lint engine will fall back to stock $ref resolution`,
    );
  return present;
}
const internals = presentInternals();

/** The bundled form of spectral-internals.js: the same functions over the same files, required statically. */
const spectralInternals = {
  name: 'spectral-internals',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/]lint[\\/]engine[\\/]spectral-internals\.js$/ }, () => {
      const files = internals;
      const loaders = Object.entries(files).map(([name, file]) => `  ${name}: () => require(${JSON.stringify(file)}),`);
      return {
        loader: 'js',
        contents: [
          'const loaders = {',
          ...loaders,
          '};',
          `export function internalFiles() { return ${JSON.stringify(files)}; }`,
          'export function spectralInternal(name) {',
          '  try { const m = loaders[name]?.(); return typeof m === "object" && m !== null ? m : undefined; } catch { return undefined; }',
          '}',
        ].join('\n'),
      };
    });
  },
};

const patches = readPatches(join(root, 'patches'));

const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  absWorkingDir: root,
  // The CLI, and the package export `restguide/ruleset` (dist/bundle/ruleset.js): one build, so the
  // two share their chunks and the package carries one copy of Spectral.
  // The proxy's judging worker is loaded by file name beside the chunk that starts it (src/traffic/proxy.ts).
  entryPoints: {
    restguide: 'dist/src/cli/main.js',
    ruleset: 'dist/rulesets/spectral.js',
    'proxy-worker': 'dist/src/traffic/proxy-worker.js',
  },
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
  plugins: [spectralInternals],
  banner: {
    js: "import { createRequire as __restguideCreateRequire } from 'node:module'; const require = __restguideCreateRequire(import.meta.url);",
  },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

// A patch whose file the bundle never loads changes nothing the package runs: the dependency moved.
const inputs = new Set(Object.keys(result.metafile.inputs).map((input) => input.replace(/^.*node_modules\//, '')));
for (const [file, { name }] of patches)
  if (!inputs.has(file))
    console.warn(
      `bundle: no bundled module is ${file}: re-make or drop patches/${name} (docs/development.md#upgrading-spectral)`,
    );

// Each internal file must be the one Spectral's own bundled modules import, or reaching it changes nothing.
const importers = new Map();
for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
  for (const { path } of imports) if (!input.endsWith('spectral-internals.js')) importers.set(path, input);
}
for (const [name, file] of Object.entries(internals)) {
  // A warning, not a failure: the lint engine then falls back to its stock mode, counted (--verbose).
  if (!importers.has(relative(root, file)))
    console.warn(
      `bundle: Spectral's ${name} (${relative(root, file)}) is not imported by the bundled Spectral: the lint engine will fall back to stock $ref resolution (docs/development.md#upgrading-spectral)`,
    );
}

const packageOf = (input) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.startsWith('dist/') ? 'restguide' : input);
const chunks = Object.fromEntries(
  Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => [
      relative('dist/bundle', file),
      [...new Set(Object.keys(output.inputs).map(packageOf))].sort(),
    ]),
);
writeFileSync(join(out, 'chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`);
console.log(
  `bundle: ${Object.keys(chunks).length} chunks in dist/bundle, ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
