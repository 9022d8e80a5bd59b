// The package as users install it: `npm pack`, the tarball installed into an empty project from
// nothing but that tarball (--offline: everything restguide runs is bundled), then every command
// and the `restguide/ruleset` export run there, loading no file from outside the package.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRELOAD } from '../helpers/loaded-packages.js';

const ROOT = join(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'test/fixtures/lint/multi');
const SPECTRAL_CLI = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');

/** The environment without the npm_* variables of an enclosing `npm test`, which would steer the inner npm. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: 120_000, env: cleanEnv() });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')}: exit ${result.status}\n${result.stderr}`);
  return result.stdout;
}

let project: string;
let tarballFiles: string[];
let packageDir: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/bundle/restguide.js'))) throw new Error('no dist/bundle: run npm run build first');
  const work = mkdtempSync(join(tmpdir(), 'restguide-packed-'));
  // The files of the current build: `npm pack` without its prepack build, which npm ci's prepare already ran.
  const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  if (!packed) throw new Error('npm pack gave no tarball');
  tarballFiles = packed.files.map((file) => file.path);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "user-project", "version": "1.0.0", "private": true }\n');
  npm(['install', '--offline', '--no-audit', '--no-fund', '--save-dev', join(work, packed.filename)], project);
  packageDir = realpathSync(join(project, 'node_modules/restguide'));
  cpSync(FIXTURE, join(project, 'api'), { recursive: true });
}, 180_000);

type Run = SpawnSyncReturns<string> & { loaded: string[] };

/** Runs node with `args` in the project and lists the files it loaded. */
function node(args: string[]): Run {
  const log = join(mkdtempSync(join(tmpdir(), 'restguide-loaded-')), 'loaded.txt');
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--import', PRELOAD, ...args], {
    cwd: project,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...cleanEnv(), RESTGUIDE_TEST_LOADED: log, NO_COLOR: '1' },
  });
  const files = [
    ...new Set(
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((url) => url.startsWith('file:')),
    ),
  ].map((url) => fileURLToPath(url));
  return Object.assign(run, { loaded: files });
}

/** The run loaded files (so the log works), all of them the package's own. */
function expectOnlyPackageFiles(run: Run): void {
  expect(run.loaded.length).toBeGreaterThan(0);
  expect(run.loaded.filter((file) => !file.startsWith(`${packageDir}/`))).toEqual([]);
}

const restguide = (...args: string[]): Run => node([join(packageDir, 'bin/restguide.js'), ...args]);

describe('the packed package, installed from its tarball alone', () => {
  it('holds bin/, dist/bundle/, ruleset.js, the README, LICENSE and docs, and depends on nothing', () => {
    expect(
      tarballFiles.filter(
        (file) =>
          !/^(?:bin\/|dist\/bundle\/|ruleset\.js$|README\.md$|LICENSE$|package\.json$|docs\/[\w-]+\.md$)/.test(file),
      ),
    ).toEqual([]);
    expect(tarballFiles).toContain('LICENSE');
    expect(tarballFiles).toContain('dist/bundle/ruleset.js');
    expect(tarballFiles).toEqual(expect.arrayContaining(['docs/install.md', 'docs/ci.md']));
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      dependencies?: object;
      peerDependencies?: object;
      optionalDependencies?: object;
      scripts?: Record<string, string>;
    };
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
    expect(manifest.optionalDependencies ?? {}).toEqual({});
    expect(
      Object.keys(manifest.scripts ?? {}).filter((name) => ['preinstall', 'install', 'postinstall'].includes(name)),
    ).toEqual([]);
    expect(
      readdirSync(join(project, 'node_modules'))
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual(['restguide']);
  });

  it('links the bin: node_modules/.bin/restguide --version', () => {
    const run = spawnSync(join(project, 'node_modules/.bin/restguide'), ['--version'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it('check: the whole suite against the embedded reference server passes', () => {
    const run = restguide('check', '--format', 'json');
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { summary: { passed: number; failed: number; errored: number } };
    expect(report.summary.passed).toBeGreaterThan(100);
    expect(report.summary.failed + report.summary.errored).toBe(0);
    expectOnlyPackageFiles(run);
  }, 90_000);

  it('lint: the findings of a document with a $ref to another file (exit 1)', () => {
    const run = restguide('lint', 'api/api.yaml', '--format', 'json');
    expect(run.status, run.stderr).toBe(1);
    const codes = (JSON.parse(run.stdout) as Array<{ code: string }>).map((finding) => finding.code).sort();
    expect(codes).toEqual(['hlth-res', 'jsn-naming', 'oas-doc-coverage', 'oas-reuse']);
    expectOnlyPackageFiles(run);
  }, 60_000);

  it('diff: a removed path breaks clients (exit 1)', () => {
    const document = readFileSync(join(project, 'api/api.yaml'), 'utf8');
    writeFileSync(join(project, 'api/renamed.yaml'), document.replaceAll('/employers', '/staff'));
    const run = restguide('diff', 'api/api.yaml', 'api/renamed.yaml', '--format', 'json');
    expect(run.status, run.stderr).toBe(1);
    expect((JSON.parse(run.stdout) as { findings: Array<{ code: string }> }).findings.map((f) => f.code)).toContain(
      'evo-compat-path-removed',
    );
    expectOnlyPackageFiles(run);
  }, 60_000);

  it('rules: the catalogue as JSON', () => {
    const run = restguide('rules', '--format', 'json');
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as unknown[]).length).toBeGreaterThan(100);
    expectOnlyPackageFiles(run);
  });

  it('serve: answers on the URL it prints, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(packageDir, 'bin/restguide.js'), 'serve', '--port', '0'], {
      cwd: project,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no URL within 20 s: ${out}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /http:\/\/127\.0\.0\.1:\d+\S*/.exec(out);
          if (found) {
            clearTimeout(timer);
            resolve(found[0]);
          }
        });
        child.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`serve exited ${code}: ${out}`));
        });
      });
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'UP' });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    expect(child.exitCode ?? child.signalCode).not.toBeNull();
  }, 40_000);

  it("import restguide/ruleset: the ruleset object, from the package's own files", () => {
    const run = node([
      '--input-type=module',
      '-e',
      "import ruleset from 'restguide/ruleset'; console.log(JSON.stringify(Object.keys(ruleset.rules)))",
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expect.arrayContaining(['hlth-res', 'jsn-naming', 'uri-notat']));
    expectOnlyPackageFiles(run);
  });

  it('spectral-cli with `extends: [restguide/ruleset]` reports what restguide lint does', () => {
    writeFileSync(join(project, '.spectral.yaml'), 'extends: [restguide/ruleset]\n');
    const spectral = spawnSync(
      process.execPath,
      [SPECTRAL_CLI, 'lint', '-f', 'json', '--fail-severity', 'error', 'api/api.yaml'],
      {
        cwd: project,
        encoding: 'utf8',
        timeout: 90_000,
        env: { ...cleanEnv(), SCARF_ANALYTICS: 'false' },
      },
    );
    expect(spectral.stderr).not.toMatch(/Error/);
    const ours = restguide('lint', 'api/api.yaml', '--format', 'json');
    const codes = (text: string) =>
      (JSON.parse(text) as Array<{ code: string; severity: number }>).map((f) => `${f.code} ${f.severity}`).sort();
    expect(codes(spectral.stdout)).toEqual(codes(ours.stdout));
  }, 90_000);
});
