// restguide's YAML walk (src/lint/yaml-data.ts) must give what @stoplight/yaml's parseWithPointers
// gives with the same options: the same data (values, key order, prototypes), the same diagnostics
// in the same order, the same line map, and every path located as the stock lookup locates it, both
// when the tree is kept and when it is reduced to places (large documents). Proven on every YAML
// fixture, every lint rule case, a generated document, and YAML's corners: duplicate and non-string
// keys, merge keys, anchors, tags, errors.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { globSync } from 'tinyglobby';
import { stringify } from 'yaml';
import { getLocationForJsonPath, parseWithPointers } from '@stoplight/yaml';
import { parseYaml, PLACES_FROM_CHARACTERS, YAML_OPTIONS, type YamlParseResult } from '../../src/lint/yaml-data.js';
import { IndexedYaml } from '../../src/lint/positions.js';
import { PACKAGE_ROOT } from '../../src/core/version.js';
import { generateLargeDocument } from '../../bench/lib/large-document.mjs';
import type { RuleCase } from './harness.js';
import { cases as documentationCases } from './cases/documentation.js';
import { cases as eventCases } from './cases/events.js';
import { cases as operationCases } from './cases/operations.js';
import { cases as pathCases } from './cases/paths.js';
import { cases as realCases } from './cases/real-documents.js';
import { cases as schemaCases } from './cases/schemas.js';

type Segment = string | number;

/** Every path in the data, objects and arrays first (bounded: the data is a tree of the text). */
function pathsOf(data: unknown, limit = 5000): Segment[][] {
  const paths: Segment[][] = [];
  const stack: Array<[unknown, Segment[]]> = [[data, []]];
  while (stack.length > 0 && paths.length < limit) {
    const [value, path] = stack.pop() as [unknown, Segment[]];
    paths.push(path);
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) stack.push([child, [...path, Array.isArray(value) ? Number(key) : key]]);
  }
  return paths;
}

/** Paths spelled with the tree's own key text, through maps and lists (bounded). */
function treePathsOf(ast: unknown, limit = 2000): Segment[][] {
  const paths: Segment[][] = [];
  const stack: Array<[any, Segment[]]> = [[ast, []]]; // eslint-disable-line @typescript-eslint/no-explicit-any
  while (stack.length > 0 && paths.length < limit) {
    const [node, path] = stack.pop() as [any, Segment[]]; // eslint-disable-line @typescript-eslint/no-explicit-any
    paths.push(path);
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node.mappings)) for (const m of node.mappings) if (m?.key) stack.push([m.value, [...path, m.key.value]]);
    if (Array.isArray(node.items)) node.items.forEach((item: unknown, i: number) => stack.push([item, [...path, String(i)]]));
  }
  return paths;
}

/** Which form each parse in this file kept: its places or its tree. */
const places: string[] = [];

/**
 * Whether two data trees are the same: values, key order, and prototypes (a `__proto__` key sets
 * one, in both parses; each parse has its own, so they are compared as data, not by identity).
 */
