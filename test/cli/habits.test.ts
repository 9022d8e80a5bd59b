// Habits users bring from Spectral, Redocly and Schemathesis: `warn`, documentation links, `lint -`, the new formats on the CLI.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { StdinSource } from '../../src/cli/io.js';
import { checkRuleInfos } from '../../src/catalogue/check-rules.js';
import { lintRuleInfos } from '../../src/lint/rule-infos.js';
import { diffRuleInfos } from '../../src/diff/kinds.js';
import { GUIDE_URL } from '../../src/core/report/types.js';
import { captureIo } from '../helpers/io.js';
import { base } from '../diff/base-document.js';
import { variant, writeFiles } from '../diff/harness.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/lint');
const API = join(FIXTURES, 'multi/api.yaml'); // two warnings, no errors

const stdinOf = (text: string, isTTY = false): StdinSource => ({
  isTTY,
  read: async () => {
    let all = '';
    for await (const chunk of Readable.from([text])) all += String(chunk);
    return all;
  },
});

async function run(args: string[], setup: (io: ReturnType<typeof captureIo>) => void = () => {}) {
  const io = captureIo();
  setup(io);
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

describe('warn, as Spectral spells it, wherever a severity is named', () => {
  it.each(['lint', 'diff'])('%s --fail-on warn is --fail-on warning', async (command) => {
    const dir = await writeFiles({
      'old.yaml': base(),
      'new.yaml': variant(base(), (d: any) => {
        d.paths['/employers'].get.deprecated = true;
      }),
    });
    const args =
      command === 'lint'
        ? ['lint', API, '-f', 'json']
        : ['diff', join(dir, 'old.yaml'), join(dir, 'new.yaml'), '-f', 'json'];
    const warn = await run([...args, '--fail-on', 'warn']);
    const warning = await run([...args, '--fail-on', 'warning']);
    expect(warn.err).toBe('');
    expect(warn.code).toBe(warning.code);
    if (command === 'lint') expect(warn.code).toBe(1);
    expect((await run([...args, '--fail-on', 'error'])).code).toBe(0);
  });

  it('check --fail-on warn is accepted; a wrong level says warn is one', async () => {
    const ok = await run(['check', '--fail-on', 'warn', '--print-profile']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('collections:');
    const bad = await run(['check', 'http://127.0.0.1:1/api', '--fail-on', 'warnings']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/Allowed choices are error, warning, warn\b/);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
  });

  it('a hand-edited lint baseline may name its severities (warn, error)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-warn-'));
    const file = join(dir, 'baseline.json');
    expect((await run(['lint', API, '-f', 'json', '--write-baseline', file])).code).toBe(0);
    const baseline = JSON.parse(await readFile(file, 'utf8')) as { entries: Array<{ severity: unknown }> };
    for (const entry of baseline.entries) entry.severity = 'warn';
    await writeFile(file, JSON.stringify(baseline));
    const known = await run(['lint', API, '--baseline', file, '-f', 'json']);
    expect(known.code).toBe(0);
    expect(known.out.trim()).toBe('[]');
  });
});

