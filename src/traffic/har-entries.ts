// The entries of a HAR file, one at a time, from a byte stream: a scanner finds where each element of
// `log.entries` starts and ends (strings and escapes respected) and JSON.parse reads that element alone.
// stream-json's token-level parser did the same at about 5 MB/s here, so a 1 GB recording took minutes just to
// read (docs/performance.md#judging-recorded-traffic); this reads at JSON.parse's speed, memory bounded by one entry.
const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  COLON = 0x3a,
  COMMA = 0x2c;
const OPEN_OBJECT = 0x7b,
  CLOSE_OBJECT = 0x7d,
  OPEN_ARRAY = 0x5b,
  CLOSE_ARRAY = 0x5d;

/** Not JSON, or no `log.entries` array where HAR has it. */
export class HarSyntaxError extends Error {
  override readonly name = 'HarSyntaxError';
}

/** Largest single entry read; a bigger one is no HAR entry a browser or test tool writes. */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/**
 * Yields each element of `log.entries` parsed. Keys are read only on the way down to the array (root, `log`);
 * everything else at those levels (pages, creator) is skipped without being kept.
 */
export async function* harEntries(chunks: AsyncIterable<Buffer>): AsyncGenerator<unknown> {
  // Containers open above the current byte: 'o' object, 'a' array. Depth 0 is outside the root.
  const stack: string[] = [];
  // The key of the value being read at depth 1 and 2 (only those matter to find log.entries).
  const keys: Array<string | undefined> = [];
  let inString = false;
  let escaped = false;
  let keyBytes: number[] | undefined; // collecting a key at depth 1 or 2
  let expectKey = false;
  let inEntries = false; // inside log.entries (the array is at depth 3)
  let parts: Buffer[] = []; // the current element's bytes so far
  let elementStart = -1; // where the element began in the current chunk
  let elementBytes = 0;
  let sawEntries = false;

  for await (const chunk of chunks) {
    if (elementStart === -2) elementStart = 0; // an element goes on from the last chunk
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (inString) {
        if (!escaped && !keyBytes) {
          // Most of a HAR is string content (bodies): jump to the next quote or backslash.
          const quote = chunk.indexOf(QUOTE, i);
          const slash = chunk.indexOf(BACKSLASH, i);
          const next = quote < 0 ? slash : slash < 0 ? quote : Math.min(quote, slash);
          if (next < 0) {
            i = chunk.length - 1;
            continue;
          }
          i = next;
          if (chunk[i] === BACKSLASH) {
            escaped = true;
            continue;
          }
          inString = false;
          continue;
        }
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) {
          inString = false;
          if (keyBytes) {
            keys[stack.length] = Buffer.from(keyBytes).toString('utf8');
            keyBytes = undefined;
          }
        } else if (keyBytes) keyBytes.push(byte);
        continue;
      }
      if (byte === QUOTE) {
        inString = true;
        if (expectKey && stack.length <= 2 && !inEntries) keyBytes = [];
        expectKey = false;
        if (inEntries && stack.length === 3 && elementStart < 0) elementStart = i;
        continue;
      }
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (inEntries && stack.length === 3 && elementStart < 0) elementStart = i;
        const entering =
          stack.length === 2 &&
          byte === OPEN_ARRAY &&
          stack[0] === 'o' &&
          stack[1] === 'o' &&
          keys[1] === 'log' &&
          keys[2] === 'entries';
        stack.push(byte === OPEN_OBJECT ? 'o' : 'a');
        expectKey = byte === OPEN_OBJECT;
        if (entering) {
          inEntries = true;
          sawEntries = true;
        }
        continue;
      }
      if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (stack.pop() === undefined) throw new HarSyntaxError('unbalanced brackets');
        if (inEntries && stack.length === 2) {
          inEntries = false;
          continue;
        }
        if (inEntries && stack.length === 3 && elementStart >= 0) {
          parts.push(chunk.subarray(elementStart, i + 1));
          yield parseElement(parts);
          parts = [];
          elementStart = -1;
          elementBytes = 0;
        }
        continue;
      }
      if (byte === COMMA) {
        if (stack.at(-1) === 'o') expectKey = true;
        if (inEntries && stack.length === 3 && elementStart >= 0) {
          // A scalar element (not an entry): ends at the comma.
          parts.push(chunk.subarray(elementStart, i));
          yield parseElement(parts);
          parts = [];
          elementStart = -1;
          elementBytes = 0;
        }
        continue;
      }
      if (byte === COLON) {
        expectKey = false;
        continue;
      }
      if (inEntries && stack.length === 3 && elementStart < 0 && byte > 0x20) elementStart = i;
    }
    if (elementStart >= 0) {
      parts.push(chunk.subarray(elementStart));
      elementBytes += chunk.length - elementStart;
      if (elementBytes > MAX_ENTRY_BYTES)
        throw new HarSyntaxError(`an entry is larger than ${MAX_ENTRY_BYTES / 1024 / 1024} MB`);
      elementStart = -2;
    }
  }
  if (stack.length > 0 || inString) throw new HarSyntaxError('the file ends inside a JSON value');
  if (!sawEntries) throw new HarSyntaxError('no log.entries array');
}

function parseElement(parts: Buffer[]): unknown {
  const text = (parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts)).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HarSyntaxError(`an entry is not JSON (${(error as Error).message})`);
  }
}
