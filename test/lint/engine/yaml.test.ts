// restguide's YAML for lint (src/lint/engine/yaml/) must give what @stoplight/yaml's parseWithPointers
// gives with the same options: the same data (values, key order, prototypes), the same diagnostics
// in the same order, the same line map, and every path located as the stock lookup locates it.
// Proven on every YAML fixture, every lint rule case, a generated document, and YAML's corners:
// duplicate and non-string keys, merge keys, anchors, tags, errors. The direct reader, which reads
// most documents without the stock parser's tree, is held to this on all of them, on the corners of
// what it reads (scalar styles, folding, chomping, flows, layout), and on documents written by the
// `yaml` package in random styles; where it gives up, the stock parser answers.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { globSync } from 'tinyglobby';
import { stringify } from 'yaml';
import { getLocationForJsonPath, parseWithPointers } from '@stoplight/yaml';
import { Fallbacks } from '../../../src/lint-base/mode.js';
import { parseYaml, YAML_OPTIONS, type YamlParseResult } from '../../../src/lint/engine/yaml/index.js';
import { readSimpleYaml } from '../../../src/lint/engine/yaml/reader.js';
import { IndexedYaml } from '../../../src/lint/engine/positions.js';
import { PACKAGE_ROOT } from '../../../src/core/util/version.js';
import { generateLargeDocument } from '../../../bench/lib/large-document.mjs';
import { namedCases } from '../all-cases.js';
import { random } from '../../helpers/random.js';

type Segment = string | number;

/** Every path in the data, objects and arrays first (bounded: the data is a tree of the text). */
function pathsOf(data: unknown, limit = 5000): Segment[][] {
  const paths: Segment[][] = [];
  const stack: Array<[unknown, Segment[]]> = [[data, []]];
  while (stack.length > 0 && paths.length < limit) {
    const [value, path] = stack.pop() as [unknown, Segment[]];
    paths.push(path);
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value))
      stack.push([child, [...path, Array.isArray(value) ? Number(key) : key]]);
  }
  return paths;
}

/** Paths spelled with the tree's own key text, through maps and lists (bounded). */
function treePathsOf(ast: unknown, limit = 2000): Segment[][] {
  const paths: Segment[][] = [];
  const stack: Array<[any, Segment[]]> = [[ast, []]];
  while (stack.length > 0 && paths.length < limit) {
    const [node, path] = stack.pop() as [any, Segment[]];
    paths.push(path);
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node.mappings))
      for (const m of node.mappings) if (m?.key) stack.push([m.value, [...path, m.key.value]]);
    if (Array.isArray(node.items))
      node.items.forEach((item: unknown, i: number) => stack.push([item, [...path, String(i)]]));
  }
  return paths;
}

/** Which parser read each document compared in this file: the direct reader or the stock one. */
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