describe("--show-documentation-url (Spectral's flag): a guide link per finding in stylish output", () => {
  it("every check id, lint code and diff code maps to an anchor of the guide (the OpenAPI Specification's own to it)", () => {
    for (const rule of [...checkRuleInfos(), ...lintRuleInfos(), ...diffRuleInfos()]) {
      if (rule.rule === 'openapi-spec') {
        expect(rule.url, rule.id).toMatch(/^https:\/\/spec\.openapis\.org\/oas\/v3\.\d\.\d\.html#/);
        continue;
      }
      expect(rule.url.startsWith(`${GUIDE_URL}#rule-`), rule.id).toBe(true);
      expect(rule.url.endsWith(`#rule-${rule.rule}`), rule.id).toBe(true);
    }
  });

  it("lint: each finding line ends with its rule's link; without the flag, none", async () => {
    const shown = await run(['lint', API, '--show-documentation-url']);
    const lines = shown.out.split('\n').filter((line) => /^\s+\d+:\d+\s+warning\s/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(/ https:\/\/www\.belgif\.be\/specification\/rest\/api-guide\/#rule-[a-z-]+$/);
    expect(shown.out).toContain('#rule-jsn-naming');
    expect((await run(['lint', API])).out).not.toContain('https://');
  });

  it('diff: each change shows its link', async () => {
    const dir = await writeFiles({
      'old.yaml': base(),
      'new.yaml': variant(base(), (d: any) => {
        delete d.components.schemas.Employer.properties.status;
      }),
    });
    const { out } = await run(['diff', join(dir, 'old.yaml'), join(dir, 'new.yaml'), '--show-documentation-url']);
    expect(out).toMatch(/evo-compat-response-property-removed[\s\S]*#rule-evo-compat/);
  });
});

describe('lint - reads the document from stdin', () => {
  it('lints piped text as <stdin>, relative $refs against the working directory', async () => {
    const text = await readFile(API, 'utf8');
    const piped = await run(['lint', '-', '-f', 'json'], (io) => {
      io.stdin = stdinOf(text);
      io.cwd = join(FIXTURES, 'multi');
    });
    const fromFile = await run(['lint', API, '-f', 'json']);
    expect(piped.code).toBe(fromFile.code);
    const codes = (out: string) =>
      (JSON.parse(out) as Array<{ code: string; path: unknown }>).map((f) => `${f.code} ${JSON.stringify(f.path)}`);
    expect(codes(piped.out)).toEqual(codes(fromFile.out));
    expect(new Set((JSON.parse(piped.out) as Array<{ source: string }>).map((f) => f.source))).toEqual(
      new Set([join(FIXTURES, 'multi', '<stdin>')]),
    );
    const stylish = await run(['lint', '-'], (io) => {
      io.stdin = stdinOf(text);
      io.cwd = join(FIXTURES, 'multi');
    });
    expect(stylish.out.split('\n')[0]).toBe('<stdin>');
  });

  it.each([
    [
      'a terminal',
      stdinOf('', true),
      'restguide: lint -: stdin is a terminal; pipe a document in (restguide lint - < openapi.yaml)',
    ],
    [
      'empty',
      stdinOf(' \n'),
      'restguide: lint -: stdin is empty; pipe an OpenAPI document in (restguide lint - < openapi.yaml)',
    ],
  ])('refuses stdin that is %s in one line, exit 2', async (_name, stdin, line) => {
    const result = await run(['lint', '-'], (io) => {
      io.stdin = stdin;
    });
    expect(result.code).toBe(2);
    expect(result.err).toBe(`${line}\n`);
  });

  it('what is not OpenAPI on stdin is the usual one-line refusal', async () => {
    const result = await run(['lint', '-'], (io) => {
      io.stdin = stdinOf('hello: world\n');
    });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^restguide: .*<stdin>.*not an OpenAPI 3\.0 or 3\.1 document/);
  });
});

describe('the new formats on the command line', () => {
  it('diff -o comment.md writes the Markdown comment; lint refuses markdown', async () => {
    const dir = await writeFiles({
      'old.yaml': base(),
      'new.yaml': variant(base(), (d: any) => {
        delete d.components.schemas.Employer.properties.status;
      }),
    });
    const diff = await run(['diff', 'old.yaml', 'new.yaml', '-o', 'comment.md'], (io) => {
      io.cwd = dir;
    });
    expect(diff.code).toBe(1);
    const comment = await readFile(join(dir, 'comment.md'), 'utf8');
    expect(comment).toMatch(
      /^\*\*restguide diff\*\* `old\.yaml` \(1\.0\.0\) → `new\.yaml` \(1\.0\.0\): ❌ fails the gate \(--fail-on warning\): 1 breaking change/,
    );
    expect(comment).toContain('### Breaking changes (1)');
    const lint = await run(['lint', API, '-f', 'markdown']);
    expect(lint.code).toBe(2);
    expect(lint.err).toMatch(/one of stylish, json, junit, sarif, github, html, gitlab,/);
  });

  it('diff JUnit fails exactly what fails the gate, also compatible changes at --fail-on info without --verbose', async () => {
    const dir = await writeFiles({
      'old.yaml': base(),
      'new.yaml': variant(base(), (d: any) => {
        d.components.schemas.Employer.properties.website = { type: 'string' };
      }),
    });
    const failures = async (failOn: string) => {
      const result = await run(['diff', 'old.yaml', 'new.yaml', '-f', 'junit', '--fail-on', failOn], (io) => {
        io.cwd = dir;
      });
      return {
        code: result.code,
        failures: Number(
          /<testsuites name="restguide diff old\.yaml new\.yaml" tests="\d+" failures="(\d+)"/.exec(result.out)?.[1],
        ),
      };
    };
    expect(await failures('warning')).toEqual({ code: 0, failures: 0 });
    const info = await failures('info');
    expect(info.code).toBe(1);
    expect(info.failures).toBeGreaterThan(0);
  });

  it('diff stylish without --verbose still shows a warning that fails the gate (an unreadable $ref)', async () => {
    const dir = await writeFiles({
      'old.yaml': base(),
      'new.yaml': variant(base(), (d: any) => {
        d.components.schemas.Employer.properties.website = { $ref: './missing.yaml' };
      }),
    });
    const result = await run(['diff', 'old.yaml', 'new.yaml'], (io) => {
      io.cwd = dir;
    });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/warning\s+evo-compat-unresolved-ref/);
  });

  it('-f gitlab -o gl-code-quality-report.json is accepted (a JSON report)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-gitlab-'));
    const { code } = await run(['lint', API, '-f', 'gitlab', '-o', 'gl-code-quality-report.json'], (io) => {
      io.cwd = dir;
    });
    expect(code).toBe(1);
    const issues = JSON.parse(await readFile(join(dir, 'gl-code-quality-report.json'), 'utf8')) as Array<{
      location: { path: string };
    }>;
    expect(issues.length).toBeGreaterThan(0);
  });
});
