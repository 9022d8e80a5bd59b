// The GitHub Action (action.yml) run as a workflow runs it (test/helpers/ci-runner.ts): its `run:`
// steps under bash, the inputs in the environment, GITHUB_ACTION_PATH a copy of this repository's
// files, npm cut off from the registry. restguide comes only from those files: built there when the
// cache did not restore their build. Against the embedded reference server, a proxy in front of it
// that drops the trace header, and a fixture document: the SARIF file, the annotations, the outputs
// and the exit code under --fail-on; exit 2 with one line when restguide cannot be built or started.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import {
  action,
  annotations,
  offlineNpm,
  repositoryCopy,
  ROOT,
  runAction as runActionAt,
  type ActionPlace,
  type ActionRun,
} from '../helpers/ci-runner.js';
import { startProxy, type Proxy } from '../helpers/proxy.js';
import { runShell } from '../helpers/run-shell.js';

/** The action as a job with a warm cache has it: this repository's files and their build. */
let place: ActionPlace;
beforeAll(async () => {
  place = { actionPath: repositoryCopy({ build: true }), env: await offlineNpm() };
  // A checkout whose dist/ is older than its sources: built once here, as the first job would.
  if (spawnStatus(place.actionPath) !== 0) {
    const built = await runShell(
      'bash',
      ['-c', 'npm ci --ignore-scripts --no-audit --no-fund && node scripts/build.mjs'],
      place.actionPath,
      { ...process.env, ...place.env },
      600_000,
    );
    if (built.status !== 0) throw new Error(`cannot build the action's copy: ${built.stderr}`);
  }
}, 600_000);

function spawnStatus(dir: string): number {
  try {
    execFileSync(process.execPath, [join(dir, 'scripts/build.mjs'), '--is-current'], { stdio: 'ignore' });
    return 0;
  } catch {
    return 1;
  }
}

const runAction = (inputs: Record<string, string>, prepare?: (workspace: string) => void): Promise<ActionRun> =>
  runActionAt(inputs, place, prepare);

type Sarif = {
  version: string;
  runs: Array<{
    tool: { driver: { name: string } };
    results: Array<{
      ruleId: string;
      level: string;
      locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }>;
    }>;
  }>;
};
const sarifOf = (run: ActionRun, file = 'restguide.sarif'): Sarif =>
  JSON.parse(readFileSync(join(run.workspace, file), 'utf8')) as Sarif;

const copyFixture = (workspace: string): void =>
  cpSync(join(ROOT, 'test/fixtures/lint/multi'), join(workspace, 'api'), { recursive: true });

describe('action.yml', () => {
  it('is a composite action whose scripts read inputs only from the environment', () => {
    expect(action.runs.using).toBe('composite');
    const scripts = action.runs.steps.filter((step) => step.run !== undefined);
    expect(scripts.length).toBeGreaterThan(0);
    for (const step of scripts) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toContain('${{');
    }
    expect(Object.keys(action.inputs)).toEqual(
      expect.arrayContaining(['command', 'target', 'openapi', 'fail-on', 'sarif', 'annotations', 'formats']),
    );
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'sarif-file']);
  });

  it("runs restguide from the action's own files, never from the registry; only their build is cached", () => {
    // The other steps: Node, when asked for, and the cache of the build, keyed by its inputs.
    expect(
      action.runs.steps.filter((step) => step.run === undefined).map((step) => [step.uses, step.if ?? '']),
    ).toEqual([
      ['actions/setup-node@v4', "inputs.node-version != ''"],
      ['actions/cache@v4', ''],
    ]);
    const cache = action.runs.steps.find((step) => step.uses === 'actions/cache@v4');
    expect(cache?.with).toEqual({
      path: '${{ github.action_path }}/dist',
      key: '${{ steps.source.outputs.cache-key }}',
    });
    const scripts = action.runs.steps.map((step) => step.run ?? '').join('\n');
    expect(scripts).not.toMatch(/\bnpx\b|npm (?:i|install|exec)\b|restguide@/);
    expect(scripts).toContain('node "$GITHUB_ACTION_PATH/bin/restguide.js"');
    expect(action.inputs).not.toHaveProperty('version');
  });
});