/** Where the stock parse and restguide's differ, or null. */
function difference(text: string): string | null {
  let stock: YamlParseResult | undefined;
  let mine: YamlParseResult | undefined;
  let stockError: unknown;
  let myError: unknown;
  try {
    stock = parseWithPointers(text, YAML_OPTIONS);
  } catch (error) {
    stockError = error;
  }
  try {
    mine = parseYaml(text);
  } catch (error) {
    myError = error;
  }
  if (stockError !== undefined || myError !== undefined)
    return String(stockError) === String(myError) ? null : `threw ${String(stockError)} / ${String(myError)}`;
  if (!stock || !mine) return 'no result';
  const keysOf = (result: object) => JSON.stringify(Object.keys(result).filter((key) => key !== 'places'));
  if (keysOf(stock) !== keysOf(mine)) return 'result keys';
  places.push(readSimpleYaml(text) ? 'direct' : 'stock');
  if (!sameData(mine.data, stock.data)) return 'data';
  if (!isDeepStrictEqual(mine.diagnostics, stock.diagnostics))
    return `diagnostics ${JSON.stringify(stock.diagnostics)} / ${JSON.stringify(mine.diagnostics)}`;
  if (!isDeepStrictEqual(mine.lineMap, stock.lineMap)) return 'line map';
  if (!isDeepStrictEqual(mine.metadata, stock.metadata) || !isDeepStrictEqual(mine.comments, stock.comments))
    return 'metadata or comments';
  // Spectral's YAML parser asks for no closest node; nor does restguide's lookup.
  const paths = [...pathsOf(stock.data), ['nowhere'], ['paths', 'nowhere', 0], [0], ['a', 99]];
  for (const path of paths) {
    if (
      !isDeepStrictEqual(IndexedYaml.getLocationForJsonPath(mine as never, path), getLocationForJsonPath(stock, path))
    )
      return `location of ${JSON.stringify(path)}`;
  }
  // Paths as the tree spells keys (`~`, `0x1F`), which the stock lookup follows too. A key that is
  // a map or a list has no text: no path from the data (strings and indexes) can name it.
  for (const path of treePathsOf(stock.ast).filter((p) =>
    p.every((segment) => typeof segment === 'string' || typeof segment === 'number'),
  )) {
    if (
      !isDeepStrictEqual(IndexedYaml.getLocationForJsonPath(mine as never, path), getLocationForJsonPath(stock, path))
    )
      return `location of tree path ${JSON.stringify(path)}`;
  }
  return null;
}

const fixtures = globSync(['test/fixtures/**/*.{yaml,yml}'], { cwd: PACKAGE_ROOT, absolute: true }).sort();
const ruleCases = await namedCases();

describe('YAML for lint', () => {
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
    // A map of up to 16 entries is searched entry by entry, a larger one through an index: both keep the last.
    [
      'duplicate keys in maps of 16 entries and of 40',
      `small:\n${Array.from({ length: 16 }, (_, i) => `  k${i % 12}: ${i}\n`).join('')}large:\n${Array.from({ length: 40 }, (_, i) => `  k${i % 30}: {v: ${i}}\n`).join('')}`,
    ],
    [
      'numeric, boolean, null and float keys (warnings), response codes among them',
      'responses:\n  200: ok\n  "201": made\n  true: t\n  ~: n\n  null: n2\n  1.5: f\n  0x1F: hex\n',
    ],
    ['a key that is a map or a list (skipped, with a warning)', '? {a: 1}\n: x\n? [1, 2]\n: y\nz: 1\n'],
    [
      'merge keys: one map, a list of maps (the first wins), later keys override',
      'base: &b {x: 1, y: 2}\nother: &o {y: 3, z: 4}\none:\n  <<: *b\n  y: 9\nmany:\n  <<: [*b, *o]\n  w: 0\n',
    ],
    ['a merge key with a scalar or a null', 'a:\n  <<: text\n  k: 1\nb:\n  <<: ~\n'],
    ['anchors used twice give equal, separate objects', 'x: &a {p: [1, 2]}\ny: *a\nz: [*a, *a]\n'],
    ['an anchor that refers to itself', 'a: &s\n  b: *s\n  c: 1\n'],
    [
      'tags, big integers, special floats and timestamps',
      'a: !!str 123\nb: 123456789012345678901234567890\nc: .inf\nd: -.Inf\ne: .NaN\nf: 2001-12-14t21:59:43.10-05:00\ng: 0o17\nh: 1_000\n',
    ],
    ['empty values, nulls in lists, empty maps and lists', 'a:\nb: []\nc: {}\nd: [~, null, , ]\ne:\n  - \n  - x\n'],
    [
      'keys that name prototype properties',
      '__proto__: {polluted: true}\nconstructor: 1\ntoString: 2\nhasOwnProperty: 3\n',
    ],
    [
      'block scalars, quotes, escapes and non-ASCII text',
      "a: |\n  line 1\n  line 2\nb: >-\n  folded\n  text\nc: \"tab\\there \\u00e9\"\nd: 'it''s'\ne: ünïcödé ✓\n",
    ],
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

  it('a document the direct reader gives up on goes to the stock parser and is counted as a fallback', () => {
    const fallbacks = new Fallbacks();
    expect('places' in parseYaml('a:\n  b: [1, 2]\n', fallbacks)).toBe(true);
    expect(fallbacks.total).toBe(0);
    const parsed = parseYaml('a: 1\n---\nb: 2\n', fallbacks); // two documents
    expect('places' in parsed).toBe(false);
    expect(parsed.ast).toBeDefined();
    expect(fallbacks.counts.get('yaml-reader')).toBe(1);
  });
});

