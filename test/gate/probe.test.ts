// A profile that names a path the API does not have is one clear error line and exit 2, not findings.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startReferenceServer, type ReferenceServer } from '../../src/reference-server/index.js';
import { captureIo } from '../helpers/io.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function reference(): Promise<ReferenceServer> {
  const server = await startReferenceServer({ port: 0 });
  closers.push(() => server.close());
  return server;
}

async function withProfile(url: string, yaml: string, extra: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-probe-'));
  await writeFile(join(dir, 'profile.yaml'), yaml);
  const io = captureIo();
  const code = await main(['check', url, '--profile', join(dir, 'profile.yaml'), '--format', 'json', ...extra], io);
  return { code, io };
}

describe("the profile's resources are probed before the checks", () => {
  it('/nothere: one error line, exit 2, no report', async () => {
    const server = await reference();
    const { code, io } = await withProfile(
      server.url,
      'collections:\n  - path: /nothere\n    pageSizeParam: pageSize\n',
    );
    expect(code).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toMatch(
      /the profile names a resource the API does not have: collection \/nothere \(GET http:\/\/127\.0\.0\.1:\d+\/registry\/v1\/nothere\?pageSize=1 answered 404\)/,
    );
    expect(io.out).toBe('');
  });

  it('a wrong document template with a sample id is named too', async () => {
    const server = await reference();
    const { code, io } = await withProfile(
      server.url,
      'documents:\n  - path: /employer/{employerId}\n    sampleIds: ["93"]\n',
    );
    expect(code).toBe(2);
    expect(io.err).toMatch(/document \/employer\/\{employerId\} \(sample id 93\)/);
  });

  it('a profile naming real paths runs the checks', async () => {
    const server = await reference();
    const { code, io } = await withProfile(
      server.url,
      'collections:\n  - path: /employers\n    pageSizeParam: pageSize\n',
      ['--only', 'collection'],
    );
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.summary.passed).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
