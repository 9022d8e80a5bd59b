// Reads a document (the linted one or one its $refs name) from a file or an http(s) URL, with
// a size cap and a timeout, so a huge or slow input fails with one clear line.
import { isAscii } from 'node:buffer';
import { open, stat } from 'node:fs/promises';
import { UsageError } from '../core/util/errors.js';
import { networkReason } from '../core/http/network-reason.js';

/** Default cap on one document: Spectral's YAML parser keeps positions of every node in memory. */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ReadLimits {
  maxBytes: number;
  timeoutMs: number;
}

export const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

const tooLarge = (location: string, limits: ReadLimits) =>
  new UsageError(
    `${location} is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB, the lint size cap (set RESTGUIDE_LINT_MAX_MB to raise it)`,
  );

export async function readSource(location: string, limits: ReadLimits): Promise<string> {
  return isUrl(location) ? readUrl(location, limits) : readFileCapped(location, limits);
}

async function readFileCapped(file: string, limits: ReadLimits): Promise<string> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new UsageError(`${file} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${code ?? (error as Error).message})`,
    );
  }
  if (size > limits.maxBytes) throw tooLarge(file, limits);
  const handle = await open(file, 'r');
  try {
    return decodeUtf8(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/**
 * The text of UTF-8 bytes, as one flat string. readFile('utf8') decodes a file of over 512 kB in
 * pieces and joins them, which the first regular expression then flattens (a copy of the whole text);
 * ASCII, which most descriptions are, is the same text read as Latin-1, copied without decoding.
 */
export function decodeUtf8(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

async function readUrl(url: string, limits: ReadLimits): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(limits.timeoutMs),
      redirect: 'follow',
      headers: { accept: 'application/yaml, application/json;q=0.9, */*;q=0.5' },
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `no answer within ${limits.timeoutMs} ms` : networkReason(error);
    throw new UsageError(`${url}: cannot fetch (${reason})`);
  }
  if (!response.ok) throw new UsageError(`${url}: HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limits.maxBytes) throw tooLarge(url, limits);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limits.maxBytes) {
      await reader.cancel();
      throw tooLarge(url, limits);
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}