/** Strings with what makes YAML choose its styles: spaces, breaks, indicators, quotes, numbers. */
const PIECES = [
  'word',
  'two words',
  ' lead',
  'trail ',
  'a: b',
  'x #y',
  '#h',
  '- item',
  '"q"',
  "it's",
  '\\',
  'é ✓',
  '\t',
  'null',
  'true',
  '12',
  '0x1F',
  '1.5e3',
  '.inf',
  '~',
  '',
  '\n',
  '\n\n',
  '  indented',
  '* star',
  '&amp',
  '[1]',
  '{a}',
  '|',
  '>',
  '%',
  '@',
  '`',
  '?',
  ':',
  ',',
  'http://x.y/z?a=1#f',
];

function randomString(next: () => number): string {
  const parts = Math.floor(next() * 6);
  let text = '';
  for (let i = 0; i < parts; i++) text += `${PIECES[Math.floor(next() * PIECES.length)]}${next() < 0.5 ? ' ' : ''}`;
  return next() < 0.2 ? text.repeat(1 + Math.floor(next() * 8)) : text;
}

function randomValue(next: () => number, depth: number): unknown {
  const roll = next();
  if (depth > 0 && roll < 0.3) {
    const out: Record<string, unknown> = {};
    const size = Math.floor(next() * 5);
    for (let i = 0; i < size; i++)
      out[next() < 0.8 ? `k${Math.floor(next() * 20)}` : randomString(next)] = randomValue(next, depth - 1);
    return out;
  }
  if (depth > 0 && roll < 0.5)
    return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth - 1));
  if (roll < 0.6) return Math.floor(next() * 2000) - 1000;
  if (roll < 0.65) return next() * 100;
  if (roll < 0.7) return next() < 0.5;
  if (roll < 0.72) return null;
  return randomString(next);
}

const STRING_TYPES = ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;

