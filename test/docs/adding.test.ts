// docs/architecture.md's "Adding a check", "Adding a lint rule" and "Adding a report format",
// followed as a newcomer would: in a copy of the repository, each adds a small working example
// with the section's own steps (files, generator scripts), then the copy's git status must name
// only files the section lists, and the tests the section names, with the whole area's tests, must
// pass there. A step the page forgets (a list to extend, a doc to regenerate) fails here.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { section } from '../helpers/architecture-page.js';
import { repositoryCopy, ROOT } from '../helpers/ci-runner.js';

/** The repository paths a section names: code spans and Markdown links (relative to docs/), placeholders filled. */
function namedPaths(text: string, fill: Record<string, string>): Set<string> {
  const paths = new Set<string>();
  const put = (path: string) => {
    let filled = path;
    for (const [key, value] of Object.entries(fill)) filled = filled.replaceAll(`<${key}>`, value);
    paths.add(filled);
  };
  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) if (span?.includes('/')) put(span);
  for (const [, link] of text.matchAll(/\]\(([\w.-]+\.md)(?:#[\w-]*)?\)/g)) put(`docs/${link}`);
  return paths;
}

/** Whether `file` is one the section names: itself, or inside a folder it names. */
const isNamed = (file: string, named: Set<string>): boolean =>
  [...named].some((path) => file === path || (path.endsWith('/') && file.startsWith(path)));

/** The test files a section names (a folder stands for the test files under it), filled. */
function namedTests(copy: string, named: Set<string>): string[] {
  const files = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(copy, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.test.ts')) files.add(path);
    }
  };
  for (const path of named) {
    if (!path.startsWith('test/') || path.includes('<')) continue;
    if (path.endsWith('.test.ts')) files.add(path);
    else if (path.endsWith('/') && existsSync(join(copy, path))) walk(path.slice(0, -1));
  }
  return [...files];
}

let copy = '';
const sh = (command: string, args: string[]): string =>
  execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const write = (file: string, text: string): void => {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  writeFileSync(join(copy, file), text);
};
const edit = (file: string, from: string | RegExp, to: string): void => {
  const text = readFileSync(join(copy, file), 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: the step's edit found nothing to change (${String(from)})`);
  writeFileSync(join(copy, file), next);
};
/** The files the steps changed or added since the copy's one commit. */
const touched = (): string[] =>
  sh('git', ['status', '--porcelain', '--untracked-files=all'])
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .filter((file) => !file.startsWith('reports/'));
/** Runs the copy's tests, as `npm test` would with these files. */
function runTests(files: string[]): { ok: boolean; output: string } {
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, CI: '', FORCE_COLOR: '0', NO_COLOR: '1' },
    timeout: 600_000,
  });
  return { ok: run.status === 0, output: `${run.stdout}\n${run.stderr}` };
}
/** Back to the copy's commit, for the next section. */
const reset = (): void => {
  sh('git', ['reset', '--quiet', '--hard']);
  sh('git', ['clean', '--quiet', '-fd', '--exclude=node_modules', '--exclude=dist']);
};

