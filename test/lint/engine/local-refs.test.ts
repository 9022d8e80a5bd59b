// The local $ref resolver (src/lint/engine/local-refs.ts) must give what Spectral's resolver gives: the same
// resolved data, with the same objects shared between places (rules tell components from inline
// copies by identity), the same refMap (findings are located through it) and no errors, or hand
// the document to Spectral's resolver. Proven on every fixture document and on edge cases.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globSync } from 'tinyglobby';
import { stringify } from 'yaml';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { localFirstResolver, type ResolveResult, type SpectralResolver } from '../../../src/lint/engine/local-refs.js';
import { IndexedJson, IndexedYaml } from '../../../src/lint/engine/positions.js';
import { PACKAGE_ROOT } from '../../../src/core/util/version.js';
import { generateLargeDocument } from '../../../bench/lib/large-document.mjs';
import { namedCases } from '../all-cases.js';

/** Where the structures differ (values, key order, or which places share one object), or null. */
function shapeDifference(a: unknown, b: unknown): string | null {
  const pairs = new Map<object, object>();
  const back = new Map<object, object>();
  const stack: Array<[unknown, unknown, string]> = [[a, b, '#']];
  while (stack.length > 0) {
    const [x, y, at] = stack.pop() as [unknown, unknown, string];
    if (typeof x !== 'object' || x === null) {
      if (!Object.is(x, y)) return `value at ${at}`;
      continue;
    }
    if (typeof y !== 'object' || y === null) return `object against value at ${at}`;
    if (pairs.has(x) || back.has(y)) {
      if (pairs.get(x) !== y) return `sharing at ${at}`;
      continue;
    }
    pairs.set(x, y);
    back.set(y, x);
    if (Array.isArray(x) !== Array.isArray(y)) return `array against object at ${at}`;
    const keys = Object.keys(x);
    if (keys.join('\0') !== Object.keys(y).join('\0')) return `keys at ${at}`;
    for (const key of keys)
      stack.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], `${at}/${key}`]);
  }
  return null;
}

const parse = (file: string, text: string) => (file.endsWith('.json') ? IndexedJson : IndexedYaml).parse(text).data;
const readers = { file: { resolve: async (uri: { href(): string }) => readFileSync(uri.href(), 'utf8') } };
const parseResolveResult = async (o: { result: unknown; targetAuthority: { href(): string } }) => {
  o.result = parse(o.targetAuthority.href(), String(o.result));
  return o;
};

async function both(file: string, text: string) {
  const options = { baseUri: file, parseResolveResult };
  const stock = (await new Resolver({ resolvers: readers }).resolve(
    parse(file, text),
    options as never,
  )) as unknown as ResolveResult;
  const local = localFirstResolver(new Resolver({ resolvers: readers }) as unknown as SpectralResolver);
  const mine = await local.resolve(parse(file, text), options);
  const refMap = (r: ResolveResult) => JSON.stringify(r.graph.getNodeData(file).refMap);
  const errors = (r: ResolveResult) =>
    JSON.stringify(
      (r.errors as Array<{ code: string; message: string; path: unknown }>).map((e) => [e.code, e.message, e.path]),
    );
  return {
    local: local.resolvedLocally === 1,
    shape: shapeDifference(stock.result, mine.result),
    refMap: [refMap(stock), refMap(mine)],
    errors: [errors(stock), errors(mine)],
    refs: Object.keys(stock.refMap).length,
  };
}

const fixtures = globSync(['test/fixtures/**/*.{yaml,yml,json}'], { cwd: PACKAGE_ROOT, absolute: true }).sort();
const ruleCases = await namedCases();
// Rule cases are resolved as the rule tests lint them: from a file beside the fixtures they reference.
const CASE_FILE = join(PACKAGE_ROOT, 'test/fixtures/lint/case.yaml');

