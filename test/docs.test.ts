// The docs stay true to the CLI and to themselves: each command page lists exactly the options
// `restguide <command> --help` prints, in its order; every relative link (and its #anchor) leads
// somewhere; the README stays a front page, not a manual;
// and every shell example runs as written (below).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { startReferenceServer, type ReferenceServer } from '../src/reference-server/index.js';
import { captureIo } from './helpers/io.js';
import { runShell } from './helpers/run-shell.js';
import { freePort } from './helpers/fixture-server.js';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];
// Written by another change; a link to it may come first. Once the file exists it is checked like any other.
const PENDING = new Set([join(DOCS, 'ci.md')]);

const COMMAND_PAGES = {
  check: 'check.md',
  lint: 'lint.md',
  diff: 'diff.md',
  serve: 'serve.md',
  rules: 'rules-command.md',
  init: 'config.md',
} as const;

/** The option column of `--help`: `-p, --port <n>`, `--auth`, ... in the order commander prints them. */
async function helpOptions(command: string): Promise<string[]> {
  const io = captureIo();
  expect(await main([command, '--help'], io)).toBe(0);
  const section = io.out.split(/^Options:\n/m)[1] ?? '';
  return section
    .split('\n')
    .filter((line) => /^ {2}-/.test(line))
    .map((line) => line.trim().split(/ {2,}/)[0] ?? '');
}

/** The first column of the table under a page's `## Options` heading, without its backticks. */
function documentedOptions(page: string): string[] {
  const section = page.split(/^## Options\n/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `-/.test(line))
    .map((line) => /^\| `([^`]+)`/.exec(line)?.[1] ?? '');
}

const withoutCode = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutCode(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (heading ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('command pages', () => {
  for (const [command, file] of Object.entries(COMMAND_PAGES)) {
    it(`docs/${file} lists the options of restguide ${command} --help`, async () => {
      const page = readFileSync(join(DOCS, file), 'utf8');
      expect(documentedOptions(page)).toEqual(await helpOptions(command));
    });
  }
});

describe('links', () => {
  for (const page of PAGES) {
    it(`${relative(ROOT, page)}: relative links and anchors resolve`, () => {
      const text = readFileSync(page, 'utf8');
      const broken: string[] = [];
      for (const [, target] of withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? page : resolve(dirname(page), path);
        if (PENDING.has(file) && !existsSync(file)) continue;
        if (!existsSync(file)) broken.push(`${target}: no such file`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
          broken.push(`${target}: no such heading`);
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('README', () => {
  it('stays a front page: at most 12 kB, the details in docs/', () => {
    expect(readFileSync(join(ROOT, 'README.md')).length).toBeLessThanOrEqual(12_000);
  });
});

// Every shell example in README.md and docs/*.md, as written. Each command is one of: run here (in a
// folder holding what it names: openapi.yaml, apis/, v1/ and v2/, a git origin with main; restguide
// and `npx restguide` this checkout's bin), a remote host's (api.example.org, which never resolves,
// stands for the user's API; a registry; GitHub), a syntax line, or run by another test named below.
// A new example fails here until it is one of them. Fixed ports (8080, 3000) become a free one, the
// only change made to a command; `--host 0.0.0.0` becomes 127.0.0.1 so nothing listens beyond
// loopback.

type Example = { page: string; block: string; command: string };

/** The commands of each ```sh block: continuation lines joined, comment lines dropped. */
function examples(): { page: string; block: string; commands: string[] }[] {
  return PAGES.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((match) => {
      const block = match[1] as string;
      const commands = block
        .replace(/\\\n\s*/g, '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'));
      return { page: relative(ROOT, file), block, commands };
    }),
  );
}

/** Run by another test or by the project's CI, not here: the command's start, and where. */
const ELSEWHERE: Array<[RegExp, string]> = [
  [/^npm (?:ci|start|test|run build|run typecheck)\b/, '.ci/run'],
  [/^npx vitest run\b/, '.ci/run'],
  [/^npm pack\b|^npm i -D \.\/restguide-/, 'test/install/packed-package.test.ts'],
  [/^npm run bench\b/, 'bench/run.js'],
];
/** Commands of the release step: they change the repository and push. */
const RELEASE = /^(?:npm version|git commit|git tag|git push)\b/;
/** Needs a host that is not this machine: the user's API, a registry, GitHub (belgif's checkouts for the parity scripts). */
const remote = (command: string): boolean =>
  /example\.org|\$API_BASE_URL|github\.com|^npm install --prefix bench|^node scripts\/(?:belgif-published|validator-parity)\.mjs /.test(
    command.replace(/--public-url \S+/, ''),
  );
const synopsis = (command: string): boolean => /^restguide \w+ .*\[(?:options|filter)\]/.test(command);

