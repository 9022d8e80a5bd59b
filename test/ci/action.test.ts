// The GitHub Action (action.yml) run as a workflow runs it: its `run:` steps, with bash as GitHub
// starts it, the inputs (or their defaults) in the environment its `env:` maps them to,
// GITHUB_ACTION_PATH at this checkout (whose build the action then uses) and GITHUB_OUTPUT a file.
// Against the embedded reference server, a proxy in front of it that drops the trace header, and
// a fixture document: the SARIF file, the annotations, the outputs and the exit code under --fail-on.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { startProxy, type Proxy } from '../helpers/proxy.js';
import { runShell, type ShellRun } from '../helpers/run-shell.js';

const ROOT = join(import.meta.dirname, '../..');

type Step = { id?: string; if?: string; uses?: string; shell?: string; run?: string; env?: Record<string, string>; 'working-directory'?: string };
type Action = {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};
const action = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** The value of `${{ inputs.name }}`, the only expression the steps' env and working-directory use. */
function evaluate(expression: string, inputs: Record<string, string>): string {
  const match = /^\$\{\{\s*inputs\.([\w-]+)\s*\}\}$/.exec(expression.trim());
  if (!match) throw new Error(`the test does not evaluate ${expression}`);
  const name = match[1] as string;
  if (!(name in action.inputs)) throw new Error(`no input ${name}`);
  return inputs[name] ?? action.inputs[name]?.default ?? '';
}

type ActionRun = { status: number | null; stdout: string; stderr: string; outputs: Record<string, string>; workspace: string };

/** Runs bash on `script` as GitHub's `shell: bash` does (`bash --noprofile --norc -eo pipefail {0}`), asynchronously: the servers under test run in this process. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ShellRun> {
  return runShell('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], cwd, env);
}

/** Runs the action's `run:` steps in order in a fresh workspace, as a job would; stops at the first failing step. */
async function runAction(inputs: Record<string, string>, prepare?: (workspace: string) => void, where: { actionPath?: string; path?: string } = {}): Promise<ActionRun> {
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const workspace = mkdtempSync(join(tmpdir(), 'restguide-action-'));
  prepare?.(workspace);
  const outputFile = join(workspace, '.github-output');
  writeFileSync(outputFile, '');
  let last: ActionRun = { status: 0, stdout: '', stderr: '', outputs: {}, workspace };
  for (const step of action.runs.steps.filter((s) => s.run !== undefined)) {
    const script = join(mkdtempSync(join(tmpdir(), 'restguide-step-')), 'step.sh');
    writeFileSync(script, step.run as string);
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, inputs)]));
    const cwd = join(workspace, step['working-directory'] ? evaluate(step['working-directory'], inputs) : '.');
    // `node` on PATH is the one running this test.
    const run = await bash(script, cwd, {
      ...process.env, ...env, PATH: [where.path, dirname(process.execPath), process.env.PATH].filter(Boolean).join(':'),
      GITHUB_ACTION_PATH: where.actionPath ?? ROOT, GITHUB_OUTPUT: outputFile, GITHUB_WORKSPACE: workspace, NO_COLOR: '1',
    });
    const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    last = { ...run, outputs, workspace };
    if (run.status !== 0) break;
  }
  return last;
}

type Sarif = { version: string; runs: Array<{ tool: { driver: { name: string } }; results: Array<{ ruleId: string; level: string; locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string } } }> }> }> };
const sarifOf = (run: ActionRun, file = 'restguide.sarif'): Sarif => JSON.parse(readFileSync(join(run.workspace, file), 'utf8')) as Sarif;
const annotations = (run: ActionRun): string[] => run.stdout.split('\n').filter((line) => /^::(?:error|warning|notice) /.test(line));

const copyFixture = (workspace: string): void => cpSync(join(ROOT, 'test/fixtures/lint/multi'), join(workspace, 'api'), { recursive: true });

describe('action.yml', () => {
  it('is a composite action whose scripts read inputs only from the environment', () => {
    expect(action.runs.using).toBe('composite');
    const scripts = action.runs.steps.filter((step) => step.run !== undefined);
    expect(scripts.length).toBeGreaterThan(0);
    for (const step of scripts) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toContain('${{');
    }
    // The only other step sets up Node, and only when asked to.
    expect(action.runs.steps.filter((step) => step.run === undefined).map((step) => [step.uses, step.if])).toEqual([['actions/setup-node@v4', "inputs.node-version != ''"]]);
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['command', 'target', 'openapi', 'fail-on', 'sarif', 'annotations', 'formats']));
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'sarif-file']);
  });
});

