// Every recipe of docs/ci.md, copied from the page and run as its CI would run it, offline: the
// workflow's jobs (its restguide steps through action.yml, test/helpers/ci-runner.ts), the `run:`
// step, and the GitLab jobs through the template they include. restguide's git URL is fetched from
// a local repository of this checkout's files tagged as the release (git's insteadOf), npm has only
// its cache. What cannot be local is replaced, and only that: the remote API
// (https://api.example.org/myApi/v1) by the reference server, the secret by one of its tokens, the
// checked-out project by the reference document in openapi/ (a git repository whose origin has it
// on main, for the diffs). And every release ref on the pages names this version.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import {
  annotations,
  gitInsteadOf,
  gitRepository,
  offlineNpm,
  repositoryCopy,
  ROOT,
  runAction,
} from '../helpers/ci-runner.js';
import { runShell, type ShellRun } from '../helpers/run-shell.js';

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const REPOSITORY = 'https://github.com/restguide/restguide.git';
const REMOTE_API = 'https://api.example.org/myApi/v1';
const page = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
const yamlBlocks = [...page.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((match) => match[1] as string);

type Step = { uses?: string; run?: string; if?: string; with?: Record<string, string> };
type Workflow = { jobs: Record<string, { if?: string; steps: Step[] }> };
type GitlabJob = {
  extends?: string;
  variables?: Record<string, string>;
  before_script?: string[];
  script?: string[];
  rules?: unknown;
};

const workflowText = yamlBlocks.find((block) => /^jobs:/m.test(block));
const runStepText = yamlBlocks.find((block) => block.startsWith('- run:'));
const gitlabText = yamlBlocks.find((block) => block.startsWith('include:'));

let server: ReferenceServer;
let document: string;
let git: NodeJS.ProcessEnv;
let npm: NodeJS.ProcessEnv;
/** The local repository of the release, fetched in place of REPOSITORY. */
let release: string;

beforeAll(async () => {
  server = await startReferenceServer({
    port: 0,
    auth: { clients: [{ id: 'restguide-demo', secret: 'recipe-secret' }] },
  });
  document = await (await fetch(`${server.url}/doc/openapi.yaml`)).text();
  release = gitRepository(`v${version}`);
  git = gitInsteadOf(REPOSITORY, release);
  npm = await offlineNpm();
});
afterAll(async () => {
  await server?.close();
});

const sh = (dir: string, ...args: string[]): void => {
  execFileSync('git', args, {
    cwd: dir,
    stdio: 'ignore',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.invalid',
    },
  });
};

