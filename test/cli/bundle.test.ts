// The bundle (scripts/bundle.mjs) that bin/restguide.js runs: it holds everything a command needs
// (so Spectral's files that restguide reaches and patches are the bundled ones),
// it answers as the unbundled build does (scripts/unbundled.mjs), and the bin runs the bundle alone:
// a bundle older than the sources still runs (rebuilding is `npm run build`'s job), a missing one is
// one line and exit 2.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/core/util/version.js';
import { BIN, loadedPackages, UNBUNDLED } from '../helpers/loaded-packages.js';

const FIXTURES = join(PACKAGE_ROOT, 'test/fixtures/lint');

function cli(args: string[], entry = BIN) {
  return spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('the bundle', () => {
  it.each([['--version'], ['lint', join(FIXTURES, 'multi/api.yaml'), '--format', 'json']])(
    '%s loads nothing from node_modules',
    (...args) => {
      const run = loadedPackages(args);
      expect(run.bundled).toBe(true);
      expect(run.fromNodeModules).toEqual([]);
    },
    60_000,
  );

  it('the unbundled build loads Spectral from node_modules (so the probe above can fail)', () => {
    const run = loadedPackages(['lint', join(FIXTURES, 'multi/api.yaml'), '--format', 'json'], UNBUNDLED);
    expect(run.bundled).toBe(false);
    expect(run.fromNodeModules.some((f) => f.includes('@stoplight/spectral-core'))).toBe(true);
  }, 60_000);

  it('a lint with a user ruleset that extends spectral:oas loads nothing from node_modules either', () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-bundle-'));
    const ruleset = join(dir, 'ruleset.yaml');
    writeFileSync(
      ruleset,
      'extends: [restguide, spectral:oas]\nrules:\n  short-title:\n    given: $.info.title\n    then:\n      function: length\n      functionOptions: {max: 5}\n',
    );
    const run = loadedPackages(['lint', join(FIXTURES, 'multi/api.yaml'), '--format', 'json', '--ruleset', ruleset]);
    expect(run.status).toBe(1);
    expect(run.fromNodeModules).toEqual([]);
    expect(run.stdout).toContain('"code": "short-title"');
    expect(run.stdout).toContain('"code": "info-contact"');
  }, 60_000);

  it("an example only ajv can judge is reported in ajv's words, as unbundled", () => {
    // An example failing a oneOf: its message is ajv's, which loads then, and says what it says unbundled.
    const dir = mkdtempSync(join(tmpdir(), 'restguide-bundle-'));
    const document = join(dir, 'api.yaml');
    writeFileSync(
      document,
      [
        'openapi: 3.0.3',
        'info: {title: Examples, version: 1.0.0, description: An API whose example does not match its schema.}',
        'servers: [{url: "https://api.example.be/demo/v1"}]',
        'paths:',
        '  /things:',
        '    get:',
        '      operationId: getThings',
        '      summary: List things',
        '      responses:',
        "        '200':",
        '          description: OK',
        '          content:',
        '            application/json:',
        '              schema:',
        '                type: object',
        '                properties:',
        '                  count: {oneOf: [{type: integer, minimum: 10}, {type: string}]}',
        '              example: {count: 3}',
        '',
      ].join('\n'),
    );
    const needsAjv = loadedPackages(['lint', document, '--format', 'json']);
    expect(needsAjv.fromNodeModules).toEqual([]);
    expect(needsAjv.stdout).toContain('Example is not valid against its schema: /count must be >= 10');
    expect(needsAjv.stdout).toBe(cli(['lint', document, '--format', 'json'], UNBUNDLED).stdout);
  }, 60_000);

  it.each([
    { name: 'the built-in ruleset', extra: [] as string[], contains: '"code": "hlth-res"' },
    {
      name: 'a YAML ruleset extending spectral:oas',
      extra: ['--ruleset', 'ruleset-extends-spectral.yaml'],
      contains: '"code": "info-contact"',
    },
    {
      name: 'a JS ruleset',
      extra: ['--ruleset', 'ruleset.js'],
      contains:
        '"message": "info.x-missing|#/info|[object Object]|the info object|\\"info.x-missing\\" property |Object{}|absent"',
    },
  ])(
    'lint with $name reports exactly what the unbundled build reports',
    ({ extra, contains }) => {
      const dir = mkdtempSync(join(tmpdir(), 'restguide-bundle-'));
      writeFileSync(join(dir, 'ruleset-extends-spectral.yaml'), 'extends: [restguide, spectral:oas]\n');
      writeFileSync(
        join(dir, 'ruleset.js'),
        [
          'export default {',
          "  extends: ['restguide'],",
          '  rules: {',
          "    'no-x-tags': { given: '$.tags[*].name', then: { function: (name) => (String(name).startsWith('x') ? [{ message: 'tag starts with x' }] : []) } },",
          // Every variable of a message template, which the bundle computes only when a template names it.
          "    'templates': { description: 'the info object', message: '{{property}}|{{path}}|{{value}}|{{description}}|#{{print(\"property\")}}|#{{print(\"value\")}}|{{error}}', given: '$.info', then: [",
          "      { field: 'title', function: () => [{ message: 'title {{property}}' }] },",
          "      { field: 'x-missing', function: () => [{ message: 'absent' }] },",
          '    ] },',
          '  },',
          '};',
        ].join('\n'),
      );
      const args = [
        'lint',
        join(FIXTURES, 'multi/api.yaml'),
        join(FIXTURES, 'reusable.yaml'),
        '--format',
        'json',
        ...extra.map((a) => (a.startsWith('--') ? a : join(dir, a))),
      ];
      const bundled = cli(args);
      const unbundled = cli(args, UNBUNDLED);
      expect(bundled.stderr).toBe('');
      expect(bundled.status).toBe(unbundled.status);
      expect(JSON.parse(bundled.stdout).length).toBeGreaterThan(0);
      expect(bundled.stdout).toContain(contains);
      expect(bundled.stdout).toBe(unbundled.stdout);
    },
    60_000,
  );

  it("a user ruleset with bad function options is refused in the same words bundled and unbundled (Spectral's Ajv is built on first use there: patches/)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-bundle-'));
    const ruleset = join(dir, 'ruleset.yaml');
    writeFileSync(
      ruleset,
      'extends: [restguide]\nrules:\n  short-title:\n    given: $.info.title\n    then:\n      function: length\n      functionOptions: {max: five}\n',
    );
    const args = ['lint', join(FIXTURES, 'multi/api.yaml'), '--ruleset', ruleset];
    const bundled = cli(args);
    const unbundled = cli(args, UNBUNDLED);
    expect(bundled.status).toBe(2);
    expect(bundled.stderr).toMatch(/"length" function and its "max" option accepts only the following types: number/);
    expect(bundled.stderr).toBe(unbundled.stderr);
  }, 60_000);

  it("a ruleset that breaks Spectral's ruleset schema is refused in the same words bundled and unbundled (a user ruleset is validated there too)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-bundle-'));
    const ruleset = join(dir, 'ruleset.yaml');
    writeFileSync(
      ruleset,
      'extends: [restguide]\nrules:\n  no-given:\n    severity: loud\n    then:\n      function: truthy\n',
    );
    const args = ['lint', join(FIXTURES, 'multi/api.yaml'), '--ruleset', ruleset];
    const bundled = cli(args);
    const unbundled = cli(args, UNBUNDLED);
    expect(bundled.status).toBe(2);
    expect(bundled.stderr).toMatch(/invalid ruleset: the value has to be one of: 0, 1, 2, 3 or "error"/);
    expect(bundled.stderr).toBe(unbundled.stderr);
  }, 60_000);

  it('places results reached through $refs, past the data and at $ref objects as the unbundled build does', () => {
    // Spectral finds the document and path of each result by walking the resolved and the
    // unresolved data (documentInventory.js, which the bundle walks once less): every branch here.
    const dir = mkdtempSync(join(tmpdir(), 'restguide-bundle-'));
    writeFileSync(join(dir, 'shared.yaml'), 'Pet:\n  type: object\n  properties:\n    name: {type: string}\n');
    writeFileSync(
      join(dir, 'api.yaml'),
      [
        'openapi: 3.0.3',
        'info: {title: t, version: "1"}',
        'paths:',
        '  /pets:',
        '    get:',
        '      responses:',
        "        '200':",
        '          description: ok',
        '          content:',
        '            application/json:',
        "              schema: {$ref: '#/components/schemas/Local'}",
        "        '201':",
        '          description: ok',
        '          content:',
        '            application/json:',
        "              schema: {$ref: 'shared.yaml#/Pet'}",
        'components:',
        '  schemas:',
        '    Local:',
        '      type: object',
        '      properties:',
        "        inner: {$ref: '#/components/schemas/Inner'}",
        '    Inner: {type: string, description: inner}',
        '',
      ].join('\n'),
    );
    const media = ['paths', '/pets', 'get', 'responses'];
    const paths = [
      [...media, '200', 'content', 'application/json', 'schema', 'properties', 'inner', 'description'], // through two local $refs
      [...media, '200', 'content', 'application/json', 'schema'], // at a $ref object
      [...media, '201', 'content', 'application/json', 'schema', 'properties', 'name', 'type'], // into another file
      ['info', 'x-nowhere', 'deeper'], // past the data
      ['components', 'schemas', 'Inner', 'type'], // no $ref on the way
      [], // the root
    ];
    writeFileSync(
      join(dir, 'ruleset.js'),
      [
        'export default {',
        '  rules: {',
        `    'at-paths': { message: '{{property}} {{error}}', given: '$', resolved: true, then: { function: () => ${JSON.stringify(paths)}.map((path, i) => ({ message: 'result ' + i, path })) } },`,
        `    'at-paths-unresolved': { given: '$', resolved: false, then: { function: () => ${JSON.stringify(paths)}.map((path, i) => ({ message: 'unresolved ' + i, path })) } },`,
        '  },',
        '};',
      ].join('\n'),
    );
    const args = ['lint', join(dir, 'api.yaml'), '--format', 'json', '--ruleset', join(dir, 'ruleset.js')];
    const bundled = cli(args);
    const unbundled = cli(args, UNBUNDLED);
    expect(bundled.stderr).toBe('');
    const findings = JSON.parse(bundled.stdout) as Array<{ code: string; message: string; path: string[] }>;
    expect(findings.filter((f) => f.code === 'at-paths')).toHaveLength(paths.length);
    expect(findings.filter((f) => f.code === 'at-paths-unresolved')).toHaveLength(paths.length);
    expect(bundled.stdout).toBe(unbundled.stdout);
  }, 60_000);

  it('carries every patch in patches/', () => {
    const chunks = Object.keys(
      JSON.parse(readFileSync(join(PACKAGE_ROOT, 'dist/bundle/chunks.json'), 'utf8')) as Record<string, string[]>,
    );
    // The bundle is written without layout white space: compare code with all white space taken out.
    const code = chunks
      .map((chunk) => readFileSync(join(PACKAGE_ROOT, 'dist/bundle', chunk), 'utf8'))
      .join('\n')
      .replace(/\s+/g, '');
    const has = (snippet: string) => expect(code).toContain(snippet.replace(/\s+/g, ''));
    has('if (ajvInstance === void 0) { ajvInstance = new ajv_1.default(');
    has('prepareResults = results => { return deduplicateResults(results) }');
    has('const vars = new TemplateVariables(associatedItem, path, document, result.message, rule.description)');
    has('validate: context === null || context === void 0 ? void 0 : context.validate');
    has('String(parserFor().evaluate(expression, context))');
  });

  it('check against the embedded reference server gives the same verdicts bundled and unbundled', () => {
    const args = ['check', '--format', 'json', '--only', 'doc,collection,problem'];
    const verdicts = (stdout: string) =>
      (JSON.parse(stdout) as { results: { id: string; status: string }[] }).results.map((r) => `${r.id} ${r.status}`);
    const bundled = cli(args);
    const unbundled = cli(args, UNBUNDLED);
    expect(bundled.status).toBe(0);
    expect(unbundled.status).toBe(0);
    expect(verdicts(bundled.stdout).length).toBeGreaterThan(10);
    expect(verdicts(bundled.stdout)).toEqual(verdicts(unbundled.stdout));
  }, 120_000);

  it('the bin runs the bundle even when it is older than the compiled sources', () => {
    const bundle = join(PACKAGE_ROOT, 'dist/bundle/restguide.js');
    const compiled = statSync(join(PACKAGE_ROOT, 'dist/src/cli/main.js'));
    const { atime, mtime } = statSync(bundle);
    try {
      utimesSync(bundle, atime, new Date(compiled.mtimeMs - 60_000));
      const stale = loadedPackages(['--version']);
      expect(stale.status).toBe(0);
      expect(stale.bundled).toBe(true);
    } finally {
      utimesSync(bundle, atime, mtime);
    }
  }, 60_000);

  it('without a bundle the bin says to build, in one line, and exits 2', () => {
    // A copy of the bin in a package root of its own, whose dist/ holds only the compiled sources.
    const root = mkdtempSync(join(tmpdir(), 'restguide-nobundle-'));
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'dist/src/cli'), { recursive: true });
    copyFileSync(BIN, join(root, 'bin/restguide.js'));
    writeFileSync(join(root, 'dist/src/cli/main.js'), 'export const main = async () => 0;\n');
    const run = spawnSync(process.execPath, [join(root, 'bin/restguide.js'), '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('restguide: no build in dist/bundle: run npm run build\n');
  });
});
