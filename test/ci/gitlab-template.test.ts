// The GitLab CI template (ci/gitlab/restguide.gitlab-ci.yml) run as a runner runs a job that
// extends it: its script under sh -e (POSIX: an image may have no bash) with the job's variables,
// the template's defaults under a job's own. Offline: its git URL is fetched from a local repository
// of this checkout's files tagged as the release (git's insteadOf), npm has only its cache, and the
// job's cache (.restguide/) is carried from one job to the next as GitLab restores it. The JUnit
// report GitLab reads, the HTML artifact, the exit code under RESTGUIDE_FAIL_ON, and exit 2 in one
// line when restguide cannot be cloned, built or started.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { gitInsteadOf, gitRepository, offlineNpm, repositoryCopy, ROOT } from '../helpers/ci-runner.js';
import { runShell } from '../helpers/run-shell.js';

type Job = {
  image: string;
  variables: Record<string, string>;
  cache: { key: string; paths: string[] };
  script: string[];
  artifacts: { when: string; paths: string[]; reports: { junit: string } };
};
const template = parseYaml(readFileSync(join(ROOT, 'ci/gitlab/restguide.gitlab-ci.yml'), 'utf8')) as Record<
  string,
  Job
>;
const job = template['.restguide'] as Job;
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

type JobRun = { status: number | null; stdout: string; stderr: string; dir: string };

/** The runner's environment: the release's git URL served from a local repository, npm offline. */
let offline: NodeJS.ProcessEnv;
/** The job cache (.restguide/) the first job left, restored into each later one. */
let cached: string | undefined;