type Kind = 'run' | 'script' | 'remote' | 'synopsis' | 'release' | 'elsewhere';
function kindOf(command: string, block: string): Kind {
  if (synopsis(command)) return 'synopsis';
  if (RELEASE.test(command)) return 'release';
  if (ELSEWHERE.some(([pattern]) => pattern.test(command))) return 'elsewhere';
  if (remote(command)) return 'remote';
  // A block that starts a server in the background is one script: its commands need each other.
  if (/&\s*(?:#.*)?$/m.test(block)) return 'script';
  return 'run';
}

// An `export` in a block with a remote command prepares that command: the remote host's too.
const all: Array<Example & { kind: Kind }> = examples().flatMap(({ page, block, commands }) =>
  commands.map((command) => ({
    page,
    block,
    command,
    kind:
      /^export /.test(command) && commands.some((c) => kindOf(c, block) === 'remote')
        ? 'remote'
        : kindOf(command, block),
  })),
);

let reference: ReferenceServer;
let fixture: string;
let bin: string;

beforeAll(async () => {
  reference = await startReferenceServer({ port: 0 });
  const document = await (await fetch(`${reference.url}/doc/openapi.yaml`)).text();
  fixture = mkdtempSync(join(tmpdir(), 'restguide-docs-fixture-'));
  const write = (path: string, text: string): void => {
    mkdirSync(join(fixture, path, '..'), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  write('openapi.yaml', document);
  write('apis/registry/openapi.yaml', document);
  write('vendor/broken.yaml', 'not: [an openapi document');
  write('v1/openapi.yaml', document);
  write('v2/openapi.yaml', document);
  const git = (...args: string[]): void => {
    execFileSync('git', args, {
      cwd: fixture,
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
  const origin = mkdtempSync(join(tmpdir(), 'restguide-docs-origin-'));
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin]);
  git('init', '--quiet', '--initial-branch=main');
  git('remote', 'add', 'origin', origin);
  git('add', '--all');
  git('commit', '--quiet', '-m', 'api');
  git('push', '--quiet', 'origin', 'main');
  git('fetch', '--quiet', 'origin');
  // `restguide` and `npx restguide` are this checkout's; npx of anything else is not in these examples.
  bin = mkdtempSync(join(tmpdir(), 'restguide-docs-bin-'));
  const restguide = `exec '${process.execPath}' '${join(ROOT, 'bin/restguide.js')}' "$@"`;
  writeFileSync(join(bin, 'restguide'), `#!/bin/sh\n${restguide}\n`, { mode: 0o755 });
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\n[ "$1" = restguide ] || { echo "npx $1: not in the docs' examples" >&2; exit 127; }\nshift\n${restguide}\n`,
    { mode: 0o755 },
  );
  writeFileSync(join(bin, 'node'), `#!/bin/sh\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 });
}, 60_000);
afterAll(async () => {
  await reference?.close();
});

/** A fresh copy of the fixture folder and the environment the examples run in. */
function place(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-docs-example-'));
  cpSync(fixture, dir, { recursive: true });
  return { dir, env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' } };
}

/** The one change made to a command: its fixed port a free one, and nothing listening beyond loopback. */
const localized = (text: string, port: number): string =>
  text.replace(/\b(?:8080|3000)\b/g, String(port)).replaceAll('0.0.0.0', '127.0.0.1');

/** Runs `restguide serve ...` until it listens, asks its base URL for /health, then stops it with SIGTERM. */
async function serveOnce(
  command: string,
  dir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; health: number; output: string }> {
  const port = await freePort();
  const text = /--port\b/.test(command)
    ? localized(command, port)
    : command.replace(/restguide serve/, `restguide serve --port ${port}`);
  const child = spawn('bash', ['-c', `exec env ${text}`], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    for (let i = 0; i < 200 && !/listening on http/.test(output) && child.exitCode === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    const health = url ? (await fetch(`${url}/health`)).status : 0;
    child.kill('SIGTERM');
    return { code: await exited, health, output };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('docs examples', () => {
  it("every command of every sh block is run here, or a remote host's, a syntax line, the release, or run by a named test", () => {
    expect(all.length).toBeGreaterThan(30);
    for (const [, where] of ELSEWHERE) expect(existsSync(join(ROOT, where)), where).toBe(true);
    // What is left to run here is most of what the pages show.
    expect(all.filter((e) => e.kind === 'run' || e.kind === 'script').length).toBeGreaterThan(15);
  });

  for (const example of all.filter((e) => e.kind === 'run')) {
    it(`${example.page}: ${example.command}`, async () => {
      const { dir, env } = place();
      if (/^(?:\S+=\S+ )*restguide serve\b|^npx restguide serve\b/.test(example.command)) {
        const served = await serveOnce(example.command, dir, env);
        expect(served.health, served.output).toBe(200);
        expect(served.code, served.output).toBe(0);
        return;
      }
      const run = await runShell('bash', ['-o', 'pipefail', '-c', example.command], dir, env);
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      // No error line: the outcome lines of a run whose reports all went to files, init's, and what a
      // run against the embedded server says of its target and the next step are no error.
      const errors = run.stderr
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('restguide: ') &&
            !/^restguide: (\d+ problems? \(|wrote |config |no base URL given: |next, your own API: )/.test(line),
        );
      expect(errors).toEqual([]);
    }, 60_000);
  }

  const scripts = all.filter(
    (e, i) => e.kind === 'script' && all.findIndex((o) => o.page === e.page && o.block === e.block) === i,
  );
  for (const example of scripts) {
    it(`${example.page}: the block that starts with ${example.command}`, async () => {
      const { dir, env } = place();
      const port = await freePort();
      const run = await runShell('bash', ['-e', '-c', localized(example.block, port)], dir, env, 110_000);
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      // The background server is stopped by the block's own kill: nothing answers on its port.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await expect(fetch(`http://127.0.0.1:${port}/registry/v1/health`)).rejects.toThrow();
      if (/restguide check/.test(example.block)) {
        expect(run.stdout).toMatch(/\d+ passed, 0 failed/);
        expect(run.stdout).toMatch(/✔ auth\.expired-token/);
      }
    }, 120_000);
  }
});