/** A document written by the `yaml` package in random styles, sometimes with anchors for repeated objects. */
function randomDocument(seed: number): string {
  const next = random(seed);
  const shared = randomValue(next, 2);
  const data: Record<string, unknown> = {};
  for (let i = 0; i < 1 + Math.floor(next() * 6); i++)
    data[`top${i}`] = next() < 0.15 && typeof shared === 'object' ? shared : randomValue(next, 4);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return stringify(data, {
    defaultStringType: pick(STRING_TYPES),
    defaultKeyType: pick(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'] as const),
    lineWidth: pick([0, 20, 40, 80]),
    minContentWidth: pick([0, 10, 20]),
    indent: pick([2, 3, 4]),
    indentSeq: next() < 0.5,
    collectionStyle: next() < 0.8 ? 'any' : 'flow',
    flowCollectionPadding: next() < 0.5,
    aliasDuplicateObjects: next() < 0.5,
  });
}

/**
 * YAML text laid out by hand at random, where the `yaml` package's writer is regular: keys with
 * spaces before the colon, comments and blank lines anywhere, plain and quoted scalars over lines
 * with trailing spaces and blank lines, block scalars with every header, more-indented and
 * whitespace-only lines, lists at the key's column, empty list items, flows on one line and over
 * lines (closed at any column), anchors and aliases.
 */
function randomLayout(seed: number): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const spaces = (n: number) => ' '.repeat(n);
  const words = () =>
    Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
      pick(['alpha', 'b', '12', 'x-y', 'é✓', 'a"b', "it's", 'c#d', 'e:f', '(g)', 'h\\i', 'true', '~', '0x1F', '1.5']),
    ).join(pick([' ', '  ', ' ']));
  const trailing = () => pick(['', '', ' ', '  ', ' # note', '   #c']);
  const gap = (indent: number) =>
    pick([
      '',
      '',
      '',
      '\n',
      `${spaces(Math.floor(next() * (indent + 3)))}\n`,
      `${spaces(indent)}# comment\n`,
      '# top comment\n',
    ]);
  const anchors: string[] = [];
  const lines: string[] = [];
  const scalar = (column: number): string => {
    const deeper = column + 1 + Math.floor(next() * 3);
    switch (pick(['plain', 'plain', 'multi', 'double', 'single', 'block', 'flow', 'alias'])) {
      case 'plain':
        return `${next() < 0.1 ? `\n${spaces(deeper)}` : ''}${pick(['word', 'two words', 'http://x.y/z#f', '-1', '12', 'null', 'a-b_c'])}${trailing()}`;
      case 'multi':
        return `${pick(['first', 'a b'])}${pick(['', ' ', '  '])}\n${spaces(deeper)}${words()}${pick(['', '\n', `\n${spaces(Math.floor(next() * 8))}\n`])}${next() < 0.5 ? `\n${spaces(deeper + Math.floor(next() * 2))}${words()}` : ''}${trailing()}`;
      case 'double':
        return `"${words()}${pick(['', '\\t', '\\u00e9', '\\"', '\\\\', '\\x41'])}${pick(['', ' ', '  '])}${next() < 0.6 ? `${pick(['', '\\'])}\n${spaces(deeper)}${words()}${pick(['', '\n'])}${next() < 0.4 ? `\n${spaces(deeper)}${words()}` : ''}` : ''}"${trailing()}`;
      case 'single':
        return `'${words().replace(/'/g, "''")}${next() < 0.5 ? `${pick(['', ' '])}\n${pick(['', '\n'])}${spaces(deeper)}${words().replace(/'/g, "''")}` : ''}'${trailing()}`;
      case 'block': {
        const header = `${pick(['|', '>'])}${pick(['', '', '-', '+'])}${next() < 0.15 ? String(1 + Math.floor(next() * 2)) : ''}`;
        const body = Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
          pick([
            `${spaces(deeper)}${words()}`,
            `${spaces(deeper + 2)}${words()}`,
            '',
            spaces(deeper),
            spaces(deeper + 3),
            `${spaces(deeper)}# not a comment`,
          ]),
        );
        if (!body.some((line) => line.trim() !== '')) body.push(`${spaces(deeper)}${words()}`);
        const explicit = /\d/.exec(header);
        if (explicit)
          return `${header}\n${body.map((line) => (line.trim() === '' ? line : `${spaces(column + Number(explicit[0]))}${line.trimStart()}`)).join('\n')}`;
        return `${header}${trailing()}\n${body.join('\n')}`;
      }
      case 'flow': {
        if (next() < 0.6)
          return `${pick(['[]', '{}', '[a, "b c", 1]', '{k: v, "l": [1, {}]}', "['x', y]", '[1, ]', '{a: b, }'])}${trailing()}`;
        // A JSON example over lines, sometimes starting on the line after its key, its lines and
        // closing bracket sometimes at its key's column or less (belgif writes some so).
        const inner = spaces(pick([deeper + 2, deeper + 2, column, 0]));
        const close = spaces(pick([deeper, deeper, column, 0]));
        const json = `{\n${inner}"type": "urn:x",${pick(['', ' # note'])}\n${inner}"n": ${pick(['1', '-2.5', 'true', 'null'])},\n${inner}"list": [\n${inner}  {"k": "v"},\n${inner}  [],\n${inner}]${pick(['', ','])}\n${close}}${trailing()}`;
        return next() < 0.5 ? json : `\n${spaces(deeper)}${json}`;
      }
      default:
        if (anchors.length === 0) return 'plain';
        return `*${pick(anchors)}${trailing()}`;
    }
  };
  const block = (indent: number, depth: number): void => {
    const size = 1 + Math.floor(next() * 4);
    const keys = new Set<string>();
    for (let i = 0; i < size; i++) {
      let key = pick([
        'k',
        'key',
        'x-ext',
        '/path/{id}',
        'a b',
        'application/json',
        '"quoted"',
        "'single'",
        '"with: colon"',
        `k${i}`,
        '200',
        '0x1F',
        'true',
      ]);
      if (keys.has(key)) key = `${key.replace(/["']/g, '')}${i}`;
      keys.add(key);
      const explicit = next() < 0.08 && !/^\d|^0x|^true$/.test(key);
      lines.push(
        explicit
          ? `${gap(indent)}${spaces(indent)}? ${key}\n${spaces(indent)}:`
          : `${gap(indent)}${spaces(indent)}${key}${pick(['', '', ' '])}:`,
      );
      const anchor = next() < 0.1 ? `a${anchors.length}` : undefined;
      const roll = next();
      if (depth > 0 && roll < 0.3) {
        lines[lines.length - 1] += `${anchor ? ` &${anchor}` : ''}${trailing()}`;
        block(indent + 1 + Math.floor(next() * 3), depth - 1);
      } else if (depth > 0 && roll < 0.5) {
        lines[lines.length - 1] += `${anchor ? ` &${anchor}` : ''}${trailing()}`;
        list(next() < 0.4 ? indent : indent + 2, depth - 1);
      } else if (roll < 0.55) {
        lines[lines.length - 1] += trailing();
        continue;
      } else {
        lines[lines.length - 1] += ` ${anchor ? `&${anchor} ` : ''}${scalar(indent)}`;
      }
      if (anchor) anchors.push(anchor);
    }
  };
  const list = (indent: number, depth: number): void => {
    const size = 1 + Math.floor(next() * 3);
    for (let i = 0; i < size; i++) {
      const roll = next();
      if (depth > 0 && roll < 0.3) {
        lines.push(`${gap(indent)}${spaces(indent)}- ${pick(['k', 'name'])}: ${scalar(indent + 2)}`);
        if (next() < 0.5) lines.push(`${spaces(indent + 2)}other: ${scalar(indent + 2)}`);
      } else if (depth > 0 && roll < 0.4) {
        lines.push(`${gap(indent)}${spaces(indent)}-`);
        block(indent + 2, depth - 1);
      } else if (roll < 0.5) {
        lines.push(`${gap(indent)}${spaces(indent)}-${trailing()}`); // an empty item: null
      } else {
        lines.push(`${gap(indent)}${spaces(indent)}- ${scalar(indent)}`);
      }
    }
  };
  block(0, 3);
  return `${lines.join('\n')}${pick(['', '\n', '\n\n', '\n  '])}`;
}

