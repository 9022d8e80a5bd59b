// The GitLab CI template (ci/gitlab/restguide.gitlab-ci.yml) run as a runner runs a job that
// extends it: its script under sh -e (POSIX: an image may have no bash) with the job's variables,
// the template's defaults under a job's own, and restguide from this checkout (RESTGUIDE_BIN)
// instead of npx. The JUnit report GitLab reads, the HTML artifact, and the exit code under
// RESTGUIDE_FAIL_ON.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runShell } from '../helpers/run-shell.js';

const ROOT = join(import.meta.dirname, '../..');
type Job = { image: string; variables: Record<string, string>; script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } };
const template = parseYaml(readFileSync(join(ROOT, 'ci/gitlab/restguide.gitlab-ci.yml'), 'utf8')) as Record<string, Job>;
const job = template['.restguide'] as Job;

/** A command that runs this checkout's restguide with the test's node, as RESTGUIDE_BIN. */
function localRestguide(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'restguide-bin-')), 'restguide');
  writeFileSync(file, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin/restguide.js')}' "$@"\n`, { mode: 0o755 });
  return file;
}

type JobRun = { status: number | null; stdout: string; stderr: string; dir: string };

function runJob(variables: Record<string, string>, prepare?: (dir: string) => void): Promise<JobRun> {
  for (const name of Object.keys(variables)) if (!(name in job.variables)) throw new Error(`the template has no variable ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'restguide-gitlab-'));
  prepare?.(dir);
  const script = join(dir, '.job.sh');
  writeFileSync(script, job.script.join('\n'));
  const env = { ...process.env, ...job.variables, RESTGUIDE_BIN: localRestguide(), ...variables, NO_COLOR: '1' };
  return runShell('sh', ['-e', script], dir, env).then((run) => ({ ...run, dir }));
}

type Suites = { testsuites: { tests: string; failures: string; testsuite: Array<{ testcase: Array<{ name: string; failure?: unknown }> }> } };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) });
const junitOf = (run: JobRun): Suites => parser.parse(readFileSync(join(run.dir, job.artifacts.reports.junit), 'utf8')) as Suites;
const failures = (suites: Suites): number => suites.testsuites.testsuite.flatMap((suite) => suite.testcase).filter((testcase) => testcase.failure !== undefined).length;
const copyFixture = (dir: string): void => cpSync(join(ROOT, 'test/fixtures/lint/multi'), join(dir, 'api'), { recursive: true });

describe('ci/gitlab/restguide.gitlab-ci.yml', () => {
  it('is a hidden job to extend, keeping its reports whatever the exit, pinned to this version', () => {
    expect(job.image).toMatch(/^node:(?:2[2-9]|[3-9]\d)\b/);
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.reports.junit).toBe('restguide-junit.xml');
    expect(job.artifacts.paths).toEqual(['restguide.html']);
    expect(job.variables.RESTGUIDE_VERSION).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    expect(job.variables.RESTGUIDE_BIN).toBe('');
  });

  it('check with no target: the embedded reference server, a JUnit report without failures, the HTML page, exit 0', async () => {
    const run = await runJob({});
    expect(run.status, run.stderr).toBe(0);
    const suites = junitOf(run);
    expect(Number(suites.testsuites.tests)).toBeGreaterThan(100);
    expect(failures(suites)).toBe(0);
    expect(readFileSync(join(run.dir, 'restguide.html'), 'utf8')).toContain('<html');
    expect(run.stdout).toMatch(/passed/);
  }, 60_000);

  it('lint: findings as JUnit failures, exit 1 under the default --fail-on, 0 under error', async () => {
    const failing = await runJob({ RESTGUIDE_COMMAND: 'lint', RESTGUIDE_TARGET: 'api/*.yaml' }, copyFixture);
    expect(failing.status, failing.stderr).toBe(1);
    expect(failures(junitOf(failing))).toBeGreaterThan(0);
    expect(failing.stdout).toContain('hlth-res');

    const passing = await runJob({ RESTGUIDE_COMMAND: 'lint', RESTGUIDE_TARGET: 'api/api.yaml', RESTGUIDE_FAIL_ON: 'error' }, copyFixture);
    expect(passing.status, passing.stderr).toBe(0);
    expect(existsSync(join(passing.dir, 'restguide-junit.xml'))).toBe(true);
  }, 60_000);

  it('diff of two versions, with further arguments', async () => {
    const run = await runJob({ RESTGUIDE_COMMAND: 'diff', RESTGUIDE_TARGET: 'api/api.yaml api/renamed.yaml', RESTGUIDE_ARGS: '--verbose' }, (dir) => {
      copyFixture(dir);
      writeFileSync(join(dir, 'api/renamed.yaml'), readFileSync(join(dir, 'api/api.yaml'), 'utf8').replaceAll('/employers', '/staff'));
    });
    expect(run.status, run.stderr).toBe(1);
    expect(readFileSync(join(run.dir, 'restguide-junit.xml'), 'utf8')).toContain('evo-compat-path-removed');
  }, 60_000);

  it('refuses an unknown command in one line, exit 2', async () => {
    const run = await runJob({ RESTGUIDE_COMMAND: 'serve' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/RESTGUIDE_COMMAND must be check, lint or diff/)]);
  });
});