describe('the action, run as a workflow runs it', () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    // Drops BelGov-Trace-Id: the trace checks (warnings) fail, nothing of severity error does.
    proxy = await startProxy(server.url, new URL(server.url).pathname, (_request, response) => {
      delete response.headers['belgov-trace-id'];
    });
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('check with no target checks the embedded reference server: SARIF, a notice, further reports, exit 0', async () => {
    const run = await runAction({ command: 'check', formats: 'junit=reports/restguide.xml' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.outputs).toEqual({ 'exit-code': '0', 'sarif-file': 'restguide.sarif' });
    const sarif = sarifOf(run);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.tool.driver.name).toBe('restguide');
    expect(sarif.runs[0]?.results).toEqual([]);
    // The coverage per operation of the reference server's document, then the verdict.
    expect(annotations(run)).toEqual([
      expect.stringMatching(/^::notice title=restguide coverage per operation::\d+ of \d+ operations exercised/),
      expect.stringMatching(/^::notice title=restguide check::\d+ passed, 0 failed/),
    ]);
    expect(readFileSync(join(run.workspace, 'reports/restguide.xml'), 'utf8')).toContain('<testsuites');
  }, 60_000);

  it('check of a target whose warnings fail: exit 1 under --fail-on warning, 0 under error, SARIF either way', async () => {
    const target = `${proxy.origin}${new URL(server.url).pathname}`;
    const failing = await runAction({ command: 'check', target, 'fail-on': 'warning', args: '--only trace' });
    expect(failing.status, failing.stderr).toBe(1);
    expect(failing.outputs['exit-code']).toBe('1');
    const warnings = annotations(failing).filter((line) => line.startsWith('::warning '));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((line) => line.includes('title=trace.'))).toBe(true);
    expect(sarifOf(failing).runs[0]?.results.map((result) => result.ruleId)).toContain('trace.header-present');

    const passing = await runAction({ command: 'check', target, 'fail-on': 'error', args: '--only trace' });
    expect(passing.status, passing.stderr).toBe(0);
    expect(passing.outputs['exit-code']).toBe('0');
    expect(sarifOf(passing).runs[0]?.results.length).toBe(sarifOf(failing).runs[0]?.results.length);
  }, 90_000);

  it('lint of a document: annotations at file and line, SARIF located in the file, exit per --fail-on', async () => {
    const failing = await runAction({ command: 'lint', target: 'api/api.yaml' }, copyFixture);
    expect(failing.status, failing.stderr).toBe(1);
    expect(failing.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'restguide.sarif' });
    expect(annotations(failing)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^::warning file=api\/api\.yaml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=hlth-res::/,
        ),
        expect.stringMatching(/^::notice file=api\/api\.yaml,.*title=oas-doc-coverage::/),
      ]),
    );
    const results = sarifOf(failing).runs[0]?.results ?? [];
    expect(results.map((result) => result.ruleId).sort()).toEqual([
      'hlth-res',
      'jsn-naming',
      'oas-doc-coverage',
      'oas-reuse',
    ]);
    expect(
      results.every((result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri?.endsWith('api.yaml')),
    ).toBe(true);

    // Only warnings and an info: nothing at error.
    const passing = await runAction(
      { command: 'lint', target: 'api/*.yaml', 'fail-on': 'error', annotations: 'false', sarif: 'out/lint.sarif' },
      copyFixture,
    );
    expect(passing.status, passing.stderr).toBe(0);
    expect(passing.outputs).toEqual({ 'exit-code': '0', 'sarif-file': 'out/lint.sarif' });
    expect(annotations(passing)).toEqual([]);
    expect(sarifOf(passing, 'out/lint.sarif').runs[0]?.results.length).toBe(4);
  }, 60_000);

  it('diff of two versions: a removed path fails, in SARIF and as an annotation', async () => {
    const run = await runAction({ command: 'diff', target: 'api/api.yaml api/renamed.yaml' }, (workspace) => {
      copyFixture(workspace);
      writeFileSync(
        join(workspace, 'api/renamed.yaml'),
        readFileSync(join(workspace, 'api/api.yaml'), 'utf8').replaceAll('/employers', '/staff'),
      );
    });
    expect(run.status, run.stderr).toBe(1);
    expect(
      annotations(run).some((line) => line.startsWith('::error ') && line.includes('evo-compat-path-removed')),
    ).toBe(true);
    expect(sarifOf(run).runs[0]?.results.map((result) => result.ruleId)).toContain('evo-compat-path-removed');
  }, 60_000);

  it.each([
    [{ command: 'serve' }, /command must be check, lint or diff/],
    [{ command: 'diff', target: 'only-one.yaml' }, /diff needs two targets/],
    [{ command: 'lint' }, /lint needs at least one document/],
    [{ command: 'lint', target: 'api.yaml', openapi: 'api.yaml' }, /openapi is an input of check only/],
    [{ command: 'check', annotations: 'yes' }, /annotations must be true or false/],
    [{ command: 'x\n::warning::injected' }, /not 'x%0A::warning::injected'/],
  ])('refuses bad inputs in one error annotation, exit 2: %o', async (inputs, message) => {
    const run = await runAction(inputs);
    expect(run.status).toBe(2);
    expect(annotations(run)).toEqual([expect.stringMatching(message)]);
    expect(run.outputs).toEqual({});
  });

  it("passes restguide's own usage errors through: one line, exit 2, no SARIF", async () => {
    const run = await runAction({ command: 'lint', target: 'missing.yaml' });
    expect(run.status).toBe(2);
    expect(
      run.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('restguide: ')),
    ).toEqual([expect.stringMatching(/missing\.yaml: no such file$/)]);
    expect(run.outputs).toEqual({ 'exit-code': '2' });
    expect(existsSync(join(run.workspace, 'restguide.sarif'))).toBe(false);
  });

  it('sends each header line as one -H, so a value with spaces stays whole, and redacts it', async () => {
    const seen = new Set<string>();
    const recording = await startProxy(server.url, new URL(server.url).pathname, (request) => {
      if (request.headers['x-api-key'] !== undefined || request.headers['x-other'] !== undefined)
        seen.add(`${String(request.headers['x-api-key'])} | ${String(request.headers['x-other'])}`);
    });
    try {
      const target = `${recording.origin}${new URL(server.url).pathname}`;
      const run = await runAction({
        command: 'check',
        target,
        headers: 'X-Api-Key: secret value 1\nX-Other: two words\n',
        args: '--only health',
      });
      expect(run.status, run.stderr).toBe(0);
      expect([...seen]).toEqual(['secret value 1 | two words']);
      expect(readFileSync(join(run.workspace, 'restguide.sarif'), 'utf8')).not.toContain('secret value 1');
    } finally {
      await recording.close();
    }
  }, 60_000);
});

