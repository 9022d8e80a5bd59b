// How a config section reaches a command: what each key sets, what a flag overrides, and that the
// file `restguide init` writes changes nothing. The commands' run functions are replaced by spies
// that record what they were given (the real runs: cli.test.ts).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../src/cli/main.js';
import { CONFIG_KEYS } from '../../src/config/keys.js';
import { captureIo } from '../helpers/io.js';

const calls = vi.hoisted(() => [] as Array<{ command: string; args: unknown[]; options: Record<string, unknown> }>);
vi.mock('../../src/cli/check.js', () => ({
  runCheck: async (baseUrl: unknown, options: Record<string, unknown>) => {
    calls.push({ command: 'check', args: [baseUrl], options });
    return 0;
  },
}));
vi.mock('../../src/cli/lint.js', () => ({
  runLint: async (documents: unknown, options: Record<string, unknown>) => {
    calls.push({ command: 'lint', args: [documents], options });
    return 0;
  },
}));
vi.mock('../../src/cli/diff.js', () => ({
  runDiff: async (old: unknown, next: unknown, options: Record<string, unknown>) => {
    calls.push({ command: 'diff', args: [old, next], options });
    return 0;
  },
}));
vi.mock('../../src/cli/proxy.js', () => ({
  runProxy: async (upstream: unknown, options: Record<string, unknown>) => {
    calls.push({ command: 'proxy', args: [upstream], options });
    return 0;
  },
}));
beforeEach(() => {
  calls.length = 0;
});

const folder = async (config?: unknown): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-config-'));
  if (config !== undefined)
    await writeFile(join(dir, 'restguide.config.yaml'), typeof config === 'string' ? config : stringify(config));
  return dir;
};

/** What the command's run function received, with the io's output. */
async function run(dir: string, argv: string[], env: NodeJS.ProcessEnv = {}) {
  const io = Object.assign(captureIo(), { cwd: dir, env });
  const code = await main(argv, io);
  const call = calls.pop();
  const { config: _config, ...options } = call?.options ?? {};
  return { code, err: io.err, args: call?.args, options };
}

