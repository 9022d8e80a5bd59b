// Both sides from files, http URLs and git revisions, $ref files included; bad input is one clear UsageError.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { UsageError } from '../../src/core/util/errors.js';
import { diffDocuments } from '../../src/diff/index.js';
import { base } from './base-document.js';
import { errorCodes, variant, writeFiles } from './harness.js';

// The Employer schema lives in its own file, as in multi-file APIs.
const split = () =>
  variant(base(), (d) => {
    d.components.schemas.Employer = { $ref: 'schemas/employer.yaml#/Employer' };
  });
const employer = () => ({ Employer: (base() as any).components.schemas.Employer });
const employerWithout = (property: string) => {
  const e = employer();
  delete (e.Employer as any).properties[property];
  return e;
};

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', ...args], {
    cwd,
    stdio: 'pipe',
  }).toString();

describe('restguide diff inputs', () => {
  it('reads $ref files next to each side', async () => {
    const dir = await writeFiles({
      'v1/openapi.yaml': split(),
      'v1/schemas/employer.yaml': employer(),
      'v2/openapi.yaml': split(),
      'v2/schemas/employer.yaml': employerWithout('founded'),
    });
    const report = await diffDocuments('v1/openapi.yaml', 'v2/openapi.yaml', { cwd: dir });
    expect(errorCodes(report)).toEqual(['evo-compat-response-property-removed']);
    expect(report.findings[0]!.source).toBe(join(dir, 'v2/schemas/employer.yaml'));
  });

  it('reads git:<rev>:<path> and its $ref files from that revision, not from the work tree', async () => {
    const dir = await writeFiles({ 'api/openapi.yaml': split(), 'api/schemas/employer.yaml': employer() });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'v1');
    await writeFile(join(dir, 'api/schemas/employer.yaml'), stringify(employerWithout('status')));
    const fromRoot = await diffDocuments('git:HEAD:api/openapi.yaml', 'api/openapi.yaml', { cwd: dir });
    expect(errorCodes(fromRoot)).toEqual(['evo-compat-response-property-removed']);
    expect(fromRoot.findings[0]!.old.source).toBe('git:HEAD:api/schemas/employer.yaml');
    // From a subfolder, the path is relative to it, as in `git show HEAD:./openapi.yaml`.
    const fromApi = await diffDocuments('git:HEAD:openapi.yaml', 'openapi.yaml', { cwd: join(dir, 'api') });
    expect(errorCodes(fromApi)).toEqual(['evo-compat-response-property-removed']);
    // Both sides from git: the same revision, nothing changed.
    expect(
      (await diffDocuments('git:HEAD:api/openapi.yaml', 'git:HEAD:api/openapi.yaml', { cwd: dir })).findings,
    ).toEqual([]);
    await expect(diffDocuments('git:no-such-rev:api/openapi.yaml', 'api/openapi.yaml', { cwd: dir })).rejects.toThrow(
      UsageError,
    );
  });

  it('git:<rev>:<path> that does not resolve: one line saying which part is missing', async () => {
    const dir = await writeFiles({ 'api/openapi.yaml': split(), 'api/schemas/employer.yaml': employer() });
    const refusal = (old: string, cwd = dir) =>
      diffDocuments(old, join(dir, 'api/openapi.yaml'), { cwd }).then(
        () => 'no error',
        (error: Error) => `${error.constructor.name}: ${error.message}`,
      );
    // Git looks no higher than the temporary folder, wherever the machine keeps those.
    const ceiling = process.env['GIT_CEILING_DIRECTORIES'];
    process.env['GIT_CEILING_DIRECTORIES'] = dirname(dir);
    try {
      expect(await refusal('git:HEAD:api/openapi.yaml')).toBe(
        'UsageError: git:HEAD:api/openapi.yaml: not inside a git repository (run diff from inside one)',
      );
    } finally {
      if (ceiling === undefined) delete process.env['GIT_CEILING_DIRECTORIES'];
      else process.env['GIT_CEILING_DIRECTORIES'] = ceiling;
    }
    git(dir, 'init', '-q');
    git(dir, 'add', 'api/schemas');
    git(dir, 'commit', '-qm', 'v1');
    expect(await refusal('git:v9:api/openapi.yaml')).toBe(
      'UsageError: git:v9:api/openapi.yaml: no revision v9 in this repository',
    );
    expect(await refusal('git:HEAD:api/nothing.yaml')).toBe(
      'UsageError: git:HEAD:api/nothing.yaml: HEAD has no file api/nothing.yaml',
    );
    expect(await refusal('git:HEAD:api/openapi.yaml')).toBe(
      'UsageError: git:HEAD:api/openapi.yaml: HEAD has no file api/openapi.yaml (it exists on disk, not committed)',
    );
    // From a subfolder, the path is named from the repository's root, as git reads it.
    expect(await refusal('git:HEAD:nothing.yaml', join(dir, 'api'))).toBe(
      'UsageError: git:HEAD:api/nothing.yaml: HEAD has no file api/nothing.yaml',
    );
  });

  describe('over http', () => {
    let server: Server;
    let url: string;
    const files = new Map<string, string>();
    beforeAll(async () => {
      files.set('/v1/openapi.yaml', stringify(split())).set('/v1/schemas/employer.yaml', stringify(employer()));
      files
        .set('/v2/openapi.yaml', stringify(split()))
        .set('/v2/schemas/employer.yaml', stringify(employerWithout('name')));
      server = createServer((req, res) => {
        const body = files.get(req.url ?? '');
        res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/yaml' }).end(body ?? 'not found');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reads both sides and their $ref files from URLs', async () => {
      const report = await diffDocuments(`${url}/v1/openapi.yaml`, `${url}/v2/openapi.yaml`, { cwd: process.cwd() });
      expect(errorCodes(report)).toEqual(['evo-compat-response-property-removed']);
      expect(report.findings[0]!.source).toBe(`${url}/v2/schemas/employer.yaml`);
    });

    it('refuses a URL that answers 404', async () => {
      await expect(
        diffDocuments(`${url}/v1/openapi.yaml`, `${url}/v3/openapi.yaml`, { cwd: process.cwd() }),
      ).rejects.toThrow(/HTTP 404/);
    });
  });

  it('reports a $ref target it cannot read as a warning, and compares the rest', async () => {
    const dir = await writeFiles({
      'ok.yaml': base(),
      'dangling.yaml': variant(base(), (d) => {
        d.components.schemas.Employer = { $ref: 'missing.yaml#/Employer' };
        delete d.paths['/employers'].post;
      }),
    });
    const report = await diffDocuments('ok.yaml', 'dangling.yaml', { cwd: dir });
    expect(report.findings.map((f) => [f.code, f.severity]).sort()).toEqual([
      ['evo-compat-operation-removed', 0],
      ['evo-compat-unresolved-ref', 1],
    ]);
    const unresolved = report.findings.find((f) => f.code === 'evo-compat-unresolved-ref')!;
    expect(unresolved.message).toMatch(/^new version: cannot read the \$ref target .*missing\.yaml \(.*no such file\)/);
    expect(unresolved.path).toEqual(['components', 'schemas', 'Employer']);
  });

  it('refuses bad input with one clear UsageError', async () => {
    const dir = await writeFiles({
      'ok.yaml': base(),
      'broken.yaml': 'openapi: 3.0.3\ninfo: [unclosed\n',
      'swagger.yaml': { swaggerVersion: '1.2', apis: [] },
    });
    const refused = async (a: string, b: string) =>
      diffDocuments(a, b, { cwd: dir }).then(
        () => 'accepted',
        (e: Error) => `${e instanceof UsageError}: ${e.message}`,
      );
    expect(await refused('ok.yaml', 'nope.yaml')).toMatch(/^true: .*nope\.yaml: no such file$/);
    expect(await refused('ok.yaml', 'broken.yaml')).toMatch(/^true: .*broken\.yaml:\d+:\d+: malformed document/);
    expect(await refused('swagger.yaml', 'ok.yaml')).toMatch(
      /^true: .*swagger\.yaml: not an OpenAPI 3\.0 or 3\.1 document/,
    );
    expect(await readFile(join(dir, 'ok.yaml'), 'utf8')).toContain('openapi');
  });
});