describe('the direct reader', () => {
  it.each([
    [
      'plain scalars over several lines, with blank lines and trailing comments',
      'a: one\n  two   \n\n  three # note\nb: x\n  - y\n  "z" [w]\n',
    ],
    [
      'quoted scalars folded over lines, escapes, escaped line breaks',
      "a: \"one\n  two  \n\n  three\\\n   four \\t\\x41\\u00e9\\U0001F600\"\nb: 'it''s\n  folded'\n",
    ],
    [
      'literal and folded scalars with every chomping, at the end of the text too',
      'a: |\n  x\n\n  y\n\nb: |-\n  x\n\nc: |+\n  x\n\n\nd: >\n  x\n  y\n\n  z\n    more\n  back\ne: >-\n  x\nf: >+\n  x\n\n',
    ],
    [
      'block scalars: leading blank lines, whitespace-only lines, comments inside and after',
      'a: |\n\n  x\n    \n  # not a comment\n# a comment\nb: >\n\n  x\n   y\n',
    ],
    [
      'block scalars with an indentation indicator, in a map and in a list',
      'a: |2\n    x\n   y\nb: >1\n  x\nc:\n  - |1\n     t\n  - >2-\n      u\n',
    ],
    ['a block scalar last, without a line end', 'a: |+\n  x\n  '],
    ["lists at the key's column, lists of lists, maps in lists", 'a:\n- 1\n- - x\n  - y\n- k: v\n  l:\n  - z\nb: 2\n'],
    [
      'flow collections on one line, nested and empty',
      'a: [1, "two", \'three\', {k: v, l: [x]}, [], {}]\nb: {a: 1, "b c": [2]}\nc: []\n',
    ],
    [
      'JSON examples: flow collections over lines, after their key or on the next lines, with comments and trailing commas',
      'a: [1,\n  2]\nexample:\n  {\n    "type": "urn:x", # a note\n    "n": 12,\n    "list": [\n      {"k": true},\n      [],\n    ],\n  }\nb: {\n  "x": 1, }\n',
    ],
    [
      'scalars on the lines after their key',
      'a:\n  text on\n  two lines\nb:\n  "quoted"\nc:\n  |\n  block\nd:\n    12\n',
    ],
    [
      'anchors and aliases on maps, lists and scalars',
      'a: &m\n  k: [1, 2]\nb: *m\nc: &s text\nd:\n  - *s\n  - &l\n    - 1\n  - *l\n',
    ],
    [
      'empty values, comments between keys, keys with spaces before the colon',
      'a:\n# c\nb:   # c\n  c: 1\nd :\n"e f" : 2\n',
    ],
    ['tabs inside text', 'a: x\ty\nb: "x\ty"\nc: |\n  \tx\n'],
    ['non-ASCII keys and values', 'ключ: значение\n"ü": ✓\n'],
    ['a list document', '- a\n- b: 1\n'],
    [
      'scalars led by a dash in flow collections: negative numbers in JSON examples',
      'a: {"n": -1, "m": [-2.5, -x, a-b, --c]}\n',
    ],
    [
      "flow collections over lines less indented than their block, closed at their key's column or before (belgif writes examples so)",
      'a:\n  b: [1,\n  2]\n  example: {\n    "testRequest" : {\n      "k": "v"\n    }\n  }\n  c: [\nx,\n  {y: 1}\n]\n  d:\n    - {\n      "k": 1\n    }\n    - [1\n  ]\ne: 1\n',
    ],
    [
      'empty list items first, between, last, with comments and spaces after the dash (a null in an enum)',
      'a:\n  -\n  - x\n  -   # note\n\n  - y\n  -\nb:\n- 1\n-\nc:\n  enum:\n    - day\n    -\n',
    ],
    ['an empty list item last in the text, without a line end', 'a:\n  enum:\n    - day\n    -'],
    ['an empty list item last, a comment after it', 'a:\n  - x\n  -\n# end\n'],
    ['a list document of empty items', '-\n- \n-'],
    ['empty items in a list in a list', '- - x\n  -\n  - z\n- y\n- -\n  -'],
    ['a list document ending with an empty item in a list', '- x\n- - y\n  -'],
    [
      'explicit keys (js-yaml writes long keys so), their values on the next line or after the colon',
      'a:\n  ? long.key.name\n  : type: object\n    x: 1\n  ? "quoted key"\n  :\n    - 1\n  ? k3 # note\n  : |\n    text\n  ? k4\n  : [1]\n  b: 2\n? top\n: v\n',
    ],
    [
      'keys that are numbers or booleans (warnings), response codes among them',
      'responses:\n  200:\n    description: ok\n  "201": made\n  true: t\n  1.5: f\n  0x1F: hex\n  123456789012345678901234567890: big\nlist:\n  - 404: x\n    k:\n      - 2: y\n',
    ],
  ])('reads %s as the stock parse does', (_name, text) => {
    expect(readSimpleYaml(text)).toBeDefined();
    expect(difference(text)).toBeNull();
  });

  it.each([
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['null keys', 'a:\n  ~: x\n'],
    ['an explicit key that is a map', '? {a: 1}\n: x\n'],
    ['an explicit key without a value', '? k\nb: 1\n'],
    [
      'an anchor before a scalar or a flow on the next line (an alias of it reads `{}` there)',
      'a: &x\n  text\nb: *x\nc: &y\n  {"k": 1}\nd: *y\n',
    ],
    ['merge keys', 'a: &b {x: 1}\nc:\n  <<: *b\n'],
    ['tags', 'a: !!str 1\n'],
    ['two documents', 'a: 1\n---\nb: 2\n'],
    ['a document start', '---\na: 1\n'],
    ['a flow collection whose line goes on with a plain scalar', 'a: [x\n  y]\n'],
    ['a dash after an empty list item, at another column (the stock parse takes it into the list)', 'a:\n  -\n- x\n'],
    ['a dash after an empty item of a list in a list', '- -\n- x\n'],
    ["a dash after an empty item of a list in a list, at the outer list's column", '- - x\n  -\n- y\n'],
    ['a document end marker inside a flow collection', 'a: {\n...\n}\n'],
    ['a dash and a space inside a flow collection', 'a: [- x]\n'],
    ['a dash before a flow indicator', 'a: [-, 1]\n'],
    ['a key and its colon on two lines of a flow collection', 'a: {"x"\n  : 1}\n'],
    ['a tab in the indentation', 'a:\n\tb: 1\n'],
    ['Windows line ends', 'a: 1\r\n'],
    ['a scalar document', 'text\n'],
    ['an undefined alias', 'a: *x\n'],
    ['an alias inside its own anchor', 'a: &s\n  b: *s\n'],
    ['a key and a value on one line of a list item with an anchor', '- &a k: v\n'],
    ['a syntax error', 'a: [1, 2\nb: 3\n'],
    ['bad indentation', 'a:\n  b: 1\n c: 2\n'],
    ['a value after a value', 'a: b: c\n'],
  ])('gives up on %s, and the walk answers as the stock parse does', (_name, text) => {
    expect(readSimpleYaml(text)).toBeUndefined();
    expect(difference(text)).toBeNull();
  });

  /** `count` documents from `generate` (YAML_FUZZ_DOCUMENTS for more), each as the stock parse reads it; most read directly. */
  function fuzz(generate: (seed: number) => string, count: number, directShare: number): void {
    const documents = Number(process.env.YAML_FUZZ_DOCUMENTS ?? count); // more: YAML_FUZZ_DOCUMENTS=20000 npx vitest run test/lint/engine/yaml.test.ts
    let read = 0;
    for (let seed = 1; seed <= documents; seed++) {
      const text = generate(seed);
      if (readSimpleYaml(text)) read++;
      expect.soft(difference(text), `seed ${seed}:\n${text}`).toBeNull();
    }
    // Enough of them go the direct way that this compares the reader, not only the stock parser with itself.
    expect(read).toBeGreaterThan(documents * directShare);
  }

  it('reads documents the yaml package writes in random styles as the stock parse does', () => {
    fuzz(randomDocument, 400, 1 / 2);
  });

  it('reads documents laid out at random as the stock parse does', () => {
    fuzz(randomLayout, 600, 1 / 4);
  });

  it('read the fixtures, rule cases and generated documents above directly, mostly', () => {
    expect(places.filter((p) => p === 'direct').length).toBeGreaterThan(200);
  });
});
