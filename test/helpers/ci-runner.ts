// What the CI tests need to run action.yml and the GitLab template as a runner would, offline:
// a copy of this repository's files (what GitHub checks out as the action, or what a clone holds),
// the GitHub Action's `run:` steps with its inputs in the environment, and npm cut off from the
// registry (offline, its proxy a closed loopback port), so restguide can only come from those files.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { runShell, type ShellRun } from './run-shell.js';

export const ROOT = join(import.meta.dirname, '../..');

/** A loopback port nothing listens on: it was free a moment ago and is closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * npm without the registry: offline (only its cache, which this machine's installs filled), and its
 * proxy a closed port should anything still try. `cache` replaces the cache (an empty one: nothing to install).
 */
export async function offlineNpm(cache?: string): Promise<NodeJS.ProcessEnv> {
  const proxy = `http://127.0.0.1:${await closedPort()}`;
  return {
    npm_config_offline: 'true',
    npm_config_proxy: proxy,
    npm_config_https_proxy: proxy,
    npm_config_fetch_retries: '0',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    ...(cache ? { npm_config_cache: cache } : {}),
  };
}

/** This repository's files as git would give them (tracked, and new files not ignored): no node_modules, no dist/. */
export function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
}

/** A copy of the repository's files; with `build`, this checkout's dist/ too (as a cache would restore it). */
export function repositoryCopy(options: { build?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-source-'));
  for (const file of repositoryFiles()) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  if (options.build && existsSync(join(ROOT, 'dist')))
    cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true, preserveTimestamps: true });
  return dir;
}

/** A git repository of the repository's files with `tag` on its one commit: what a clone of the release gets. */
export function gitRepository(tag: string): string {
  const dir = repositoryCopy();
  const git = (...args: string[]): void => {
    execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  };
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git(
    '-c',
    'user.name=restguide test',
    '-c',
    'user.email=test@example.invalid',
    'commit',
    '--quiet',
    '--message',
    'release',
  );
  git('tag', tag);
  return dir;
}

/** Git configuration in the environment (no file touched): `url` is fetched from `local` instead. */
export function gitInsteadOf(url: string, local: string): NodeJS.ProcessEnv {
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `url.${local}.insteadOf`,
    GIT_CONFIG_VALUE_0: url,
    GIT_TERMINAL_PROMPT: '0',
  };
}

type Step = {
  id?: string;
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
};
export type Action = {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};
export const action = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** The value of `${{ inputs.name }}`, the only expression the `run:` steps' env and working-directory use. */
function evaluate(expression: string, inputs: Record<string, string>): string {
  const match = /^\$\{\{\s*inputs\.([\w-]+)\s*\}\}$/.exec(expression.trim());
  if (!match) throw new Error(`the test does not evaluate ${expression}`);
  const name = match[1] as string;
  if (!(name in action.inputs)) throw new Error(`no input ${name}`);
  return inputs[name] ?? action.inputs[name]?.default ?? '';
}

export type ActionRun = ShellRun & { outputs: Record<string, string>; workspace: string };

export interface ActionPlace {
  /** GITHUB_ACTION_PATH: the action's files. */
  actionPath: string;
  /** Put first on PATH. */
  path?: string;
  /** Further environment (npm cut off from the registry, say). */
  env?: NodeJS.ProcessEnv;
  /** The workspace; a fresh one when absent. */
  workspace?: string;
}

/**
 * Runs the action's `run:` steps in order, as a job would: bash as GitHub's `shell: bash` starts it
 * (`bash --noprofile --norc -eo pipefail {0}`), the inputs (or their defaults) in the environment the
 * step's `env:` maps them to, GITHUB_OUTPUT a file; stops at the first failing step. The `uses:`
 * steps (setup-node, the cache) are the runner's: node is the one running the test, and a cache hit
 * is an action path that holds its build.
 */
export async function runAction(
  inputs: Record<string, string>,
  place: ActionPlace,
  prepare?: (workspace: string) => void,
): Promise<ActionRun> {
  for (const name of Object.keys(inputs))
    if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const workspace = place.workspace ?? mkdtempSync(join(tmpdir(), 'restguide-action-'));
  prepare?.(workspace);
  let last: ActionRun = { status: 0, stdout: '', stderr: '', outputs: {}, workspace };
  for (const step of action.runs.steps.filter((s) => s.run !== undefined)) {
    const outputFile = join(mkdtempSync(join(tmpdir(), 'restguide-output-')), 'output');
    writeFileSync(outputFile, '');
    const script = join(dirname(outputFile), 'step.sh');
    writeFileSync(script, step.run as string);
    const env = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(value, inputs)]),
    );
    const cwd = join(workspace, step['working-directory'] ? evaluate(step['working-directory'], inputs) : '.');
    const run = await runShell(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', script],
      cwd,
      {
        ...process.env,
        ...place.env,
        ...env,
        PATH: [place.path, dirname(process.execPath), process.env.PATH].filter(Boolean).join(':'),
        GITHUB_ACTION_PATH: place.actionPath,
        GITHUB_OUTPUT: outputFile,
        GITHUB_WORKSPACE: workspace,
        NO_COLOR: '1',
      },
      600_000,
    );
    const outputs = Object.fromEntries(
      readFileSync(outputFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    last = { ...run, outputs, workspace };
    if (run.status !== 0) break;
  }
  return last;
}

/** The workflow commands (`::error ...`) a run printed: the annotations GitHub shows. */
export const annotations = (run: ShellRun): string[] =>
  run.stdout.split('\n').filter((line) => /^::(?:error|warning|notice) /.test(line));
