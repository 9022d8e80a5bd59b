import { describe, expect, it } from 'vitest';
import { followLocalRefs, followRefs, MAX_REF_HOPS, refOf } from '../../src/openapi/refs.js';

const doc = {
  paths: { '/employers/{id}': { get: { responses: { '404': { $ref: '#/components/responses/NotFound' } } } } },
  components: {
    responses: {
      NotFound: { description: 'not found' },
      Alias: { $ref: '#/components/responses/Again' },
      Again: { $ref: '#/components/responses/NotFound' },
      Loop: { $ref: '#/components/responses/Loop' },
      A: { $ref: '#/components/responses/B' },
      B: { $ref: '#/components/responses/A' },
      Gone: { $ref: '#/components/responses/Nowhere' },
      Away: { $ref: 'problem-v1.yaml#/components/responses/Problem' },
      ToAway: { $ref: '#/components/responses/Away' },
      Anchor: { $ref: '#problem' },
      ByItem: { $ref: '#/paths/~1employers~1%7Bid%7D/get/responses/404' },
      Sibling: { $ref: '#/components/responses/NotFound', description: 'overridden' },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

describe('followLocalRefs', () => {
  it('returns a value that is no $ref as it is, where it was given', () => {
    const value = { description: 'inline' };
    expect(followLocalRefs(doc, value, ['x'])).toEqual({ source: '', path: ['x'], value });
    expect(followLocalRefs(doc, 'text')).toEqual({ source: '', path: [], value: 'text' });
  });

  it('follows a $ref to where its target lives, and refs to refs to the end', () => {
    expect(followLocalRefs(doc, ref('NotFound'), ['paths', '/x', 'get', 'responses', '404'])).toEqual({
      source: '',
      path: ['components', 'responses', 'NotFound'],
      value: { description: 'not found' },
    });
    expect(followLocalRefs(doc, ref('Alias'))).toMatchObject({
      path: ['components', 'responses', 'NotFound'],
      value: { description: 'not found' },
    });
  });

  it('reads ~1 and percent-encoding in the pointer, through a ref into the paths', () => {
    expect(followLocalRefs(doc, ref('ByItem'))).toMatchObject({
      path: ['components', 'responses', 'NotFound'],
      value: { description: 'not found' },
    });
  });

  it('stops at a cycle, of one $ref or two, with no value', () => {
    expect(followLocalRefs(doc, ref('Loop'))).toMatchObject({
      value: undefined,
      broken: 'cycle',
      path: ['components', 'responses', 'Loop'],
    });
    expect(followLocalRefs(doc, ref('A'))).toMatchObject({ value: undefined, broken: 'cycle' });
  });

  it('has no value for a missing target, or one written as an anchor', () => {
    expect(followLocalRefs(doc, ref('Gone'))).toMatchObject({
      value: undefined,
      broken: 'missing',
      path: ['components', 'responses', 'Nowhere'],
    });
    expect(followLocalRefs(doc, ref('Anchor'))).toMatchObject({ value: undefined, broken: 'missing' });
  });

  it('does not follow a $ref to another file: no value, at the $ref it stopped at', () => {
    expect(followLocalRefs(doc, ref('ToAway'), ['start'])).toEqual({
      source: '',
      path: ['components', 'responses', 'Away'],
      value: undefined,
      broken: 'external',
    });
  });

  it('ignores siblings of $ref, unless asked to follow only bare ones', () => {
    expect(followLocalRefs(doc, ref('Sibling')).value).toEqual({ description: 'not found' });
    const sibling = doc.components.responses.Sibling;
    expect(followLocalRefs(doc, sibling, ['s'], { bareOnly: true })).toEqual({
      source: '',
      path: ['s'],
      value: sibling,
    });
  });

  it('refuses a chain of more than MAX_REF_HOPS distinct $refs, and follows one of exactly that many', () => {
    const chain = (length: number) => {
      const schemas: Record<string, unknown> = { end: { type: 'string' } };
      for (let i = 0; i < length - 1; i++)
        schemas[`s${i}`] = { $ref: `#/schemas/${i + 1 === length - 1 ? 'end' : `s${i + 1}`}` };
      return { schemas };
    };
    const start = { $ref: '#/schemas/s0' };
    expect(followLocalRefs(chain(MAX_REF_HOPS), start)).toMatchObject({
      value: { type: 'string' },
      path: ['schemas', 'end'],
    });
    expect(followLocalRefs(chain(MAX_REF_HOPS + 1), start)).toMatchObject({ value: undefined, broken: 'too-long' });
  });
});

describe('followRefs across files', () => {
  const files = new Map<string, unknown>([
    [
      '/api/openapi.yaml',
      { components: { schemas: { Local: { $ref: '../common/common-v1.yaml#/components/schemas/Shared' } } } },
    ],
    [
      '/common/common-v1.yaml',
      {
        components: {
          schemas: {
            Shared: { $ref: '#/components/schemas/Final' },
            Final: { type: 'object' },
            Back: { $ref: '/api/openapi.yaml#/components/schemas/Local' },
          },
        },
      },
    ],
  ]);
  const reader = {
    dataOf: (source: string) => files.get(source),
    locate: (from: string, file: string) => (file.startsWith('/') ? file : new URL(file, `file://${from}`).pathname),
  };

  it('follows into another file, and local $refs there stay in that file', () => {
    const start = { source: '/api/openapi.yaml', path: ['x'], value: { $ref: '#/components/schemas/Local' } };
    expect(followRefs(start, reader)).toEqual({
      source: '/common/common-v1.yaml',
      path: ['components', 'schemas', 'Final'],
      value: { type: 'object' },
    });
  });

  it('catches a cycle through two files, and a file that was not read', () => {
    const back = { source: '/common/common-v1.yaml', path: [], value: { $ref: '#/components/schemas/Back' } };
    files.set('/api/openapi.yaml', {
      components: { schemas: { Local: { $ref: '../common/common-v1.yaml#/components/schemas/Back' } } },
    });
    expect(followRefs(back, reader)).toMatchObject({ value: undefined, broken: 'cycle' });
    const unread = { source: '/api/openapi.yaml', path: [], value: { $ref: 'missing.yaml#/a' } };
    expect(followRefs(unread, reader)).toEqual({
      source: '/api/missing.yaml',
      path: ['a'],
      value: undefined,
      broken: 'missing',
    });
  });
});

describe('refOf', () => {
  it('is the $ref of an object that has a string one', () => {
    expect(refOf({ $ref: '#/a' })).toBe('#/a');
    expect(refOf({ $ref: 3 })).toBeUndefined();
    expect(refOf([{ $ref: '#/a' }])).toBeUndefined();
    expect(refOf(null)).toBeUndefined();
  });
});