describe('the action, run as a workflow runs it', () => {
  let server: ReferenceServer;
  let proxy: Proxy;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    // Drops BelGov-Trace-Id: the trace checks (warnings) fail, nothing of severity error does.
    proxy = await startProxy(server.url, new URL(server.url).pathname, (_request, response) => { delete response.headers['belgov-trace-id']; });
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
    expect(annotations(run)).toEqual([expect.stringMatching(/^::notice title=restguide check::\d+ passed, 0 failed/)]);
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
    expect(annotations(failing)).toEqual(expect.arrayContaining([
      expect.stringMatching(/^::warning file=api\/api\.yaml,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=hlth-res::/),
      expect.stringMatching(/^::notice file=api\/api\.yaml,.*title=oas-doc-coverage::/),
    ]));
    const results = sarifOf(failing).runs[0]?.results ?? [];
    expect(results.map((result) => result.ruleId).sort()).toEqual(['hlth-res', 'jsn-naming', 'oas-doc-coverage', 'oas-reuse']);
    expect(results.every((result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri?.endsWith('api.yaml'))).toBe(true);

    // Only warnings and an info: nothing at error.
    const passing = await runAction({ command: 'lint', target: 'api/*.yaml', 'fail-on': 'error', annotations: 'false', sarif: 'out/lint.sarif' }, copyFixture);
    expect(passing.status, passing.stderr).toBe(0);
    expect(passing.outputs).toEqual({ 'exit-code': '0', 'sarif-file': 'out/lint.sarif' });
    expect(annotations(passing)).toEqual([]);
    expect(sarifOf(passing, 'out/lint.sarif').runs[0]?.results.length).toBe(4);
  }, 60_000);

  it('diff of two versions: a removed path fails, in SARIF and as an annotation', async () => {
    const run = await runAction({ command: 'diff', target: 'api/api.yaml api/renamed.yaml' }, (workspace) => {
      copyFixture(workspace);
      writeFileSync(join(workspace, 'api/renamed.yaml'), readFileSync(join(workspace, 'api/api.yaml'), 'utf8').replaceAll('/employers', '/staff'));
    });
    expect(run.status, run.stderr).toBe(1);
    expect(annotations(run).some((line) => line.startsWith('::error ') && line.includes('evo-compat-path-removed'))).toBe(true);
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
    expect(run.stderr.trim().split('\n').filter((line) => line.startsWith('restguide: '))).toEqual([expect.stringMatching(/missing\.yaml: no such file$/)]);
    expect(run.outputs).toEqual({ 'exit-code': '2' });
    expect(existsSync(join(run.workspace, 'restguide.sarif'))).toBe(false);
  });

  it('sends each header line as one -H, so a value with spaces stays whole, and redacts it', async () => {
    const seen = new Set<string>();
    const recording = await startProxy(server.url, new URL(server.url).pathname, (request) => {
      if (request.headers['x-api-key'] !== undefined || request.headers['x-other'] !== undefined) seen.add(`${String(request.headers['x-api-key'])} | ${String(request.headers['x-other'])}`);
    });
    try {
      const target = `${recording.origin}${new URL(server.url).pathname}`;
      const run = await runAction({ command: 'check', target, headers: 'X-Api-Key: secret value 1\nX-Other: two words\n', args: '--only health' });
      expect(run.status, run.stderr).toBe(0);
      expect([...seen]).toEqual(['secret value 1 | two words']);
      expect(readFileSync(join(run.workspace, 'restguide.sarif'), 'utf8')).not.toContain('secret value 1');
    } finally {
      await recording.close();
    }
  }, 60_000);

  describe('without a build of its own (the action as GitHub checks it out)', () => {
    const actionPath = (): string => {
      const dir = mkdtempSync(join(tmpdir(), 'restguide-action-path-'));
      cpSync(join(ROOT, 'action.yml'), join(dir, 'action.yml'));
      cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
      return dir;
    };
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

    it("runs the project's own restguide when it has one", async () => {
      const run = await runAction({ command: 'lint', target: 'api/api.yaml' }, (workspace) => {
        copyFixture(workspace);
        mkdirSync(join(workspace, 'node_modules/.bin'), { recursive: true });
        symlinkSync(join(ROOT, 'bin/restguide.js'), join(workspace, 'node_modules/.bin/restguide'));
      }, { actionPath: actionPath() });
      expect(run.stdout).toContain('restguide: node_modules/.bin/restguide lint');
      expect(run.status, run.stderr).toBe(1);
      expect(run.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'restguide.sarif' });
    }, 60_000);

    it("else runs the action's version with npx, or the version asked for", async () => {
      const bin = mkdtempSync(join(tmpdir(), 'restguide-fake-npx-'));
      writeFileSync(join(bin, 'npx'), '#!/usr/bin/env bash\necho "npx $*"\nexit 1\n', { mode: 0o755 });
      const own = await runAction({ command: 'check', annotations: 'false', sarif: '' }, undefined, { actionPath: actionPath(), path: bin });
      expect(own.stdout).toContain(`npx --yes restguide@${version} check`);
      expect(own.outputs).toEqual({ 'exit-code': '1' });
      const asked = await runAction({ command: 'lint', target: 'a.yaml', version: '9.8.7', annotations: 'false', sarif: '' }, undefined, { actionPath: actionPath(), path: bin });
      expect(asked.stdout).toContain('npx --yes restguide@9.8.7 lint a.yaml');
    });
  });
});

