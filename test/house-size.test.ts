// Sizes a newcomer can read (issues 46 and 47): no file of rulesets/ over 300 lines, and no
// function of src/ or rulesets/ over 150 lines, counted from its first line to its last.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repositoryFiles, ROOT } from './helpers/ci-runner.js';

const MAX_RULESET_FILE = 300;
const MAX_FUNCTION = 150;

const sources = repositoryFiles().filter((file) => /^(src|rulesets)\/.*\.ts$/.test(file));
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Each function-like node of a file whose span is longer than `max` lines: `file:line name (n lines)`. */
function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = node.name !== undefined ? node.name.getText(source) : '(anonymous)';
      if (lines > max) long.push(`${file}:${first + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

describe('sizes', () => {
  it(`no file of rulesets/ has more than ${MAX_RULESET_FILE} lines`, () => {
    const long = sources
      .filter((file) => file.startsWith('rulesets/'))
      .map((file) => [file, lineCount(readFileSync(join(ROOT, file), 'utf8'))] as const)
      .filter(([, lines]) => lines > MAX_RULESET_FILE)
      .map(([file, lines]) => `${file} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it(`no function of src/ or rulesets/ has more than ${MAX_FUNCTION} lines`, () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(
      sources.flatMap((file) => longFunctions(file, readFileSync(join(ROOT, file), 'utf8'), MAX_FUNCTION)),
    ).toEqual([]);
  });

  it('measures what it says: a function one line too long is caught, one at the limit is not', () => {
    const fn = (lines: number) =>
      `export const f = () => {\n${Array.from({ length: lines - 2 }, (_, i) => `  void ${i};`).join('\n')}\n};\n`;
    expect(longFunctions('x.ts', fn(MAX_FUNCTION), MAX_FUNCTION)).toEqual([]);
    expect(longFunctions('x.ts', fn(MAX_FUNCTION + 1), MAX_FUNCTION)).toEqual([
      `x.ts:1 (anonymous) (${MAX_FUNCTION + 1} lines)`,
    ]);
    expect(lineCount('a\nb\n')).toBe(2);
  });
});