/** A checked-out project: openapi/openapi.yaml; with `breaking`, a git clone whose origin/main has the document and whose copy lost a path. */
function project(options: { breaking?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-recipe-'));
  mkdirSync(join(dir, 'openapi'));
  writeFileSync(join(dir, 'openapi/openapi.yaml'), document);
  if (options.breaking === undefined) return dir;
  const origin = mkdtempSync(join(tmpdir(), 'restguide-recipe-origin-'));
  sh(origin, 'init', '--quiet', '--bare', '--initial-branch=main');
  sh(dir, 'init', '--quiet', '--initial-branch=main');
  sh(dir, 'remote', 'add', 'origin', origin);
  sh(dir, 'add', '--all');
  sh(dir, 'commit', '--quiet', '-m', 'api');
  sh(dir, 'push', '--quiet', 'origin', 'main');
  sh(dir, 'checkout', '--quiet', '-b', 'change');
  if (options.breaking) {
    const changed = parseYaml(document) as { paths: Record<string, unknown> };
    delete changed.paths['/employers'];
    writeFileSync(join(dir, 'openapi/openapi.yaml'), stringifyYaml(changed, { aliasDuplicateObjects: false }));
  }
  return dir;
}

/** `${{ ... }}` in a step's `with:` as GitHub fills it here: the secret a token of the reference server, the pull request's base main. */
async function withInputs(step: Step): Promise<Record<string, string>> {
  const token = await server.auth!.issueToken({ clientId: 'restguide-demo' });
  return Object.fromEntries(
    Object.entries(step.with ?? {}).map(([name, value]) => [
      name,
      String(value)
        .replace(/\$\{\{\s*secrets\.API_TOKEN\s*\}\}/g, token)
        .replace(/\$\{\{\s*github\.base_ref\s*\}\}/g, 'main')
        .replace(/\$\{\{.*?\}\}/g, (expression) => {
          throw new Error(`the test does not evaluate ${expression}`);
        })
        .replaceAll(REMOTE_API, server.url),
    ]),
  );
}

describe('docs/ci.md', () => {
  it('has three recipes, each found here: the workflow, the run: step and the GitLab jobs', () => {
    expect(yamlBlocks.length).toBe(3);
    expect([workflowText, runStepText, gitlabText].every(Boolean)).toBe(true);
  });

  it(`every release ref on the pages and in the template is v${version}, and the pages say the release step makes it`, () => {
    const files = [
      'README.md',
      'ci/gitlab/restguide.gitlab-ci.yml',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const refs = files.flatMap((file) =>
      [
        ...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?:@|#|(?<!\/oas)\/|ref: |--branch )v(\d+\.\d+\.\d+)\b/g),
      ].map((match) => `${file}: v${match[1]}`),
    );
    expect(refs.length).toBeGreaterThan(5);
    expect(refs.filter((ref) => !ref.endsWith(`: v${version}`))).toEqual([]);
    expect(page).toMatch(
      /`v\d+\.\d+\.\d+` below is the tag the release step creates \(\[development\.md\]\(development\.md#release\)\)/,
    );
    expect(readFileSync(join(ROOT, 'docs/development.md'), 'utf8')).toMatch(/^## Release\n[\s\S]*git tag -a vX\.Y\.Z/m);
    // No command on the pages fetches restguide from the registry.
    for (const file of files) {
      const code = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^```\w*\n([\s\S]*?)^```/gm)]
        .map((match) => match[1])
        .join('\n');
      expect(code, file).not.toMatch(/npx (?:--yes )?restguide@|npm (?:i|install|add) (?:-D )?restguide(?:@|\s|$)/m);
    }
  });
});

describe('the GitHub workflow of docs/ci.md, job by job', () => {
  const workflow = parseYaml(workflowText ?? 'jobs: {}') as Workflow;
  // The action's files as GitHub checks them out, their build restored by the cache.
  const actionPath = repositoryCopy({ build: true });

  /** Runs a job's steps: checkout is the prepared project; restguide through action.yml; the uploads' `if:` read the workspace. */
  async function runJob(
    name: string,
    workspace: string,
  ): Promise<{ exitCodes: number[]; uploads: string[]; runs: ShellRun[] }> {
    const job = workflow.jobs[name];
    if (!job) throw new Error(`no job ${name}`);
    const result = { exitCodes: [] as number[], uploads: [] as string[], runs: [] as ShellRun[] };
    for (const step of job.steps) {
      if (step.uses?.startsWith('actions/checkout@')) continue;
      if (step.uses?.startsWith('restguide/')) {
        expect(step.uses).toBe(`restguide/restguide@v${version}`);
        const run = await runAction(await withInputs(step), { actionPath, env: npm, workspace });
        result.exitCodes.push(run.status ?? -1);
        result.runs.push(run);
        continue;
      }
      const file = /hashFiles\('([^']+)'\) != ''/.exec(step.if ?? '')?.[1];
      if (!file) throw new Error(`the test does not run the step ${JSON.stringify(step)}`);
      if (existsSync(join(workspace, file))) result.uploads.push(file);
    }
    return result;
  }

  it('lint: the reference document has nothing at error, SARIF uploaded', async () => {
    const run = await runJob('lint', project());
    expect(run.exitCodes, run.runs[0]?.stderr).toEqual([0]);
    expect(run.uploads).toEqual(['restguide.sarif']);
  }, 120_000);

  it('check: the remote API (here the protected reference server) with the secret as bearer token: every check passes, SARIF and HTML kept', async () => {
    const run = await runJob('check', project());
    expect(run.exitCodes, `${run.runs[0]?.stdout}\n${run.runs[0]?.stderr}`).toEqual([0]);
    expect(run.uploads).toEqual(['restguide.sarif', 'restguide.html']);
    expect(annotations(run.runs[0] as ShellRun)).toEqual([
      expect.stringMatching(/^::notice title=restguide coverage per operation::\d+ of \d+ operations exercised/),
      expect.stringMatching(/^::notice title=restguide check::\d+ passed, 0 failed/),
    ]);
  }, 180_000);

  it('diff: against origin/main, a removed path fails the pull request, an unchanged document passes', async () => {
    expect(workflow.jobs.diff?.if).toBe("github.event_name == 'pull_request'");
    const breaking = await runJob('diff', project({ breaking: true }));
    expect(breaking.exitCodes, breaking.runs[0]?.stderr).toEqual([1]);
    expect(annotations(breaking.runs[0] as ShellRun).some((line) => line.includes('evo-compat-path-removed'))).toBe(
      true,
    );
    const same = await runJob('diff', project({ breaking: false }));
    expect(same.exitCodes, same.runs[0]?.stderr).toEqual([0]);
  }, 120_000);
});

describe('the run: step of docs/ci.md', () => {
  it('clones the release, builds it offline and lints: annotations, SARIF, the exit code of the findings', async () => {
    const steps = parseYaml(runStepText ?? '[]') as Step[];
    expect(steps.length).toBe(1);
    const workspace = project();
    cpSync(join(ROOT, 'test/fixtures/lint/multi/api.yaml'), join(workspace, 'openapi/other.yaml'));
    const script = join(mkdtempSync(join(tmpdir(), 'restguide-recipe-step-')), 'step.sh');
    writeFileSync(script, steps[0]?.run ?? '');
    const run = await runShell(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', script],
      workspace,
      {
        ...process.env,
        ...git,
        ...npm,
        RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'restguide-runner-temp-')),
        NO_COLOR: '1',
      },
      600_000,
    );
    // other.yaml's warnings fail under the default --fail-on warning.
    expect(run.status, run.stderr).toBe(1);
    expect(annotations(run).some((line) => line.startsWith('::warning file=openapi/other.yaml'))).toBe(true);
    expect(existsSync(join(workspace, 'restguide.sarif'))).toBe(true);
  }, 600_000);

  it('exit 2 and one error line when the release cannot be cloned', async () => {
    const steps = parseYaml(runStepText ?? '[]') as Step[];
    const script = join(mkdtempSync(join(tmpdir(), 'restguide-recipe-step-')), 'step.sh');
    writeFileSync(script, steps[0]?.run ?? '');
    const nowhere = gitInsteadOf(REPOSITORY, join(tmpdir(), 'no-such-repository'));
    const run = await runShell('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], project(), {
      ...process.env,
      ...nowhere,
      ...npm,
      RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'restguide-runner-temp-')),
    });
    expect(run.status).toBe(2);
    expect(annotations(run)).toEqual([`::error title=restguide::cannot obtain restguide v${version}`]);
  });
});

