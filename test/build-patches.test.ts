// The patches in patches/ that the bundle applies to dependencies: each applies exactly to the
// installed file, says why it exists, and one that no longer applies fails the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../src/core/version.js';
// @ts-expect-error: a build script in plain JavaScript, without types
import { patched, readPatches } from '../scripts/apply-patches.mjs';

interface Patch { name: string; patch: { newFileName: string; hunks: unknown[] } }
const dir = join(PACKAGE_ROOT, 'patches');
const patches = readPatches(dir) as Map<string, Patch>;
const installed = (file: string) => readFileSync(join(PACKAGE_ROOT, 'node_modules', file), 'utf8');

describe('patches/', () => {
  it('reads every .patch file, one file each', () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.patch'));
    expect(files.length).toBeGreaterThan(0);
    expect([...patches.values()].map((p) => p.name).sort()).toEqual(files.sort());
  });

  it.each([...patches.entries()])('%s: applies exactly and changes the file', (file, patch) => {
    const text = installed(file);
    const result = patched(text, patch) as string;
    expect(result).not.toBe(text);
  });

  it.each([...patches.entries()])('%s: its header says what it fixes, the gain and the upstream text', (_file, { name }) => {
    const header = readFileSync(join(dir, name), 'utf8').split('\n--- ')[0]!;
    expect(header).toMatch(/^# @stoplight\/[\w-]+ \d+\.\d+\.\d+: /);
    expect(header).toMatch(/# What it fixes: /);
    expect(header).toMatch(/# Upstream text: /);
  });

  it.each([...patches.entries()])('%s: a dependency whose patched lines changed (one added space) fails the build', (file, patch) => {
    const text = installed(file);
    const removed = (patch.patch.hunks as { lines: string[] }[]).flatMap((hunk) => hunk.lines).find((line) => line.startsWith('-') && line.trim().length > 1)
      ?? (patch.patch.hunks as { lines: string[] }[]).flatMap((hunk) => hunk.lines).find((line) => line.startsWith(' ') && line.trim().length > 1)!;
    const changed = text.replace(removed.slice(1), `${removed.slice(1)} `);
    expect(changed).not.toBe(text);
    expect(() => patched(changed, patch)).toThrow(/no longer applies/);
  });
});