function sameData(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const [protoA, protoB] = [Object.getPrototypeOf(a) as object, Object.getPrototypeOf(b) as object];
  const standard = (proto: object) => proto === Object.prototype || proto === Array.prototype;
  if (standard(protoA) || standard(protoB) ? protoA !== protoB : !sameData(protoA, protoB)) return false;
  const keys = Object.keys(a);
  if (keys.join('\0') !== Object.keys(b).join('\0')) return false;
  return keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Where the stock parse and restguide's differ, with places and with the tree kept, or null. */
function difference(text: string): string | null {
  return differenceWith(text, 0) ?? differenceWith(text, Infinity);
}

function differenceWith(text: string, placesFrom: number): string | null {
  let stock: YamlParseResult | undefined;
  let mine: YamlParseResult | undefined;
  let stockError: unknown;
  let myError: unknown;
  try { stock = parseWithPointers(text, YAML_OPTIONS); } catch (error) { stockError = error; }
  try { mine = parseYaml(text, placesFrom); } catch (error) { myError = error; }
  if (stockError !== undefined || myError !== undefined) return String(stockError) === String(myError) ? null : `threw ${String(stockError)} / ${String(myError)}`;
  if (!stock || !mine) return 'no result';
  const keysOf = (result: object) => JSON.stringify(Object.keys(result).filter((key) => key !== 'places'));
  if (keysOf(stock) !== keysOf(mine)) return 'result keys';
  places.push('places' in mine ? 'places' : 'tree');
  if (!sameData(mine.data, stock.data)) return 'data';
  if (!isDeepStrictEqual(mine.diagnostics, stock.diagnostics)) return `diagnostics ${JSON.stringify(stock.diagnostics)} / ${JSON.stringify(mine.diagnostics)}`;
  if (!isDeepStrictEqual(mine.lineMap, stock.lineMap)) return 'line map';
  if (!isDeepStrictEqual(mine.metadata, stock.metadata) || !isDeepStrictEqual(mine.comments, stock.comments)) return 'metadata or comments';
  // Spectral's YAML parser asks for no closest node; nor does restguide's lookup.
  const paths = [...pathsOf(stock.data), ['nowhere'], ['paths', 'nowhere', 0], [0], ['a', 99]];
  for (const path of paths) {
    if (!isDeepStrictEqual(IndexedYaml.getLocationForJsonPath(mine as never, path), getLocationForJsonPath(stock, path))) return `location of ${JSON.stringify(path)}`;
  }
  // Paths as the tree spells keys (`~`, `0x1F`), which the stock lookup follows too. A key that is
  // a map or a list has no text: no path from the data (strings and indexes) can name it.
  for (const path of treePathsOf(stock.ast).filter((p) => p.every((segment) => typeof segment === 'string' || typeof segment === 'number'))) {
    if (!isDeepStrictEqual(IndexedYaml.getLocationForJsonPath(mine as never, path), getLocationForJsonPath(stock, path))) return `location of tree path ${JSON.stringify(path)}`;
  }
  return null;
}

const fixtures = globSync(['test/fixtures/**/*.{yaml,yml}'], { cwd: PACKAGE_ROOT, absolute: true }).sort();
const ruleCases = [documentationCases, eventCases, operationCases, pathCases, realCases, schemaCases]
  .flatMap((group: Record<string, RuleCase[]>) => Object.entries(group).flatMap(([rule, list]) => list.map((c) => ({ name: `${rule}: ${c.name}`, document: c.document }))));

describe('the YAML walk', () => {
  it('gives what the stock parse gives on every YAML fixture', () => {
    for (const file of fixtures) expect.soft(difference(readFileSync(file, 'utf8')), file).toBeNull();
    expect(fixtures.length).toBeGreaterThan(30);
  });

  it('gives what the stock parse gives on every lint rule case', () => {
    for (const { name, document } of ruleCases) expect.soft(difference(stringify(document)), name).toBeNull();
    expect(ruleCases.length).toBeGreaterThan(200);
  });

  it('gives what the stock parse gives on a generated document of a hundred resources', () => {
    expect(difference(stringify(generateLargeDocument(100)))).toBeNull();
  });

  it.each([
    ['duplicate keys, the last one kept', 'a: 1\nb: 2\na: 3\nc:\n  d: 1\n  d: 2\n'],
    ['numeric, boolean, null and float keys (warnings), response codes among them', 'responses:\n  200: ok\n  "201": made\n  true: t\n  ~: n\n  null: n2\n  1.5: f\n  0x1F: hex\n'],
    ['a key that is a map or a list (skipped, with a warning)', '? {a: 1}\n: x\n? [1, 2]\n: y\nz: 1\n'],
    ['merge keys: one map, a list of maps (the first wins), later keys override', 'base: &b {x: 1, y: 2}\nother: &o {y: 3, z: 4}\none:\n  <<: *b\n  y: 9\nmany:\n  <<: [*b, *o]\n  w: 0\n'],
    ['a merge key with a scalar or a null', 'a:\n  <<: text\n  k: 1\nb:\n  <<: ~\n'],
    ['anchors used twice give equal, separate objects', 'x: &a {p: [1, 2]}\ny: *a\nz: [*a, *a]\n'],
    ['an anchor that refers to itself', 'a: &s\n  b: *s\n  c: 1\n'],
    ['tags, big integers, special floats and timestamps', 'a: !!str 123\nb: 123456789012345678901234567890\nc: .inf\nd: -.Inf\ne: .NaN\nf: 2001-12-14t21:59:43.10-05:00\ng: 0o17\nh: 1_000\n'],
    ['empty values, nulls in lists, empty maps and lists', 'a:\nb: []\nc: {}\nd: [~, null, , ]\ne:\n  - \n  - x\n'],
    ['keys that name prototype properties', '__proto__: {polluted: true}\nconstructor: 1\ntoString: 2\nhasOwnProperty: 3\n'],
    ['block scalars, quotes, escapes and non-ASCII text', 'a: |\n  line 1\n  line 2\nb: >-\n  folded\n  text\nc: "tab\\there \\u00e9"\nd: \'it\'\'s\'\ne: ünïcödé ✓\n'],
    ['Windows line ends and no line end at the end', 'a: 1\r\nb:\r\n  c: 2'],
    ['a document of only a comment, an empty document, a scalar document', '# nothing\n'],
    ['an empty text', ''],
    ['a scalar document', 'just text\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a syntax error (handed to the stock parse, which words it)', 'a: [1, 2\nb: 3\n'],
    ['bad indentation', 'a:\n  b: 1\n c: 2\n'],
    ['a tab where indentation is expected', 'a:\n\tb: 1\n'],
    ['an unknown tag and an undefined alias', 'a: !custom x\nb: *nowhere\n'],
  ])('%s', (_name, text) => {
    expect(difference(text)).toBeNull();
  });

  it('kept places when asked, except for documents with merge keys, so both lookups were compared', () => {
    expect(places.filter((p) => p === 'places').length).toBeGreaterThan(200);
    expect(places.filter((p) => p === 'tree').length).toBeGreaterThan(200);
  });

  it('keeps the tree below PLACES_FROM_CHARACTERS and places from there on', () => {
    const small = 'a:\n  b: [1, 2]\n';
    expect('places' in parseYaml(small)).toBe(false);
    const large = `${small}c: "${'x'.repeat(PLACES_FROM_CHARACTERS)}"\n`;
    const parsed = parseYaml(large);
    expect('places' in parsed).toBe(true);
    expect(parsed.ast).toBeUndefined();
    expect(IndexedYaml.getLocationForJsonPath(parsed as never, ['a', 'b', 1])).toEqual(getLocationForJsonPath(parseWithPointers(large, YAML_OPTIONS), ['a', 'b', 1]));
  });
});
