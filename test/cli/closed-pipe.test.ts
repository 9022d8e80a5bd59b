// `restguide lint big.yaml --format json | head -1`: the reader closes the pipe early; the CLI
// must stop quietly (no EPIPE stack trace), with the exit code of the run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/core/util/version.js';
import { generateLegacyDocument } from '../lint/legacy-document.js';

it('stops quietly when stdout is closed early', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'restguide-pipe-')), 'legacy.json');
  writeFileSync(file, JSON.stringify(generateLegacyDocument(30)));
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'bin/restguide.js'), 'lint', file, '--format', 'json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c) => {
    err += c;
  });
  child.stdout.once('data', () => child.stdout.destroy()); // the report is far larger than one pipe buffer
  const [code] = await once(child, 'exit');
  expect(err).not.toMatch(/EPIPE|Error/);
  expect(code).toBe(1);
}, 60_000);
