// The patches in patches/: applied to node_modules at install (`prepare` → scripts/build.mjs →
// scripts/apply-patches.mjs), so vitest, the compiled sources and the bundle run the same patched
// dependencies. Each applies exactly, says why it exists, is applied once however often the
// install runs, and one that no longer applies is one line of advice, not a failed install.
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyPatch, reversePatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../src/core/util/version.js';
// @ts-expect-error: a build script in plain JavaScript, without types
import { applyPatches, patched, readPatches, stateOf } from '../scripts/apply-patches.mjs';

interface Patch {
  name: string;
  pkg: string;
  version: string;
  patch: { newFileName: string; hunks: unknown[] };
}
interface Result {
  name: string;
  file: string;
  state: 'applied' | 'pending' | 'stale';
  message?: string;
}
const dir = join(PACKAGE_ROOT, 'patches');
const patches = readPatches(dir) as Map<string, Patch>;
const modules = join(PACKAGE_ROOT, 'node_modules');
const installed = (file: string) => readFileSync(join(modules, file), 'utf8');
const apply = applyPatches as (options: { modules?: string; check?: boolean }) => Result[];

/** The shipped text of a patched file: the installed (patched) one with its patch taken back. */
function shipped(file: string, patch: Patch): string {
  const text = applyPatch(installed(file), reversePatch(patch.patch as never), { fuzzFactor: 0 });
  if (text === false) throw new Error(`${file} does not hold patches/${patch.name}`);
  return text;
}

/** A node_modules folder holding each patched file as shipped, and each package's package.json. */
function shippedModules(): string {
  const root = mkdtempSync(join(tmpdir(), 'restguide-patches-'));
  for (const [file, patch] of patches) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), shipped(file, patch));
    cpSync(join(modules, patch.pkg, 'package.json'), join(root, patch.pkg, 'package.json'));
  }
  return root;
}

describe('patches/', () => {
  it('reads every .patch file, one file each, with the package and version it was made for', () => {
    const files = readdirSync(dir).filter((name) => name.endsWith('.patch'));
    expect(files.length).toBeGreaterThan(0);
    expect([...patches.values()].map((p) => p.name).sort()).toEqual(files.sort());
    for (const patch of patches.values())
      expect(patch.version).toBe(JSON.parse(readFileSync(join(modules, patch.pkg, 'package.json'), 'utf8')).version);
  });

  it('every patch is applied in node_modules: what vitest, the compiled sources and the bundle run', () => {
    expect(apply({ check: true }).filter((r) => r.state !== 'applied')).toEqual([]);
  });

  it.each([...patches.entries()])(
    '%s: its header says what it fixes, the gain and the upstream text',
    (_file, { name }) => {
      const header = readFileSync(join(dir, name), 'utf8').split('\n--- ')[0]!;
      expect(header).toMatch(/^# @stoplight\/[\w-]+ \d+\.\d+\.\d+: /);
      expect(header).toMatch(/# What it fixes: /);
      expect(header).toMatch(/# Upstream text: /);
    },
  );

  it.each([...patches.entries()])('%s: applies exactly to the shipped file and changes it', (file, patch) => {
    const text = shipped(file, patch);
    expect(stateOf(text, patch)).toBe('pending');
    const result = patched(text, patch) as string;
    expect(result).not.toBe(text);
    expect(result).toBe(installed(file));
  });

  it.each([...patches.entries()])(
    '%s: a dependency whose patched lines changed (one added space) no longer applies',
    (file, patch) => {
      const text = shipped(file, patch);
      const lines = (patch.patch.hunks as { lines: string[] }[]).flatMap((hunk) => hunk.lines);
      const removed =
        lines.find((line) => line.startsWith('-') && line.trim().length > 1) ??
        lines.find((line) => line.startsWith(' ') && line.trim().length > 1)!;
      const changed = text.replace(removed.slice(1), `${removed.slice(1)} `);
      expect(changed).not.toBe(text);
      expect(stateOf(changed, patch)).toBe('stale');
      expect(() => patched(changed, patch)).toThrow(/no longer applies/);
    },
  );
});

describe('scripts/apply-patches.mjs', () => {
  it('applies every patch once, however often it runs, and leaves a hard-linked original intact', () => {
    const root = shippedModules();
    const [first] = [...patches.keys()] as [string];
    // The first file as a hard link to a copy elsewhere (how a node_modules made of links looks).
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'restguide-patches-')), 'original.js');
    const original = readFileSync(join(root, first), 'utf8');
    writeFileSync(elsewhere, original);
    rmSync(join(root, first));
    linkSync(elsewhere, join(root, first));

    expect(apply({ modules: root, check: true }).map((r) => r.state)).toEqual([...patches.keys()].map(() => 'pending'));
    expect(apply({ modules: root }).map((r) => r.state)).toEqual([...patches.keys()].map(() => 'applied'));
    expect(apply({ modules: root }).map((r) => r.state)).toEqual([...patches.keys()].map(() => 'applied'));
    for (const file of patches.keys()) expect(readFileSync(join(root, file), 'utf8')).toBe(installed(file));
    expect(readFileSync(elsewhere, 'utf8')).toBe(original);
  });

  it('a bumped package: the patch is skipped with one line saying what to do, and nothing is written', () => {
    const root = shippedModules();
    const [file, patch] = [...patches.entries()][0] as [string, Patch];
    const manifest = join(root, patch.pkg, 'package.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '99.0.0' }));
    const before = readFileSync(join(root, file), 'utf8');
    const results = apply({ modules: root });
    const stale = results.filter((r) => r.state === 'stale');
    expect(stale.length).toBeGreaterThan(0);
    expect(stale[0]!.message).toBe(
      `restguide: patches/${patch.name} does not apply (it was made for ${patch.pkg} ${patch.version}, node_modules has 99.0.0): ${patch.pkg} runs unpatched; re-make or drop the patch (docs/development.md#upgrading-spectral)`,
    );
    expect(readFileSync(join(root, file), 'utf8')).toBe(before);
  });
});