beforeAll(() => {
  copy = repositoryCopy();
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  sh('git', ['init', '--quiet']);
  sh('git', ['add', '--all']);
  sh('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '--quiet', '-m', 'copy']);
}, 120_000);

afterAll(() => {
  if (copy !== '') rmSync(copy, { recursive: true, force: true });
});

// The section's test list must hold the new item: each test it names, and the area's own tests.
function followed(title: string, fill: Record<string, string>, areaTests: string[]): void {
  const named = namedPaths(section(title), fill);
  const changed = touched();
  expect(changed.length).toBeGreaterThan(0);
  expect(
    changed.filter((file) => !isNamed(file, named)),
    `files the steps touched that "${title}" does not list`,
  ).toEqual([]);
  const tests = [...new Set([...namedTests(copy, named), ...areaTests])].filter(
    (file) => file !== 'test/docs/adding.test.ts',
  );
  expect(tests.length).toBeGreaterThan(2);
  const run = runTests(tests);
  // The failed tests by name, then the end of the output.
  const failed = run.output.split('\n').filter((text) => /^\s*(FAIL|×)/.test(text));
  expect(run.ok, [...new Set(failed)].join('\n') + '\n' + run.output.slice(-3000)).toBe(true);
}

describe('docs/architecture.md, followed in a copy of the repository', () => {
  it('Adding a check', () => {
    reset();
    write(
      'src/checks/health/health-json.ts',
      `import { defineCheck } from '../../core/engine/define-check.js';

export default defineCheck({
  meta: {
    id: 'health.health-json',
    rule: 'hlth-res',
    severity: 'warning',
    writes: false,
    title: 'GET /health answers JSON',
    messages: { notJson: 'GET {{url}} answered {{type}}, not JSON.' },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    const exchange = await ctx.get(api.health, { credentials: false, headers: { accept: 'application/json' } });
    const type = exchange.response.headers['content-type'] ?? 'no Content-Type';
    ctx.expect(/json/.test(type), 'notJson', { url: exchange.request.url, type }, exchange);
  },
});
`,
    );
    sh(process.execPath, ['scripts/register-checks.mjs']);
    write(
      'test/checks/health/health-json.test.ts',
      `import check from '../../../src/checks/health/health-json.js';
import { fixture, reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'health as text',
      server: fixture((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('UP'), {
        basePath: '/api',
      }),
      findings: ['notJson'],
    },
  ],
});
`,
    );
    sh(process.execPath, ['scripts/build.mjs']);
    sh(process.execPath, ['scripts/sync-rules-doc.mjs']);
    followed('Adding a check', { area: 'health', name: 'health-json' }, ['test/checks/health/', 'test/core/']);
  }, 900_000);

  it('Adding a lint rule', () => {
    reset();
    write(
      'rulesets/rules/documentation/oas-descr-todo.ts',
      `// oas-descr-todo: the API's description is written, not left as a placeholder.
import { defineRule, type RuleCase } from '../define.js';
import { base } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

const descriptionWritten = defineRuleFunction(NO_OPTIONS, function descriptionWritten(root) {
  const info = isObject(root.info) ? root.info : {};
  return info.description === 'TODO' ? [finding('info.description is a placeholder: describe the API', ['info', 'description'])] : [];
});

export const rule = defineRule({
  code: 'oas-descr-todo',
  guideRule: 'oas-descr',
  severity: 'warn',
  description: "The API's description is written, not left as TODO",
  then: { function: descriptionWritten },
});

export const cases = (): RuleCase[] => [
  {
    name: 'a placeholder',
    errors: [{ path: ['info', 'description'] }],
    document: base({ info: { title: 'Demo', version: '1.0.0', description: 'TODO' } }),
  },
  { name: 'a description', errors: [], document: base({ info: { title: 'Demo', version: '1.0.0', description: 'Demo API' } }) },
];
`,
    );
    sh(process.execPath, ['scripts/register-rules.mjs']);
    sh(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', 'rulesets/rules/index.ts']);
    sh(process.execPath, ['scripts/build.mjs']);
    sh(process.execPath, ['scripts/sync-rules-doc.mjs']);
    followed('Adding a lint rule', { area: 'documentation', code: 'oas-descr-todo' }, [
      'test/lint/',
      'test/cli/rules.test.ts',
    ]);
  }, 900_000);

  it('Adding a report format', () => {
    reset();
    // A tab-separated report: one line per failed check or lint finding.
    write(
      'src/reporters/tsv.ts',
      `import type { CheckReporter, LintReporter } from './render-options.js';
import { areaLine, checkSummaryLine, leftRecords, leftText } from './run-notes.js';

const line = (...cells: Array<string | number>): string =>
  cells.map((cell) => String(cell).replace(/[\\t\\n]/g, ' ')).join('\\t') + '\\n';

// Every check report says what the run verified and left behind: here as # lines after the failures.
export const checkTsv: CheckReporter = (report) =>
  report.results
    .filter((result) => result.status === 'fail')
    .map((result) => line(result.id, (result.resources ?? [result.resource]).join(' '), result.message))
    .join('') +
  [checkSummaryLine(report), ...(report.coverage?.areas ?? []).map(areaLine), ...leftRecords(report).map(leftText)]
    .map((note) => line('#', note))
    .join('');

export const lintTsv: LintReporter = (report) =>
  report.findings.map((finding) => line(finding.code, finding.source, finding.message)).join('') +
  line('#', \`\${report.findings.length} findings\`);
`,
    );
    edit('src/reporters/formats.ts', `'gitlab', 'markdown'] as const`, `'gitlab', 'markdown', 'tsv'] as const`);
    edit('src/reporters/formats.ts', `  'gitlab',\n] as const`, `  'gitlab',\n  'tsv',\n] as const`);
    edit(
      'src/reporters/index.ts',
      `import { checkStylish, lintStylish } from './stylish.js';`,
      `$&\nimport { checkTsv, lintTsv } from './tsv.js';`,
    );
    edit(
      'src/reporters/index.ts',
      `  gitlab: { check: checkGitlab, lint: lintGitlab },`,
      `$&\n  tsv: { check: checkTsv, lint: lintTsv },`,
    );
    edit('src/cli/output.ts', `  ['.md', 'markdown'],`, `$&\n  ['.tsv', 'tsv'],`);
    write(
      'test/reporters/tsv.test.ts',
      `import { describe, expect, it } from 'vitest';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { lintReport } from '../fixtures/reports/lint-report.js';

describe('tsv', () => {
  it('lists each failed check', () => {
    expect(renderCheckReport('tsv', checkReport(), { color: false })).toMatch(/\\t/);
  });
  it('lists each finding', () => {
    expect(renderLintReport('tsv', lintReport(), { color: false })).toMatch(/\\t/);
  });
});
`,
    );
    // The list of formats test/reporters/formats.test.ts holds them to.
    edit('test/reporters/formats.test.ts', `'gitlab', 'markdown']);`, `'gitlab', 'markdown', 'tsv']);`);
    edit('test/reporters/formats.test.ts', `'html', 'gitlab']);`, `'html', 'gitlab', 'tsv']);`);
    for (const doc of ['docs/check.md', 'docs/lint.md', 'docs/diff.md'])
      edit(doc, /(\| `-f, --format <format>` \| `stylish` \| [^|]*?`gitlab`)/, '$1, `tsv`');
    edit(
      'docs/reports.md',
      '\n### json\n',
      '\n### tsv\n\nOne tab-separated line per failed check or finding.\n\n### json\n',
    );
    followed('Adding a report format', { format: 'tsv' }, ['test/reporters/', 'test/docs.test.ts']);
  }, 900_000);
});
