// The HAR scanner: each element of log.entries, whatever the chunking, the key order or the escapes.
import { describe, expect, it } from 'vitest';
import { harEntries, HarSyntaxError } from '../../src/traffic/har-entries.js';

async function read(text: string, chunkSize: number): Promise<unknown[]> {
  const bytes = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: unknown[] = [];
  for await (const entry of harEntries(chunks())) out.push(entry);
  return out;
}

const ENTRIES = [
  {
    request: { url: 'https://a.test/x?q="}]' },
    response: { content: { text: '{"a":"\\"]}\\\\"}', nested: [[1], { entries: [] }] } },
  },
  { request: { url: 'https://a.test/é' }, response: { status: 204 } },
];

describe('harEntries', () => {
  it('finds log.entries after other members and nested arrays, at any chunk size', async () => {
    const har = JSON.stringify({
      log: {
        version: '1.2',
        creator: { name: 'x', entries: [{ not: 'these' }] },
        pages: [{ id: 'p', entries: [1] }],
        entries: ENTRIES,
      },
    });
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) expect(await read(har, size)).toEqual(ENTRIES);
  });

  it('reads entries before the version, with white space anywhere', async () => {
    const har = `{ "log" : {\n "entries" : [ ${JSON.stringify(ENTRIES[0], null, 2)} ,\n ${JSON.stringify(ENTRIES[1])} ] , "version":"1.2" } }\n`;
    expect(await read(har, 5)).toEqual(ENTRIES);
  });

  it('an empty entries array yields nothing; what is not HAR is a HarSyntaxError', async () => {
    expect(await read('{"log":{"entries":[]}}', 4)).toEqual([]);
    await expect(read('{"log":{"pages":[]}}', 4)).rejects.toThrow(HarSyntaxError);
    await expect(read('{"entries":[{"a":1}]}', 4)).rejects.toThrow(/no log.entries array/);
    await expect(read('{"log":{"entries":[{"a":1}', 4)).rejects.toThrow(/ends inside/);
    await expect(read('{"log":{"entries":[{"a":tru}]}}', 4)).rejects.toThrow(/not JSON/);
  });
});
