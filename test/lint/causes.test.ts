// One cause, shown once: a Swashbuckle-shaped document of 60 operations repeats a few generator defaults on
// every operation. People's reports (stylish, github, html) show one entry per cause with its count and first
// places; JSON, SARIF and GitLab keep every finding, each with the id of its cause.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../helpers/io.js';
import { swashbuckleDocument } from './swashbuckle-document.js';

interface JsonFinding {
  code: string;
  message: string;
  cause: string;
  path: Array<string | number>;
}

describe('lint: one cause, one entry where people read it', () => {
  let dir: string;
  let stylish: string;
  let json: JsonFinding[];
  let github: string;
  let html: string;
  let sarif: { runs: Array<{ results: Array<{ ruleId: string; properties: { cause: string } }> }> };
  let gitlab: Array<{ check_name: string; cause: string }>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'restguide-causes-'));
    await writeFile(join(dir, 'swagger.json'), JSON.stringify(swashbuckleDocument(60), null, 2));
    const io = captureIo();
    io.cwd = dir;
    const code = await main(
      [
        'lint',
        'swagger.json',
        ...['--format', 'stylish'],
        ...['--format', 'json', '--output', 'report.json'],
        ...['--format', 'github', '--output', 'annotations.txt'],
        ...['--format', 'html', '--output', 'report.html'],
        ...['--format', 'sarif', '--output', 'report.sarif'],
        ...['--format', 'gitlab', '--output', 'gl-code-quality.json'],
      ],
      io,
    );
    expect(code).toBe(1);
    stylish = io.out;
    const read = (name: string) => readFile(join(dir, name), 'utf8');
    json = JSON.parse(await read('report.json')) as JsonFinding[];
    github = await read('annotations.txt');
    html = await read('report.html');
    sarif = JSON.parse(await read('report.sarif')) as typeof sarif;
    gitlab = JSON.parse(await read('gl-code-quality.json')) as typeof gitlab;
  }, 60_000);

  const of = (code: string) => json.filter((f) => f.code === code);
  const causes = () => new Set(json.map((f) => f.cause));

  it('JSON keeps every finding; 60 operationIds, each named in its own message, share one cause id', () => {
    const opIds = of('openapi-opid-case');
    expect(opIds).toHaveLength(60);
    expect(new Set(opIds.map((f) => f.message)).size).toBe(60);
    expect(new Set(opIds.map((f) => f.cause)).size).toBe(1);
    expect(opIds[0]!.cause).toMatch(/^[0-9a-f]{12}$/);
    // A default answer without the problem schema on every operation: one cause.
    const defaults = of('err-problem').filter((f) => f.path.at(-1) === 'default');
    expect(defaults).toHaveLength(60);
    expect(new Set(defaults.map((f) => f.cause)).size).toBe(1);
  });

  it('rep-struct: JSON beside text/plain, text/json and application/*+json keeps its verdict, one cause per document', () => {
    const repStruct = of('rep-struct');
    const media = new Set(repStruct.map((f) => String(f.path.at(-1))));
    expect([...media].sort()).toEqual(['application/*+json', 'text/json', 'text/plain']);
    // Every operation's answers and bodies, each an error as the validator has it...
    expect(repStruct.length).toBeGreaterThanOrEqual(120);
    // ...and one cause.
    expect(new Set(repStruct.map((f) => f.cause)).size).toBe(1);
    expect(causes().size).toBeLessThan(20);
  });

  it('stylish: one entry per cause with its count and first places, a hint for the generator setting', () => {
    const rows = (code: string) =>
      stylish.split('\n').filter((line) => new RegExp(`^ \\d+:\\d+ +\\w+ +${code} `).test(line));
    for (const code of ['openapi-opid-case', 'rep-struct', 'err-problem', 'oas-tags'])
      expect(rows(code)).toHaveLength(1);
    expect(stylish).toMatch(/×60: also at \d+:\d+, \d+:\d+ and 57 more/);
    const repStruct = of('rep-struct').length;
    expect(stylish).toContain(`×${repStruct}: also at`);
    expect(stylish).toContain('hint: usually Swashbuckle');
    // Entries, counts and places: one line or two per cause, not one per finding.
    expect(stylish.split('\n').length).toBeLessThan(4 * causes().size + 30);
  });

  it('the summary says how many findings come from how many causes, in stylish, github and html', () => {
    const said = `${json.length} problems from ${causes().size} causes`;
    expect(stylish.trimEnd().split('\n').at(-1)).toContain(`✖ ${said} (`);
    expect(github.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^::notice title=restguide lint::${said} \\(.*\\) in 1 document, 0 ignored$`),
    );
    expect(html).toContain(`${json.length} findings from ${causes().size} causes`);
  });

  it('github: one annotation per cause, at its first place, with the count', () => {
    const annotations = github.trimEnd().split('\n');
    expect(annotations).toHaveLength(causes().size + 1);
    const opIds = annotations.filter((line) => line.includes('title=openapi-opid-case'));
    expect(opIds).toHaveLength(1);
    expect(opIds[0]).toMatch(/%0A×60: also at line \d+, line \d+ and 57 more/);
  });

  it('html: one entry per cause, counted', () => {
    expect(html.match(/data-rule="openapi-opid-case" data-count="60"/g)).toHaveLength(1);
    expect(html).toContain('hint: usually Swashbuckle');
  });

  it('SARIF and GitLab keep every finding with the same cause ids as JSON', () => {
    const results = sarif.runs[0]!.results;
    expect(results).toHaveLength(json.length);
    expect(results.map((r) => r.properties.cause)).toEqual(json.map((f) => f.cause));
    expect(gitlab).toHaveLength(json.length);
    expect(gitlab.map((i) => i.cause)).toEqual(json.map((f) => f.cause));
  });
});
