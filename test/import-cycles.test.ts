// No import cycle in src/ and rulesets/: not between files, and not between top-level folders
// (src/<folder>, and rulesets as one), so each folder can be read, tested and changed above the ones
// it uses. Every import counts: static, dynamic (`import()`) and type-only, read by TypeScript's own
// pre-processor (no type checking, a few hundred milliseconds).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../src/core/util/version.js';

/**
 * Imports between folders that close a cycle and stay for now, each with why. An edge listed here
 * is left out of the folder graph only; it still counts between files. None is left: what the rule
 * functions need of lint lives in src/lint-base, below both src/lint and rulesets.
 */
const KNOWN_FOLDER_EDGES: Record<string, string> = {};

const sources = (folder: string): string[] =>
  readdirSync(join(PACKAGE_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(PACKAGE_ROOT, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));

const files = [...sources('src'), ...sources('rulesets')].sort();
const known = new Set(files);

/** The files of src/ and rulesets/ that `file` imports (relative specifiers; `.js` names the `.ts` source). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(PACKAGE_ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => join(dirname(file), name).replaceAll('\\', '/').replace(/\.js$/, '.ts'))
    .flatMap((target) =>
      known.has(target) ? [target] : known.has(`${target}/index.ts`) ? [`${target}/index.ts`] : [],
    );
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** The cycles of `edges`: each strongly connected part of more than one node, as a sorted list (Tarjan). */
function cycles(edges: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const folderOf = (file: string): string => (file.startsWith('rulesets/') ? 'rulesets' : file.split('/', 2).join('/'));

describe('imports', () => {
  it('reads the import graph (so the tests below can fail)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get('src/cli/main.ts')).toContain('src/core/util/errors.ts');
    // A dynamic import and a type-only one are edges too.
    expect(graph.get('src/check-command/run-check.ts')).toContain('src/check-command/recordings.ts');
    expect(graph.get('src/core/profile/nested-collections.ts')).toContain('src/core/profile/profile-shape.ts');
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('form no cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('form no cycle between the top-level folders of src/ and rulesets/ (but the known edges)', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of graph)
      for (const target of targets) {
        const from = folderOf(file);
        const to = folderOf(target);
        if (from === to || `${file} -> ${target}` in KNOWN_FOLDER_EDGES) continue;
        (folders.get(from) ?? folders.set(from, new Set()).get(from)!).add(to);
      }
    // Which file imports close each cycle, to say where to look.
    const through = (part: string[]) =>
      [...graph].flatMap(([file, targets]) =>
        targets
          .filter((target) => folderOf(file) !== folderOf(target))
          .filter((target) => part.includes(folderOf(file)) && part.includes(folderOf(target)))
          .map((target) => `${file} -> ${target}`),
      );
    expect(cycles(folders).map((part) => ({ folders: part, imports: through(part) }))).toEqual([]);
  });
});
