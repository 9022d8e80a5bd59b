// readSource reads a file as one flat string, the text readFile('utf8') gives: ASCII copied as
// Latin-1, anything else decoded as UTF-8 in one piece (readFile decodes a file over 512 kB in pieces).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, readSource } from '../../src/lint/read-source.js';
import { random } from '../helpers/random.js';

const LIMITS = { maxBytes: 32 * 1024 * 1024, timeoutMs: 5_000 };
const dir = mkdtempSync(join(tmpdir(), 'restguide-read-'));

/** Bytes drawn from pieces that include multi-byte characters, a BOM and invalid sequences. */
function bytesOf(seed: number, size: number, pieces: Buffer[]): Buffer {
  const next = random(seed);
  const parts: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const piece = pieces[Math.floor(next() * pieces.length)] as Buffer;
    parts.push(piece);
    length += piece.length;
  }
  return Buffer.concat(parts);
}

const ASCII = ['openapi: 3.0.3\n', '  description: "a\\tb"\n', '\x00\x7f', '# comment\n'].map((s) =>
  Buffer.from(s, 'latin1'),
);
const OTHER = [
  ...ASCII,
  Buffer.from('caf\u00e9 \u20ac \u{1f600}\n', 'utf8'),
  Buffer.from([0xef, 0xbb, 0xbf]), // a BOM
  Buffer.from([0xc3]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf0, 0x9f, 0x98]),
  Buffer.from([0xff, 0xfe]),
  Buffer.from([0x80]),
];

describe('readSource of a file', () => {
  it.each([
    { name: 'ASCII under 512 kB', seed: 1, size: 10_000, pieces: ASCII },
    { name: 'ASCII over 512 kB (read in pieces by readFile)', seed: 2, size: 1_300_000, pieces: ASCII },
    {
      name: 'UTF-8 with multi-byte characters, a BOM and broken sequences, over 512 kB',
      seed: 3,
      size: 1_300_000,
      pieces: OTHER,
    },
    { name: 'the same, another draw', seed: 4, size: 700_000, pieces: OTHER },
  ])('$name: the text readFile(utf8) gives', async ({ seed, size, pieces }) => {
    const bytes = bytesOf(seed, size, pieces);
    const file = join(dir, `doc-${seed}.yaml`);
    writeFileSync(file, bytes);
    const text = await readSource(file, LIMITS);
    expect(text.length).toBeGreaterThan(0);
    expect(text === (await readFile(file, 'utf8'))).toBe(true);
  });

  it('decodes ASCII as Latin-1 and everything else as UTF-8', () => {
    expect(decodeUtf8(Buffer.from('plain: text\n'))).toBe('plain: text\n');
    expect(decodeUtf8(Buffer.from('caf\u00e9: \u{1f600}\n', 'utf8'))).toBe('caf\u00e9: \u{1f600}\n');
    expect(decodeUtf8(Buffer.from([0x61, 0xe9, 0x62]))).toBe('a\ufffdb'); // Latin-1 é is not UTF-8
  });
});