function runJob(
  variables: Record<string, string>,
  prepare?: (dir: string) => void,
  env: NodeJS.ProcessEnv = {},
): Promise<JobRun> {
  for (const name of Object.keys(variables))
    if (!(name in job.variables)) throw new Error(`the template has no variable ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'restguide-gitlab-'));
  if (cached) cpSync(cached, join(dir, '.restguide'), { recursive: true, preserveTimestamps: true });
  prepare?.(dir);
  const script = join(mkdtempSync(join(tmpdir(), 'restguide-gitlab-script-')), 'job.sh');
  writeFileSync(script, job.script.join('\n'));
  return runShell(
    'sh',
    ['-e', script],
    dir,
    { ...process.env, ...offline, ...job.variables, ...variables, ...env, NO_COLOR: '1' },
    600_000,
  ).then((run) => ({ ...run, dir }));
}

beforeAll(async () => {
  offline = {
    ...(await offlineNpm()),
    ...gitInsteadOf(job.variables.RESTGUIDE_REPOSITORY as string, gitRepository(job.variables.RESTGUIDE_REF as string)),
  };
});

type Suites = {
  testsuites: {
    tests: string;
    failures: string;
    testsuite: Array<{ testcase: Array<{ name: string; failure?: unknown }> }>;
  };
};
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['testsuite', 'testcase'].includes(name),
});
const junitOf = (run: JobRun): Suites =>
  parser.parse(readFileSync(join(run.dir, job.artifacts.reports.junit), 'utf8')) as Suites;
const failures = (suites: Suites): number =>
  suites.testsuites.testsuite.flatMap((suite) => suite.testcase).filter((testcase) => testcase.failure !== undefined)
    .length;
const copyFixture = (dir: string): void =>
  cpSync(join(ROOT, 'test/fixtures/lint/multi'), join(dir, 'api'), { recursive: true });

describe('ci/gitlab/restguide.gitlab-ci.yml', () => {
  it('is a hidden job to extend, keeping its reports whatever the exit, restguide cloned at this release and cached', () => {
    expect(job.image).toMatch(/^node:(?:2[2-9]|[3-9]\d)$/);
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.reports.junit).toBe('restguide-junit.xml');
    expect(job.artifacts.paths).toEqual(['restguide.html']);
    expect(job.variables.RESTGUIDE_REPOSITORY).toBe('https://github.com/restguide/restguide.git');
    expect(job.variables.RESTGUIDE_REF).toBe(`v${version}`);
    expect(job.variables.RESTGUIDE_SOURCE).toBe('');
    expect(job.cache).toEqual({ key: 'restguide-$RESTGUIDE_REF', paths: ['.restguide/'] });
    expect(job.script.join('\n')).not.toMatch(/\bnpx\b|npm (?:i|install|exec)\b|restguide@/);
  });

  it('the first job clones the release and builds it offline, then checks the embedded reference server: JUnit without failures, HTML, exit 0', async () => {
    const run = await runJob({});
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/added \d+ packages/);
    expect(run.stderr).toContain(`restguide ${version} (.restguide)`);
    // The cache keeps the build, not the 200 MB the build needed.
    expect(existsSync(join(run.dir, '.restguide/dist/bundle/restguide.js'))).toBe(true);
    expect(existsSync(join(run.dir, '.restguide/node_modules'))).toBe(false);
    cached = join(run.dir, '.restguide');
    const suites = junitOf(run);
    expect(Number(suites.testsuites.tests)).toBeGreaterThan(100);
    expect(failures(suites)).toBe(0);
    expect(readFileSync(join(run.dir, 'restguide.html'), 'utf8')).toContain('<html');
    expect(run.stdout).toMatch(/passed/);
  }, 600_000);

  it('lint: findings as JUnit failures, exit 1 under the default --fail-on, 0 under error', async () => {
    const failing = await runJob({ RESTGUIDE_COMMAND: 'lint', RESTGUIDE_TARGET: 'api/*.yaml' }, copyFixture);
    expect(failing.status, failing.stderr).toBe(1);
    expect(failures(junitOf(failing))).toBeGreaterThan(0);
    expect(failing.stdout).toContain('hlth-res');

    const passing = await runJob(
      { RESTGUIDE_COMMAND: 'lint', RESTGUIDE_TARGET: 'api/api.yaml', RESTGUIDE_FAIL_ON: 'error' },
      copyFixture,
    );
    expect(passing.status, passing.stderr).toBe(0);
    expect(existsSync(join(passing.dir, 'restguide-junit.xml'))).toBe(true);
  }, 60_000);

  it('diff of two versions, with further arguments', async () => {
    const run = await runJob(
      { RESTGUIDE_COMMAND: 'diff', RESTGUIDE_TARGET: 'api/api.yaml api/renamed.yaml', RESTGUIDE_ARGS: '--verbose' },
      (dir) => {
        copyFixture(dir);
        writeFileSync(
          join(dir, 'api/renamed.yaml'),
          readFileSync(join(dir, 'api/api.yaml'), 'utf8').replaceAll('/employers', '/staff'),
        );
      },
    );
    expect(run.status, run.stderr).toBe(1);
    expect(readFileSync(join(run.dir, 'restguide-junit.xml'), 'utf8')).toContain('evo-compat-path-removed');
  }, 60_000);

  it('later jobs find the cached build current: nothing installed or built', async () => {
    const run = await runJob(
      { RESTGUIDE_COMMAND: 'lint', RESTGUIDE_TARGET: 'api/api.yaml', RESTGUIDE_FAIL_ON: 'error' },
      copyFixture,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/added \d+ packages|bundle:/);
  }, 60_000);

  it("RESTGUIDE_SOURCE: restguide's files in a folder, built and run from there", async () => {
    const source = repositoryCopy({ build: true });
    const run = await runJob(
      { RESTGUIDE_COMMAND: 'lint', RESTGUIDE_TARGET: 'api/api.yaml', RESTGUIDE_SOURCE: source },
      copyFixture,
    );
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(`(${source})`);
    expect(failures(junitOf(run))).toBeGreaterThan(0);
  }, 600_000);

  it('refuses an unknown command in one line, exit 2', async () => {
    const run = await runJob({ RESTGUIDE_COMMAND: 'serve' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/RESTGUIDE_COMMAND must be check, lint or diff/),
    ]);
  });

  it('a ref that does not exist: exit 2, the last line says what could not be cloned', async () => {
    cached = undefined;
    const run = await runJob({ RESTGUIDE_REF: 'v999.0.0' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      "restguide: cannot clone https://github.com/restguide/restguide.git at v999.0.0 (git's message is above)",
    );
    expect(existsSync(join(run.dir, job.artifacts.reports.junit))).toBe(false);
  });

  it('dependencies that cannot be installed (no registry, an empty npm cache): exit 2 in one line', async () => {
    const source = repositoryCopy();
    const run = await runJob(
      { RESTGUIDE_SOURCE: source },
      undefined,
      await offlineNpm(mkdtempSync(join(tmpdir(), 'restguide-empty-npm-cache-'))),
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      `restguide: cannot build restguide in ${source}: npm ci or the build failed (its output is above)`,
    );
  }, 120_000);
});
