// The config file end to end through main(): each command runs from its section against the
// reference server or fixtures; flags win; `restguide init` writes, and refuses to overwrite.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startReferenceServer } from '../../src/reference-server/index.js';
import { base } from '../diff/base-document.js';
import { variant } from '../diff/harness.js';
import { sendJson, startFixture } from '../helpers/fixture-server.js';
import { captureIo } from '../helpers/io.js';
import { BIN } from '../helpers/loaded-packages.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const LINT_FIXTURE = join(import.meta.dirname, '../fixtures/lint/multi'); // api.yaml: two warnings, no errors

async function folder(files: Record<string, unknown> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-config-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), typeof content === 'string' ? content : stringify(content));
  }
  return dir;
}

async function cli(cwd: string, argv: string[], env: NodeJS.ProcessEnv = {}) {
  const io = Object.assign(captureIo(), { cwd, env });
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

describe('check takes its section', () => {
  it('target, selection, fail-on and a report file, against the reference server', async () => {
    const server = await startReferenceServer({ port: 0 });
    closers.push(() => server.close());
    const dir = await folder({
      'restguide.config.yaml': {
        check: {
          target: '${API_URL}',
          only: ['problem'],
          'fail-on': 'error',
          format: ['json=reports/check.json'],
          timeout: 5000,
        },
      },
    });
    const { code, err } = await cli(dir, ['check'], { API_URL: server.url });
    expect(err).toMatch(
      /^restguide: config restguide\.config\.yaml gives check target, only, timeout, fail-on, format\n/,
    );
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'reports/check.json'), 'utf8')) as CheckReport;
    expect(report.target).toBe(server.url);
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.every((result) => result.id.startsWith('problem.'))).toBe(true);
  });

  it('sends the headers its ${NAME} references read, and shows the value nowhere', async () => {
    const api = await startFixture((_req, res) => sendJson(res, 404, {}));
    closers.push(() => api.close());
    const dir = await folder({
      'restguide.config.yaml': {
        check: {
          target: `${api.url}/api`,
          only: ['trace'],
          headers: { 'X-Api-Key': '${API_KEY}' },
          format: ['json'],
        },
      },
    });
    const { out, err } = await cli(dir, ['check'], { API_KEY: 'k-secret-123' });
    expect(api.requests.length).toBeGreaterThan(0);
    // As with -H: the run's requests to the API carry it (the probe of the base URL is one of them).
    expect(api.requests.find((request) => request.url === '/api')?.headers['x-api-key']).toBe('k-secret-123');
    expect(out + err).not.toContain('k-secret-123');
  });

  it('stops in one line, exit 2, when a ${NAME} is not set, before contacting anything', async () => {
    const api = await startFixture((_req, res) => sendJson(res, 200, {}));
    closers.push(() => api.close());
    const dir = await folder({
      'restguide.config.yaml': { check: { target: api.url, headers: { Authorization: 'Bearer ${API_TOKEN}' } } },
    });
    const { code, out, err } = await cli(dir, ['check']);
    expect(code).toBe(2);
    expect(err).toBe(
      'restguide: (root).check.headers.Authorization in restguide.config.yaml refers to ${API_TOKEN}, which is not set in the environment\n',
    );
    expect(out).toBe('');
    expect(api.requests).toHaveLength(0);
  });
});

describe('lint takes its section', () => {
  it('found in the working directory: documents and fail-on; a flag given wins', async () => {
    const dir = await folder({
      'restguide.config.yaml': { lint: { documents: ['api/api.yaml'], 'fail-on': 'error', format: 'json' } },
    });
    await cp(LINT_FIXTURE, join(dir, 'api'), { recursive: true });
    const fromFile = await cli(dir, ['lint']);
    expect(fromFile.code).toBe(0); // warnings only, and the file says error
    expect(fromFile.out).toContain('jsn-naming');
    const flag = await cli(dir, ['lint', '--fail-on', 'warning']);
    expect(flag.code).toBe(1);
    expect(flag.err).toBe(
      'restguide: config restguide.config.yaml gives lint documents, format; flags given win over fail-on\n',
    );
  });

  it('named with --config elsewhere: its relative paths are read from its own folder', async () => {
    const dir = await folder({
      'ci/restguide.yaml': {
        lint: { documents: '../api/api.yaml', 'fail-on': 'error', format: ['json=../reports/lint.json'] },
      },
    });
    await cp(LINT_FIXTURE, join(dir, 'api'), { recursive: true });
    const elsewhere = await folder();
    const { code, err } = await cli(elsewhere, ['lint', '--config', join(dir, 'ci/restguide.yaml')]);
    // Every report went to the file, so the outcome line follows on stderr.
    expect(err).toBe(
      `restguide: config ${join(dir, 'ci/restguide.yaml')} gives lint documents, fail-on, format\n` +
        'restguide: 4 problems from 4 causes (0 errors, 3 warnings, 1 info, 0 hints), 0 ignored\n',
    );
    expect(code).toBe(0);
    expect(await readFile(join(dir, 'reports/lint.json'), 'utf8')).toContain('jsn-naming');
  });

  it('no documents, from the command line or a file: exit 2, one line saying where they can come from', async () => {
    const dir = await folder();
    const { code, err } = await cli(dir, ['lint']);
    expect(code).toBe(2);
    expect(err).toBe(
      'restguide: lint: give at least one OpenAPI document (file or URL), or set lint.documents in restguide.config.yaml\n',
    );
  });

  it('--config naming a missing file: exit 2, one line', async () => {
    const dir = await folder();
    const { code, err } = await cli(dir, ['lint', 'api.yaml', '--config', 'nope.yaml']);
    expect(code).toBe(2);
    expect(err).toBe('restguide: cannot read config nope.yaml: no such file or folder (ENOENT)\n');
  });

  it('an unknown key: exit 2, one line with the nearest name', async () => {
    const dir = await folder({ 'restguide.config.yaml': { lint: { rulset: 'r.yaml' } } });
    const { code, err } = await cli(dir, ['lint', 'api.yaml']);
    expect(code).toBe(2);
    expect(err).toBe(
      'restguide: bad config restguide.config.yaml: (root).lint has an unknown key `rulset`: did you mean `ruleset`? Allowed keys there: documents, ruleset, exclude, fail-on, baseline, format, show-documentation-url\n',
    );
  });
});

