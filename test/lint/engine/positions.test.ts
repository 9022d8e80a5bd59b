// The indexed path lookup gives exactly the stock parsers' ranges: for every path of real
// documents, for paths that stop short (closest), and for YAML's quirks (merge keys, aliases,
// duplicate keys, empty values) and JSON's (duplicate keys, integer-looking keys).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Parsers from '@stoplight/spectral-parsers';
import { describe, expect, it } from 'vitest';
import { IndexedJson, IndexedYaml } from '../../../src/lint/engine/positions.js';

type Path = Array<string | number>;

/** Every path into `data`, and for each object a key it lacks and a path running past a leaf. */
function pathsOf(data: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (typeof data !== 'object' || data === null) {
    out.push([...prefix, 'beyond']);
    return out;
  }
  if (Array.isArray(data)) {
    data.forEach((item, i) => pathsOf(item, [...prefix, i], out));
    out.push([...prefix, data.length], [...prefix, String(0)], [...prefix, -1]);
  } else {
    for (const key of Object.keys(data)) pathsOf((data as Record<string, unknown>)[key], [...prefix, key], out);
    out.push([...prefix, 'no-such-key']);
  }
  return out;
}

function compare(text: string, stock: typeof Parsers.Yaml, indexed: typeof Parsers.Yaml): number {
  const result = stock.parse(text);
  let compared = 0;
  for (const path of pathsOf(result.data)) {
    for (const closest of [false, true]) {
      expect(
        indexed.getLocationForJsonPath(result, path, closest),
        `${JSON.stringify(path)} closest=${closest}`,
      ).toEqual(stock.getLocationForJsonPath(result, path, closest));
      compared++;
    }
  }
  return compared;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('indexed path lookup', () => {
  it('gives the stock range for every path of the YAML fixtures', () => {
    const files = filesUnder('test/fixtures/lint').filter((f) => /\.ya?ml$/.test(f) && !f.includes('malformed'));
    expect(files.length).toBeGreaterThan(20);
    let compared = 0;
    for (const file of files) compared += compare(readFileSync(file, 'utf8'), Parsers.Yaml, IndexedYaml);
    expect(compared).toBeGreaterThan(5_000);
  });

  it('parses to the same data and diagnostics as the stock parsers, as plain objects', () => {
    const yamlFiles = filesUnder('test/fixtures/lint').filter((f) => /\.ya?ml$/.test(f));
    for (const file of yamlFiles) {
      const text = readFileSync(file, 'utf8');
      const [stock, ours] = [Parsers.Yaml.parse(text), IndexedYaml.parse(text)];
      expect(JSON.parse(JSON.stringify(ours.data ?? null)), file).toEqual(
        JSON.parse(JSON.stringify(stock.data ?? null)),
      );
      expect(ours.diagnostics, file).toEqual(stock.diagnostics);
    }
    for (const text of ['{ "a": 1, "a": 2 }', '{ "b": [1, 2, {"c": null}] }', '{ "broken": ']) {
      const [stock, ours] = [Parsers.Json.parse(text), IndexedJson.parse(text)];
      expect(ours.data).toEqual(stock.data);
      expect(ours.diagnostics).toEqual(stock.diagnostics);
    }
    // Plain objects, not key-order proxies: every property read in the rules is a plain read.
    expect(Object.getOwnPropertySymbols(IndexedYaml.parse('a: { b: 1 }').data as object)).toEqual([]);
  });

  it('keeps YAML quirks: merge keys, aliases, duplicate keys, empty values, sequences of nulls', () => {
    const text = [
      'base: &base { a: 1, b: 2 }',
      'more: &more { c: 3 }',
      'merged:',
      '  <<: [*base, *more]',
      '  b: 20',
      'single:',
      '  <<: *base',
      'alias: *base',
      'dup: 1',
      'dup: 2',
      'empty:',
      'list: [1, null, ~, 3]',
      'nested: { x: { y: [ { z: 1 } ] } }',
      '"quoted key": 1',
      '"1": one',
    ].join('\n');
    compare(text, Parsers.Yaml, IndexedYaml);
  });

  it('gives the stock range for every path of JSON documents, duplicate and numeric-looking keys included', () => {
    const documents = [
      JSON.stringify(
        {
          openapi: '3.0.3',
          paths: { '/a': { get: { responses: { 200: { description: 'x' }, '01': { description: 'y' } } } } },
        },
        null,
        2,
      ),
      '{ "a": 1, "a": 2, "": 3, "0": [ 1, { "b": null } ], "c": { "d": [ [ 1 ] ] } }',
      '[ 1, 2, { "x": [ ] } ]',
    ];
    for (const text of documents) compare(text, Parsers.Json as unknown as typeof Parsers.Yaml, IndexedJson);
  });
});