describe('restguide init', () => {
  it('writes a file that, loaded back, is valid and changes nothing for check, lint or diff', async () => {
    const dir = await folder();
    const io = Object.assign(captureIo(), { cwd: dir });
    expect(await main(['init'], io)).toBe(0);
    for (const argv of [['check'], ['lint'], ['diff', 'old.yaml', 'new.yaml'], ['proxy', 'http://127.0.0.1:1/api']]) {
      const withFile = await run(dir, argv);
      const without = await run(dir, [...argv, '--no-config']);
      expect(withFile.code).toBe(0);
      expect(withFile.err).toBe(`restguide: config restguide.config.yaml gives ${argv[0]} fail-on\n`);
      expect({ args: withFile.args, options: withFile.options }).toEqual({
        args: without.args,
        options: without.options,
      });
    }
  });

  it('explains every key a section may hold, with an example that is valid once uncommented', async () => {
    const dir = await folder();
    expect(await main(['init'], Object.assign(captureIo(), { cwd: dir }))).toBe(0);
    const written = await readFile(join(dir, 'restguide.config.yaml'), 'utf8');
    // `  # key: value` and the indented lines under it become settings; prose stays comments.
    const uncommented = written.replace(/^(\s*)# ((?:[a-z0-9-]+:|\s).*)$/gm, '$1$2');
    const { parse } = await import('yaml');
    const sections = parse(uncommented) as Record<string, Record<string, unknown>>;
    for (const [command, keys] of Object.entries(CONFIG_KEYS))
      expect(Object.keys(sections[command] ?? {}).sort()).toEqual(Object.keys(keys).sort());
    await writeFile(join(dir, 'restguide.config.yaml'), uncommented);
    const { code, err, args } = await run(dir, ['lint'], {});
    expect(err).toMatch(
      /^restguide: config restguide.config.yaml gives lint documents, ruleset, exclude, fail-on, baseline, format\n$/,
    );
    expect(code).toBe(0);
    expect(args).toEqual([['openapi.yaml']]);
  });
});

describe('each key sets what its flag or argument would', () => {
  it('check: every key', async () => {
    const dir = await folder({
      check: {
        target: 'https://api.example.org/v1',
        profile: 'profile.yaml',
        openapi: 'openapi.yaml',
        'allow-writes': true,
        only: ['problem', 'paging'],
        skip: 'paging.next-link',
        headers: { Authorization: 'Bearer ${API_TOKEN}', 'Accept-Language': 'nl' },
        'oauth2-token-url': 'https://idp.example.org/token',
        'client-id': 'ci',
        'client-key': 'client.pem',
        scope: 'a b',
        'narrow-scope': 'a',
        cert: 'cert.pem',
        key: 'key.pem',
        ca: 'ca.pem',
        timeout: 500,
        concurrency: 2,
        rate: 10,
        deadline: 60000,
        retries: 0,
        'fail-on': 'error',
        baseline: 'known.json',
        format: ['stylish', 'junit=reports/check.xml'],
      },
    });
    const { code, args, options } = await run(dir, ['check'], { API_TOKEN: 'abc' });
    expect(code).toBe(0);
    expect(args).toEqual(['https://api.example.org/v1']);
    expect(options).toEqual({
      profile: 'profile.yaml',
      openapi: 'openapi.yaml',
      allowWrites: true,
      only: ['problem', 'paging'],
      skip: ['paging.next-link'],
      header: ['Authorization: Bearer abc', 'Accept-Language: nl'],
      oauth2TokenUrl: 'https://idp.example.org/token',
      clientId: 'ci',
      clientKey: 'client.pem',
      scope: 'a b',
      narrowScope: 'a',
      cert: 'cert.pem',
      key: 'key.pem',
      ca: 'ca.pem',
      timeout: '500',
      concurrency: '2',
      rate: '10',
      deadline: '60000',
      retries: '0',
      failOn: 'error',
      baseline: 'known.json',
      format: ['stylish', 'junit'],
      output: [undefined, 'reports/check.xml'],
    });
  });

  it('lint and diff: every key, and only their own section', async () => {
    const dir = await folder({
      check: { headers: { Authorization: '${UNSET_HERE}' } },
      lint: {
        documents: 'apis/*.yaml',
        ruleset: 'ruleset.yaml',
        exclude: 'vendor/**',
        'fail-on': 'info',
        baseline: 'lint.json',
        format: 'sarif=lint.sarif',
      },
      diff: {
        old: 'git:origin/main:openapi.yaml',
        new: 'openapi.yaml',
        'fail-on': 'error',
        baseline: 'diff.json',
        format: ['json'],
      },
    });
    const lint = await run(dir, ['lint']);
    expect(lint.code).toBe(0);
    expect(lint.args).toEqual([['apis/*.yaml']]);
    expect(lint.options).toEqual({
      ruleset: 'ruleset.yaml',
      exclude: ['vendor/**'],
      failOn: 'info',
      baseline: 'lint.json',
      format: ['sarif'],
      output: ['lint.sarif'],
    });
    const diff = await run(dir, ['diff']);
    expect(diff.code).toBe(0);
    expect(diff.args).toEqual(['git:origin/main:openapi.yaml', 'openapi.yaml']);
    expect(diff.options).toEqual({ failOn: 'error', baseline: 'diff.json', format: ['json'], output: [undefined] });
  });

  it('proxy: every key; flags given win; --no-config reads none; no upstream anywhere is exit 2', async () => {
    const dir = await folder({
      proxy: {
        upstream: 'https://staging.example.org/api/v1',
        port: 0,
        host: '0.0.0.0',
        openapi: 'openapi.yaml',
        profile: 'profile.yaml',
        only: 'json,link',
        skip: ['paging.next-link'],
        'report-every': 60,
        'forwarded-headers': false,
        'fail-on': 'error',
        format: ['stylish', 'json=reports/proxy.json'],
      },
    });
    const all = await run(dir, ['proxy']);
    expect(all.code).toBe(0);
    expect(all.args).toEqual(['https://staging.example.org/api/v1']);
    expect(all.options).toEqual({
      port: '0',
      host: '0.0.0.0',
      openapi: 'openapi.yaml',
      profile: 'profile.yaml',
      only: ['json,link'],
      skip: ['paging.next-link'],
      reportEvery: '60',
      forwardedHeaders: false,
      failOn: 'error',
      format: ['stylish', 'json'],
      output: [undefined, 'reports/proxy.json'],
    });
    const flags = await run(dir, ['proxy', 'http://127.0.0.1:1/api', '--port', '9000', '--fail-on', 'warning']);
    expect(flags.args).toEqual(['http://127.0.0.1:1/api']);
    expect(flags.options).toMatchObject({ port: '9000', failOn: 'warning', host: '0.0.0.0' });
    expect(flags.err).toMatch(/gives proxy .*; flags given win over upstream, port, fail-on\n$/);
    const none = await run(dir, ['proxy', 'http://127.0.0.1:1/api', '--no-config']);
    expect(none.options).toMatchObject({ port: '8080', host: '127.0.0.1', forwardedHeaders: true, failOn: 'warning' });
    const empty = await folder({ proxy: { port: 0 } });
    const missing = await run(empty, ['proxy']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(
      /missing required argument 'upstream': give it, or set proxy\.upstream in restguide\.config\.yaml/,
    );
    // The default of a --no- switch in the file changes nothing.
    const kept = await run(await folder({ proxy: { 'forwarded-headers': true } }), ['proxy', 'http://127.0.0.1:1/api']);
    expect(kept.options['forwardedHeaders']).toBe(true);
  });

  it('a key whose flag is missing from its command is caught here, not by a user', async () => {
    // Every key of every section at once; a mapping to an option the command lacks would be an internal error.
    for (const command of Object.keys(CONFIG_KEYS)) {
      const dir = await folder({ [command]: { 'fail-on': 'error' } });
      const argv =
        command === 'diff'
          ? ['diff', 'a.yaml', 'b.yaml']
          : command === 'proxy'
            ? ['proxy', 'http://127.0.0.1:1/api']
            : [command];
      expect((await run(dir, argv)).code).toBe(0);
    }
  });
});

describe('flags given on the command line win over the file', () => {
  const config = {
    check: {
      target: 'https://api.example.org/v1',
      timeout: 500,
      only: ['problem'],
      'fail-on': 'error',
      format: ['json=check.json'],
      headers: { 'X-Tenant': 'a', 'Accept-Language': 'nl' },
    },
    lint: { documents: ['a.yaml', 'b.yaml'] },
    diff: { old: 'a.yaml', new: 'b.yaml' },
  };

  it('each kind of key: argument, number, list, severity, reports; headers merge by name', async () => {
    const dir = await folder(config);
    const { args, options, err } = await run(dir, [
      'check',
      'http://127.0.0.1:1/api',
      '--timeout',
      '900',
      '--only',
      'paging',
      '--fail-on',
      'warning',
      '-f',
      'stylish',
      '-H',
      'x-tenant: b',
    ]);
    expect(args).toEqual(['http://127.0.0.1:1/api']);
    expect(options).toMatchObject({
      timeout: '900',
      only: ['paging'],
      failOn: 'warning',
      format: ['stylish'],
      output: [undefined],
      header: ['x-tenant: b', 'Accept-Language: nl'],
    });
    expect(err).toBe(
      'restguide: config restguide.config.yaml gives check headers; flags given win over target, only, timeout, fail-on, format\n',
    );
  });

  it('a key a flag replaces is not read, so its ${NAME} need not be set', async () => {
    const dir = await folder({
      check: { target: '${API_URL}', headers: { Authorization: 'Bearer ${API_TOKEN}', 'X-Tenant': '${TENANT}' } },
    });
    const { code, args, options, err } = await run(
      dir,
      ['check', 'http://127.0.0.1:1/api', '-H', 'authorization: Bearer mine'],
      { TENANT: 't1' },
    );
    expect(code).toBe(0);
    expect(args).toEqual(['http://127.0.0.1:1/api']);
    expect(options['header']).toEqual(['authorization: Bearer mine', 'X-Tenant: t1']);
    expect(err).toBe('restguide: config restguide.config.yaml gives check headers; flags given win over target\n');
    // Without the flags, the unset variables stop the run.
    expect((await run(dir, ['check'], { TENANT: 't1' })).code).toBe(2);
  });

  it('--auth-demo, which checks the embedded server, takes no target from the file', async () => {
    const dir = await folder(config);
    expect((await run(dir, ['check', '--auth-demo'])).args).toEqual([undefined]);
  });

  it("an -o alone also replaces the file's reports", async () => {
    const dir = await folder(config);
    const { options } = await run(dir, ['check', '-o', 'mine.json']);
    expect(options).toMatchObject({ format: [undefined], output: ['mine.json'] });
  });

  it("documents or sides given replace the file's; one side alone is refused", async () => {
    const dir = await folder(config);
    expect((await run(dir, ['lint', 'c.yaml'])).args).toEqual([['c.yaml']]);
    expect((await run(dir, ['diff', 'c.yaml', 'd.yaml'])).args).toEqual(['c.yaml', 'd.yaml']);
    const one = await run(dir, ['diff', 'c.yaml']);
    expect(one.code).toBe(2);
    expect(one.err).toBe(
      "restguide: diff: missing required argument 'new': give <old> and <new>, or set diff.old and diff.new in restguide.config.yaml\n",
    );
  });

  it('--no-config ignores the file; --config names another one', async () => {
    const dir = await folder(config);
    await writeFile(join(dir, 'other.yaml'), stringify({ check: { timeout: 700 } }));
    const none = await run(dir, ['check', '--no-config']);
    expect(none.options['timeout']).toBe('10000');
    expect(none.err).toBe('');
    const other = await run(dir, ['check', '--config', 'other.yaml']);
    expect(other.options['timeout']).toBe('700');
    expect(other.args).toEqual([undefined]);
    expect(other.err).toBe('restguide: config other.yaml gives check timeout\n');
  });
});

describe('values the flag would refuse are refused from the file, naming the key', () => {
  it('a severity the command does not take, with the nearest one', async () => {
    const dir = await folder({ check: { 'fail-on': 'info' }, lint: { 'fail-on': 'eror' } });
    const check = await run(dir, ['check']);
    expect(check.code).toBe(2);
    // The choices are the flag's own, whatever they become.
    expect(check.err).toMatch(
      /^restguide: bad config restguide\.config\.yaml: \(root\)\.check\.fail-on is `info`, not one of the allowed values `error`, .*`warning`.*\n$/,
    );
    expect((await run(dir, ['lint'])).err).toBe(
      'restguide: bad config restguide.config.yaml: (root).lint.fail-on is `eror`, not one of the allowed values `error`, `warning`, `warn`, `info`; did you mean `error`?\n',
    );
  });

  it('an unknown report format', async () => {
    const dir = await folder({ lint: { format: ['stylish', 'pdf=out.pdf'] } });
    const { code, err } = await run(dir, ['lint']);
    expect(code).toBe(2);
    expect(err).toMatch(
      /^restguide: bad config restguide\.config\.yaml: \(root\)\.lint\.format\.1 is `pdf=out\.pdf`: one of stylish, json, .*, optionally with =file\n$/,
    );
  });

  it('a file error stops every command, even one whose section is fine', async () => {
    const dir = await folder({ check: { opnapi: 'x.yaml' }, lint: { 'fail-on': 'error' } });
    const { code, err } = await run(dir, ['lint']);
    expect(code).toBe(2);
    expect(err).toMatch(
      /^restguide: bad config restguide\.config\.yaml: \(root\)\.check has an unknown key `opnapi`: did you mean `openapi`\? Allowed keys there: target, /,
    );
    expect(err.trimEnd().split('\n')).toHaveLength(1);
  });
});