describe('diff takes its section', () => {
  it('old, new and a report file; a breaking change fails it', async () => {
    const breaking = variant(base(), (d) => {
      delete d.components.schemas.Employer.properties.status;
    });
    const dir = await folder({
      'old.yaml': base(),
      'new.yaml': breaking,
      'restguide.config.yaml': { diff: { old: 'old.yaml', new: 'new.yaml', format: ['stylish', 'json=diff.json'] } },
    });
    const { code, out } = await cli(dir, ['diff']);
    expect(code).toBe(1);
    expect(out).toContain('evo-compat-response-property-removed');
    expect(await readFile(join(dir, 'diff.json'), 'utf8')).toContain('evo-compat-response-property-removed');
    // Sides given on the command line replace the file's: the same document twice is no change.
    expect((await cli(dir, ['diff', 'old.yaml', 'old.yaml'])).code).toBe(0);
  });
});

describe('restguide init', () => {
  it('writes the commented file, refuses to overwrite it, and overwrites it with --force', async () => {
    const dir = await folder();
    const first = await cli(dir, ['init']);
    expect(first.code).toBe(0);
    expect(first.err).toBe(
      'restguide: wrote restguide.config.yaml: every key commented and explained; the active ones are the defaults (docs/config.md)\n',
    );
    const written = await readFile(join(dir, 'restguide.config.yaml'), 'utf8');
    expect(written).toMatch(/^# restguide configuration/);
    await writeFile(join(dir, 'restguide.config.yaml'), 'lint:\n  fail-on: error\n');
    const again = await cli(dir, ['init']);
    expect(again.code).toBe(2);
    expect(again.err).toBe('restguide: restguide.config.yaml exists: edit it, or give --force to overwrite it\n');
    expect(await readFile(join(dir, 'restguide.config.yaml'), 'utf8')).toBe('lint:\n  fail-on: error\n');
    expect((await cli(dir, ['init', '--force'])).code).toBe(0);
    expect(await readFile(join(dir, 'restguide.config.yaml'), 'utf8')).toBe(written);
  });

  it('writes another file when named, and refuses a second config file beside an existing one', async () => {
    const dir = await folder({ '.restguide.yaml': 'lint: {}\n' });
    const beside = await cli(dir, ['init']);
    expect(beside.code).toBe(2);
    expect(beside.err).toBe(
      'restguide: .restguide.yaml is already a config file in that folder: edit it, or remove it before writing restguide.config.yaml\n',
    );
    expect((await cli(dir, ['init', 'ci/gate.yaml'])).code).toBe(2); // no such folder: one line, exit 2
    await mkdir(join(dir, 'ci'));
    expect((await cli(dir, ['init', 'ci/gate.yaml'])).code).toBe(0);
    expect((await cli(dir, ['lint', 'x.yaml', '--config', 'ci/gate.yaml', '--format', 'json'])).err).toMatch(
      /^restguide: config ci\/gate\.yaml gives lint fail-on\n/,
    );
  });
});

describe('through bin/restguide.js, the build users run', () => {
  it('init, then lint from the file found in the working directory; a bad key is one line, exit 2', async () => {
    const dir = await folder();
    await cp(LINT_FIXTURE, join(dir, 'api'), { recursive: true });
    const bin = (args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, NO_COLOR: '1' },
      });
    expect(bin(['init']).status).toBe(0);
    const config = await readFile(join(dir, 'restguide.config.yaml'), 'utf8');
    await writeFile(
      join(dir, 'restguide.config.yaml'),
      config
        .replace('  # documents: [openapi.yaml]', '  documents: [api/api.yaml]')
        .replace(/^(lint:[\s\S]*?)fail-on: warning/m, '$1fail-on: error'),
    );
    const lint = bin(['lint', '-f', 'json']);
    expect(lint.stderr).toBe('restguide: config restguide.config.yaml gives lint documents, fail-on\n');
    expect(lint.status).toBe(0);
    expect(lint.stdout).toContain('jsn-naming');
    await writeFile(join(dir, 'restguide.config.yaml'), 'lint:\n  exlude: vendor/**\n');
    const bad = bin(['lint']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      'restguide: bad config restguide.config.yaml: (root).lint has an unknown key `exlude`: did you mean `exclude`? Allowed keys there: documents, ruleset, exclude, fail-on, baseline, format, show-documentation-url\n',
    );
  }, 60_000);
});
