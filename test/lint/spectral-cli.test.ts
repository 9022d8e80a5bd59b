// The published ruleset (`restguide/ruleset`) as Spectral users load it: spectral-cli with
// `extends: [restguide/ruleset]` in a project's .spectral.yaml, restguide installed in node_modules.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lintDocuments } from '../../src/lint/index.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';

const ROOT = join(import.meta.dirname, '../..');
const SPECTRAL = join(ROOT, 'node_modules/.bin/spectral');
const FIXTURES = join(import.meta.dirname, '../fixtures/lint');
const run = promisify(execFile);

type SpectralFinding = { code: string; path: string[]; severity: number; source: string };
const key = (f: { code: string; path: Array<string | number>; severity: number; source: string }) =>
  `${f.code} ${f.severity} ${f.path.join('.')} ${f.source}`;

describe('restguide/ruleset in spectral-cli', () => {
  it('is the bundled package export (npm run build makes it)', () => {
    expect(existsSync(join(ROOT, 'dist/bundle/ruleset.js'))).toBe(true);
  });

  /** A project with restguide in node_modules and `extends: [restguide/ruleset]`, as Spectral users set it up. */
  async function spectralProject(): Promise<string> {
    const project = await mkdtemp(join(tmpdir(), 'restguide-spectral-'));
    await mkdir(join(project, 'node_modules'));
    await symlink(ROOT, join(project, 'node_modules/restguide'), 'dir');
    await writeFile(join(project, '.spectral.yaml'), 'extends: [restguide/ruleset]\n');
    return project;
  }

  async function spectralLint(project: string, document: string): Promise<SpectralFinding[]> {
    // spectral exits 1 on findings; its JSON report is on stdout either way.
    const result = await run(SPECTRAL, ['lint', '-f', 'json', '--fail-severity', 'error', document], {
      cwd: project,
      timeout: 90_000,
      env: { ...process.env, SCARF_ANALYTICS: 'false' },
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    expect(result.stderr).not.toMatch(/exports is not defined|Error/);
    // With nothing at --fail-severity, spectral appends "No results with a severity of 'error' found!" to the JSON.
    return JSON.parse(result.stdout.slice(0, result.stdout.lastIndexOf(']') + 1)) as SpectralFinding[];
  }

  it('spectral lint with `extends: [restguide/ruleset]` gives the same findings as restguide lint', async () => {
    const project = await spectralProject();
    await cp(join(FIXTURES, 'multi'), join(project, 'api'), { recursive: true });
    const document = join(project, 'api/api.yaml');
    const spectral = await spectralLint(project, document);
    const ours = await lintDocuments([document]);
    expect(spectral.length).toBeGreaterThan(0);
    // Same rules firing with the same severities; restguide reports a finding a $ref brings in at that $ref, Spectral in the referenced file.
    const inDocument = (f: { source: string }) => f.source === document;
    expect(spectral.map((f) => `${f.code} ${f.severity}`).sort()).toEqual(
      ours.findings.map((f) => `${f.code} ${f.severity}`).sort(),
    );
    expect(spectral.filter(inDocument).map(key).sort()).toEqual(
      ours.findings
        .filter((f) => inDocument(f) && !f.message.includes('(in '))
        .map(key)
        .sort(),
    );
  }, 120_000);

  it('honours x-ignore-rules as restguide does: the same findings on documents that ignore some', async () => {
    const project = await spectralProject();
    const reference = join(project, 'reference-openapi.json');
    await writeFile(reference, JSON.stringify(buildOpenApiDocument(), null, 2));
    const ignores = join(project, 'ignore-rules.yaml');
    await cp(join(FIXTURES, 'ignore-rules.yaml'), ignores);
    for (const [document, counts] of [
      [ignores, { findings: 1, ignored: 3 }],
      [reference, undefined],
    ] as const) {
      const ours = await lintDocuments([document]);
      // Each document ignores findings, so without x-ignore-rules Spectral would report more.
      expect(ours.ignored.length).toBeGreaterThan(0);
      if (counts) expect({ findings: ours.findings.length, ignored: ours.ignored.length }).toEqual(counts);
      expect((await spectralLint(project, document)).map(key).sort()).toEqual(ours.findings.map(key).sort());
    }
    // x-ignore-rules in a referenced file, and next to the $ref that brings a finding in.
    await cp(join(FIXTURES, 'refs'), join(project, 'refs'), { recursive: true });
    await cp(join(FIXTURES, 'reuse'), join(project, 'reuse'), { recursive: true });
    // ignored.yaml ignores the vendor's finding at its only $ref; api.yaml at one of two, so it stays.
    for (const name of ['ignored.yaml', 'api.yaml']) {
      const refs = join(project, 'refs/api', name);
      const ours = await lintDocuments([refs]);
      expect(ours.ignored.map((f) => f.code)).toEqual(name === 'ignored.yaml' ? ['jsn-naming'] : []);
      // restguide reports a finding a $ref brings in at that $ref, Spectral in the referenced file: compare codes and severities.
      expect((await spectralLint(project, refs)).map((f) => `${f.code} ${f.severity}`).sort()).toEqual(
        ours.findings.map((f) => `${f.code} ${f.severity}`).sort(),
      );
    }
  }, 120_000);
});