describe('the action without its build (a cold cache), npm offline', () => {
  it('installs and builds in its own files, then runs: no registry, restguide from GITHUB_ACTION_PATH', async () => {
    const actionPath = repositoryCopy();
    const cold = { actionPath, env: await offlineNpm() };
    const first = await runActionAt(
      { command: 'lint', target: 'api/api.yaml', annotations: 'false' },
      cold,
      copyFixture,
    );
    expect(first.stdout).toContain(`::group::restguide: npm ci and build in ${actionPath}`);
    expect(first.status, first.stderr).toBe(1);
    expect(first.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'restguide.sarif' });
    expect(sarifOf(first).runs[0]?.results.map((result) => result.ruleId)).toContain('hlth-res');
    // A second job finds the build current (as after a cache hit): nothing installed or built.
    const second = await runActionAt(
      { command: 'lint', target: 'api/api.yaml', 'fail-on': 'error', annotations: 'false' },
      cold,
      copyFixture,
    );
    expect(second.stdout).not.toContain('::group::');
    expect(second.status, second.stderr).toBe(0);
  }, 600_000);

  it('says in one error line, exit 2, when it cannot install (an empty npm cache, no registry)', async () => {
    const actionPath = repositoryCopy();
    const run = await runActionAt(
      { command: 'lint', target: 'api/api.yaml' },
      { actionPath, env: await offlineNpm(mkdtempSync(join(tmpdir(), 'restguide-empty-npm-cache-'))) },
      copyFixture,
    );
    expect(run.status).toBe(2);
    expect(annotations(run)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error title=restguide action::cannot build restguide in ${actionPath}: npm ci or the build exited [1-9]\\d* \\(its output is in the group above\\)$`,
        ),
      ),
    ]);
    expect(run.outputs).toEqual({});
    expect(existsSync(join(run.workspace, 'restguide.sarif'))).toBe(false);
  }, 120_000);

  it('says in one error line, exit 2, when its restguide does not start', async () => {
    const actionPath = repositoryCopy({ build: true });
    // The build is current by its inputs, but the program is broken.
    mkdirSync(join(actionPath, 'dist/bundle'), { recursive: true });
    writeFileSync(join(actionPath, 'dist/bundle/restguide.js'), "throw new Error('broken build');\n");
    writeFileSync(
      join(actionPath, 'dist/.build-inputs'),
      `${execFileSync(process.execPath, [join(actionPath, 'scripts/build.mjs'), '--inputs-hash'], { encoding: 'utf8' }).trim()}\n`,
    );
    const run = await runActionAt({ command: 'check' }, { actionPath, env: await offlineNpm() });
    expect(run.status).toBe(2);
    expect(annotations(run)).toEqual([
      expect.stringMatching(
        /^::error title=restguide action::cannot start restguide with node v\d+\.\d+\.\d+: .*broken build/,
      ),
    ]);
    expect(run.outputs).toEqual({});
  });

  it('says in one error line, exit 2, when GITHUB_ACTION_PATH holds no restguide', async () => {
    const run = await runActionAt(
      { command: 'check' },
      { actionPath: mkdtempSync(join(tmpdir(), 'restguide-empty-action-')), env: await offlineNpm() },
    );
    expect(run.status).toBe(2);
    expect(annotations(run)).toEqual([
      expect.stringMatching(/^::error title=restguide action::cannot read restguide's sources in /),
    ]);
  });
});
