// Bundles the compiled CLI (dist/src/cli/main.js) into dist/bundle/, which bin/restguide.js runs.
//
// Why: a small lint spent half its time in Node's module loader: 530 CommonJS files of Spectral and
// its dependencies, each found by stat calls and package.json reads, then compiled on its own. In
// one bundle split into chunks, a command loads a few files and nothing is searched for. The split
// keeps the lazy loading of the sources: `--version` loads neither Spectral nor the checks, `lint`
// not the reference server (`import()` becomes a chunk of its own).
//
// Three things differ from the unbundled build, each for a reason:
// - src/lint/spectral-internals.js reaches three files inside Spectral's packages through
//   node_modules at run time; here it `require`s them by path so the bundled copies are the ones
//   it changes (see that file).
// - node-fetch and es-aggregate-error are replaced by the stand-ins in scripts/bundle-shims/ (each
//   says why): nothing restguide runs calls them, and they cost a tenth of the start-up.
// - fdir (tinyglobby's directory walker) looks for an optional picomatch at load time for its
//   glob() method, which tinyglobby never calls; from the bundle's folder that lookup would find
//   whichever picomatch sits at the top of node_modules, if any. The lookup is left out.
// - `require` is defined in every chunk for the CommonJS code that loads Node's built-in modules.
//
// dist/bundle/chunks.json lists the packages in each chunk, for the start-up tests.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild-wasm';

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

/** fdir without its optional picomatch lookup (see above); unchanged if its text is not the expected one. */
const fdirWithoutOptionalPicomatch = {
  name: 'fdir-without-optional-picomatch',
  setup(build) {
    build.onLoad({ filter: /[\\/]fdir[\\/]dist[\\/]index\.mjs$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      const lookup = /try \{\s*__require\.resolve\("picomatch"\);\s*pm = __require\("picomatch"\);\s*\} catch \{\}/;
      return { loader: 'js', contents: lookup.test(text) ? text.replace(lookup, '') : text };
    });
  },
};

const started = Date.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { restguide: 'dist/src/cli/main.js' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its `module` is plain ESM.
  mainFields: ['module', 'main'],
  alias: {
    'node-fetch': join(root, 'scripts/bundle-shims/node-fetch.cjs'),
    'es-aggregate-error': join(root, 'scripts/bundle-shims/es-aggregate-error.cjs'),
  },
  plugins: [spectralInternals, fdirWithoutOptionalPicomatch],
  banner: { js: "import { createRequire as __restguideCreateRequire } from 'node:module'; const require = __restguideCreateRequire(import.meta.url);" },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

// Each internal file must be the one Spectral's own bundled modules import, or changing it changes nothing.
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
console.log(`bundle: ${Object.keys(chunks).length} chunks in dist/bundle, ${((Date.now() - started) / 1000).toFixed(1)} s`);
