// Which packages a run of the CLI loads, bundled or not. A preload registers a module hook that
// writes every ES module URL it loads to a file, and at exit adds every CommonJS file in the
// require cache. Files under node_modules count as their package; chunks of dist/bundle count as
// every package dist/bundle/chunks.json lists for them (scripts/bundle.mjs writes it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../../src/core/util/version.js';

export const BIN = join(PACKAGE_ROOT, 'bin/restguide.js');
/** The CLI from the compiled sources (dist/src), to compare with the bundle the bin runs. */
export const UNBUNDLED = join(PACKAGE_ROOT, 'scripts/unbundled.mjs');

const HOOKS = `data:text/javascript,${encodeURIComponent(
  "import { appendFileSync } from 'node:fs';" +
    'export async function load(url, context, next) {' +
    "  if (url.startsWith('file:')) appendFileSync(process.env.RESTGUIDE_TEST_LOADED, url + '\\n');" +
    '  return next(url, context);' +
    '}',
)}`;

/** A `--import` preload that appends the URL of every file the process loads to $RESTGUIDE_TEST_LOADED. */
export const PRELOAD = `data:text/javascript,${encodeURIComponent(
  "import { register, createRequire } from 'node:module';" +
    "import { appendFileSync } from 'node:fs';" +
    "import { pathToFileURL } from 'node:url';" +
    `register(${JSON.stringify(HOOKS)});` +
    "const req = createRequire('/');" +
    "process.on('exit', () => appendFileSync(process.env.RESTGUIDE_TEST_LOADED, Object.keys(req.cache).map((f) => pathToFileURL(f).href + '\\n').join('')));",
)}`;

const packageOf = (file: string): string | undefined => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];

export interface LoadedRun {
  packages: Set<string>;
  /** Whether any chunk of dist/bundle was loaded. */
  bundled: boolean;
  /** The files loaded from node_modules (none when the bundle holds everything the run needs). */
  fromNodeModules: string[];
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI (`entry`: the bin, or UNBUNDLED) with `args` and reports the packages it loaded. */
export function loadedPackages(args: string[], entry: string = BIN): LoadedRun {
  const log = join(mkdtempSync(join(tmpdir(), 'restguide-loaded-')), 'loaded.txt');
  const run = spawnSync(process.execPath, ['--import', PRELOAD, entry, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, RESTGUIDE_TEST_LOADED: log },
  });
  if (!existsSync(log)) throw new Error(`no module list: ${run.stderr}`);
  const chunksFile = join(PACKAGE_ROOT, 'dist/bundle/chunks.json');
  const chunks = existsSync(chunksFile)
    ? (JSON.parse(readFileSync(chunksFile, 'utf8')) as Record<string, string[]>)
    : {};
  const bundleDir = join(PACKAGE_ROOT, 'dist/bundle/');
  const packages = new Set<string>();
  let bundled = false;
  const fromNodeModules: string[] = [];
  for (const url of new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))) {
    const file = fileURLToPath(url);
    if (file.startsWith(bundleDir)) {
      bundled = true;
      for (const name of chunks[file.slice(bundleDir.length)] ?? []) packages.add(name);
    } else {
      const name = packageOf(file);
      if (name) {
        packages.add(name);
        fromNodeModules.push(file);
      }
    }
  }
  return { packages, bundled, fromNodeModules, status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The loaded packages whose name starts with `prefix`, sorted. */
export const loadedWith = (run: LoadedRun, prefix: string): string[] =>
  [...run.packages].filter((p) => p.startsWith(prefix)).sort();