describe('the GitLab jobs of docs/ci.md, through the template they include', () => {
  const recipe = parseYaml(gitlabText ?? '{}') as Record<string, GitlabJob> & { include?: Array<{ remote: string }> };
  const template = (
    parseYaml(readFileSync(join(ROOT, 'ci/gitlab/restguide.gitlab-ci.yml'), 'utf8')) as Record<string, GitlabJob>
  )['.restguide'] as GitlabJob;
  const predefined = { CI_PIPELINE_SOURCE: 'merge_request_event', CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main' };
  let cache: string | undefined;

  // The jobs start with the cache an earlier pipeline left (.restguide/: the release cloned and
  // built, its node_modules removed), this checkout's build standing in for the one made there;
  // the template's cold clone and build are the first job of test/ci/gitlab-template.test.ts.
  // Without a current build here (sources changed since), the first job builds as before.
  beforeAll(() => {
    const clone = join(mkdtempSync(join(tmpdir(), 'restguide-recipe-cache-')), '.restguide');
    execFileSync('git', ['clone', '--quiet', '--branch', `v${version}`, release, clone], { stdio: 'ignore' });
    if (existsSync(join(ROOT, 'dist')))
      cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true, preserveTimestamps: true });
    if (spawnSync(process.execPath, [join(clone, 'scripts/build.mjs'), '--is-current']).status === 0) cache = clone;
  });

  /** A job as GitLab runs it: the template's variables under the job's, `$NAME` in them expanded, before_script then script in one shell. */
  async function runJob(name: string, workspace: string, api = server.url): Promise<ShellRun> {
    const job = recipe[name] as GitlabJob;
    expect(job.extends).toBe('.restguide');
    const variables = Object.fromEntries(
      Object.entries({ ...template.variables, ...job.variables }).map(([key, value]) => [
        key,
        String(value)
          .replace(/\$(\w+)/g, (whole, variable: string) => (predefined as Record<string, string>)[variable] ?? whole)
          .replaceAll(REMOTE_API, api),
      ]),
    );
    if (cache) cpSync(cache, join(workspace, '.restguide'), { recursive: true, preserveTimestamps: true });
    const script = join(mkdtempSync(join(tmpdir(), 'restguide-recipe-job-')), 'job.sh');
    writeFileSync(script, [...(job.before_script ?? []), ...(template.script ?? [])].join('\n'));
    const run = await runShell(
      'sh',
      ['-e', script],
      workspace,
      { ...process.env, ...git, ...npm, ...predefined, ...variables, NO_COLOR: '1' },
      600_000,
    );
    if (existsSync(join(workspace, '.restguide/dist'))) cache = join(workspace, '.restguide');
    return run;
  }

  it('includes the template at this release', () => {
    expect(recipe.include).toEqual([
      { remote: `https://raw.githubusercontent.com/restguide/restguide/v${version}/ci/gitlab/restguide.gitlab-ci.yml` },
    ]);
  });

  it('openapi-lint: fetches the release into the cached clone, nothing at error in the reference document, exit 0, the JUnit report', async () => {
    const workspace = project();
    const run = await runJob('openapi-lint', workspace);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`restguide ${version} (.restguide)`);
    expect(existsSync(join(workspace, 'restguide-junit.xml'))).toBe(true);
  }, 600_000);

  it('api-check: the remote API (here the open reference server, its document in openapi/), every check passes, exit 0', async () => {
    const open = await startReferenceServer({ port: 0 });
    try {
      const workspace = project();
      writeFileSync(
        join(workspace, 'openapi/openapi.yaml'),
        await (await fetch(`${open.url}/doc/openapi.yaml`)).text(),
      );
      const run = await runJob('api-check', workspace, open.url);
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/\d+ passed, 0 failed/);
    } finally {
      await open.close();
    }
  }, 180_000);

  it('breaking-changes: fetches the target branch, a removed path fails, exit 1', async () => {
    const run = await runJob('breaking-changes', project({ breaking: true }));
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toContain('evo-compat-path-removed');
  }, 120_000);
});
