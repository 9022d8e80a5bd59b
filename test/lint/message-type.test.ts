// async-svctype's message type test (isMessageType) matches exactly what the expression it replaced
// matched, read segment by segment instead: that expression tried each `.v<n>.` of a failing value
// as the end of the service, every time from the start, so its time grew with the square of the
// value's length (0.3 s at 40 kB, half a minute at 400 kB). Proven equal on every type built from
// up to six segments of a table, and on every string of up to seven characters; then a value of a
// megabyte, over which the old expression took three and a half minutes, is judged.
import { describe, expect, it } from 'vitest';
import { isMessageType } from '../../rulesets/rules/events/support/messages.js';
import { lintObject } from '../../src/lint/index.js';
import { sequences } from '../helpers/strings.js';

/** The expression as it was. */
const OLD_TYPE = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-zA-Z0-9]*\.v\d+)(?:\.[a-z][a-zA-Z0-9]*){2,}$/;

function compare(values: Iterable<string>): { compared: number; matching: number; differing: string[] } {
  let compared = 0;
  let matching = 0;
  const differing: string[] = [];
  for (const value of values) {
    compared++;
    const expected = OLD_TYPE.test(value);
    if (expected) matching++;
    if (isMessageType(value) !== expected && differing.length < 10) differing.push(value);
  }
  return { compared, matching, differing };
}

function* joined(segments: readonly string[], max: number): Generator<string> {
  let level = [''];
  for (let count = 1; count <= max; count++) {
    level = level.flatMap((prefix) => segments.map((s) => (count === 1 ? s : `${prefix}.${s}`)));
    yield* level;
  }
}

describe('message type (async-svctype)', () => {
  it('matches what the old expression matches, on every type of up to six segments from a table', () => {
    // each kind of segment: prefix-only (digits, hyphens), lowerCamelCase, a major version (which is
    // both of those), upper case first, empty, and near-versions
    const segments = ['be', '1', 'a-b', 'aB', 'v1', 'v12', 'V1', 'v', 'Ab', ''];
    const { compared, matching, differing } = compare(joined(segments, 6));
    expect(differing).toEqual([]);
    expect(compared).toBe(1_111_110);
    expect(matching).toBeGreaterThan(10_000); // both directions are exercised
  });

  it('matches what the old expression matches, on every string of up to seven characters', () => {
    const { compared, matching, differing } = compare(sequences(['a', 'v', '1', 'B', '-', '.'], 7));
    expect(differing).toEqual([]);
    expect(compared).toBe(335_923);
    expect(matching).toBe(0); // the shortest type is 10 characters (a.b.v1.c.d): every one must fail
  });

  it('judges a megabyte-long value at once (the old expression: three and a half minutes)', () => {
    const repeated = '.b.v1'.repeat(200_000);
    expect(isMessageType(`a${repeated}.X`)).toBe(false);
    expect(isMessageType(`a${repeated}.c.d`)).toBe(true);
    expect(isMessageType(`a${repeated}`)).toBe(true); // ...b.v1.b.v1: two camel segments after a version
  });

  it('a message whose type is a long repetition (220 kB) lints and gets its finding (the old expression: 5 s)', async () => {
    const type = `be.example${'.meeting.v1'.repeat(20_000)}.Canceled`;
    const report = await lintObject({
      openapi: '3.0.3',
      info: { title: 'Events', version: '1.0', description: 'Events.' },
      paths: {},
      components: {
        schemas: {
          MeetingCanceled: {
            type: 'object',
            required: ['specversion', 'id', 'type', 'source', 'service'],
            properties: {
              specversion: { type: 'string' },
              id: { type: 'string' },
              source: { type: 'string' },
              service: { type: 'string', example: 'be.example.meeting.v1' },
              type: { type: 'string', enum: [type] },
            },
          },
        },
      },
    });
    const messages = report.findings.filter((f) => f.code === 'async-svctype').map((f) => f.message);
    expect(messages).toEqual([
      expect.stringMatching(/^Message type "be\.example\.meeting\.v1\.meeting.*\.Canceled" should be </),
    ]);
  });
});