describe('local $ref resolution', () => {
  it("gives what Spectral's resolver gives on every fixture document, and resolves most of them itself", async () => {
    let local = 0;
    let refs = 0;
    for (const file of fixtures) {
      const r = await both(file, readFileSync(file, 'utf8'));
      expect.soft(r.shape, file).toBeNull();
      expect.soft(r.refMap[1], file).toBe(r.refMap[0]);
      expect.soft(r.errors[1], file).toBe(r.errors[0]);
      if (r.local) {
        local++;
        refs += r.refs;
      }
    }
    expect(fixtures.length).toBeGreaterThan(30);
    expect(local).toBeGreaterThan(fixtures.length / 2);
    expect(refs).toBeGreaterThan(10);
  }, 120_000);

  it("gives what Spectral's resolver gives on every lint rule case", async () => {
    let local = 0;
    for (const { name, document } of ruleCases) {
      const r = await both(CASE_FILE, stringify(document));
      expect.soft(r.shape, name).toBeNull();
      expect.soft(r.refMap[1], name).toBe(r.refMap[0]);
      expect.soft(r.errors[1], name).toBe(r.errors[0]);
      if (r.local) local++;
    }
    expect(ruleCases.length).toBeGreaterThan(200);
    expect(local).toBeGreaterThan(ruleCases.length / 2);
  }, 120_000);

  it('gives the same on a generated document of a hundred resources', async () => {
    const file = join(PACKAGE_ROOT, 'test/fixtures/lint/generated-100.yaml'); // not written: the resolver reads no file for local refs
    const r = await both(file, stringify(generateLargeDocument(100)));
    expect(r.local).toBe(true);
    expect(r.refs).toBeGreaterThan(500);
    expect(r.shape).toBeNull();
    expect(r.refMap[1]).toBe(r.refMap[0]);
  });

  const cases: Array<{ name: string; doc: unknown; local: boolean }> = [
    {
      name: 'a chain of $refs and one target shared by many',
      local: true,
      doc: {
        paths: {
          '/a': { get: { responses: { default: { $ref: '#/components/responses/P' } } } },
          '/b': { get: { responses: { default: { $ref: '#/components/responses/P' } } } },
        },
        components: {
          responses: { P: { content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } } },
          schemas: {
            A: { $ref: '#/components/schemas/B' },
            B: { type: 'object', properties: { c: { $ref: '#/components/schemas/C' } } },
            C: { type: 'string' },
          },
        },
      },
    },
    {
      name: 'recursive and mutually recursive schemas',
      local: true,
      doc: {
        components: {
          schemas: {
            Node: {
              properties: {
                next: { $ref: '#/components/schemas/Node' },
                other: { $ref: '#/components/schemas/Other' },
              },
            },
            Other: { items: { $ref: '#/components/schemas/Node' } },
          },
        },
        paths: {
          '/n': {
            get: { responses: { 200: { content: { 'a/b': { schema: { $ref: '#/components/schemas/Node' } } } } } },
          },
        },
      },
    },
    {
      name: 'a $ref to an ancestor of itself',
      local: true,
      doc: {
        components: {
          schemas: {
            Self: { properties: { me: { $ref: '#/components/schemas/Self' } } },
            Up: { items: { items: { $ref: '#/components/schemas/Up/items' } } },
          },
        },
      },
    },
    {
      name: 'a $ref through another $ref',
      local: true,
      doc: {
        components: {
          schemas: {
            A: { $ref: '#/components/schemas/B' },
            B: { properties: { x: { type: 'integer' } } },
            D: { $ref: '#/components/schemas/A/properties/x' },
          },
        },
      },
    },
    {
      name: 'keys with / ~ % and spaces, and $refs in arrays',
      local: true,
      doc: {
        paths: {
          '/a/{id}': {
            parameters: [{ $ref: '#/components/parameters/a~1b' }, { $ref: '#/components/parameters/with%20space' }],
          },
        },
        components: {
          parameters: { 'a/b': { name: 'x', in: 'query' }, 'with space': { name: 'y', in: 'query' } },
          schemas: { 'p%q': { allOf: [{ $ref: '#/components/schemas/t~0u' }] }, 't~u': { type: 'string' } },
        },
      },
    },
    {
      name: 'a $ref to a value that is not an object',
      local: true,
      doc: { 'x-value': 'text', components: { schemas: { S: { description: { $ref: '#/x-value' } } } } },
    },
    {
      name: 'a missing target (invalid-ref, from the stock resolver)',
      local: false,
      doc: { components: { schemas: { S: { $ref: '#/components/schemas/Missing' } } } },
    },
    {
      name: 'a $ref that is not a JSON pointer',
      local: false,
      doc: { components: { schemas: { S: { $ref: '#Missing' } } } },
    },
    { name: 'a $ref to the whole document', local: false, doc: { components: { schemas: { S: { $ref: '#' } } } } },
    {
      name: 'an external $ref (read and parsed by the stock resolver)',
      local: false,
      doc: { components: { schemas: { S: { $ref: 'common.yaml#/Thing' } } } },
    },
  ];

  it.each(cases)('$name', async ({ doc, local }) => {
    const file = resolve(PACKAGE_ROOT, 'test/fixtures/lint/local-refs-case.yaml');
    const r = await both(file, stringify(doc));
    expect(r.local).toBe(local);
    expect(r.shape).toBeNull();
    expect(r.refMap[1]).toBe(r.refMap[0]);
    expect(r.errors[1]).toBe(r.errors[0]);
  });
});
