// What the tests of `restguide serve --openapi` share: exchanges with a served document, read as JSON
// where the answer says it is, and `restguide check` run against the mock with the document on disk.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { main } from '../../src/cli/main.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { captureIo } from './io.js';

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  headers: Awaited<ReturnType<typeof request>>['headers'];
  text: string;
  /** The body parsed, when the answer's media type is JSON (problems included) and it has one. */
  json?: Json;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** A JSON body (sent as `type`, application/json by default), or text sent as it is. */
  body?: Json | unknown[] | string;
  type?: string;
}

/** One request; the answer with its body read. */
export async function send(method: string, url: string, options: SendOptions = {}): Promise<Answer> {
  const { body, type = 'application/json' } = options;
  const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  const headers = {
    ...(body !== undefined && typeof body !== 'string' ? { 'content-type': type } : {}),
    ...options.headers,
  };
  const answer = await request(url, {
    method: method as 'GET',
    headers,
    ...(text === undefined ? {} : { body: text }),
  });
  const read = await answer.body.text();
  const json = read && /json/i.test(String(answer.headers['content-type'])) ? (JSON.parse(read) as Json) : undefined;
  return { status: answer.statusCode, headers: answer.headers, text: read, ...(json === undefined ? {} : { json }) };
}

/** A GET asking for JSON. */
export const get = (url: string, headers: Record<string, string> = {}): Promise<Answer> =>
  send('GET', url, { headers: { accept: 'application/json', ...headers } });

/** Writes `document` as `name` in a directory of its own; its path. */
export async function writeDocument(document: Json, name = 'openapi.json'): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'restguide-mock-')), name);
  await writeFile(file, JSON.stringify(document));
  return file;
}

/** `restguide check <url> --openapi <document> -f json [...args]`: its report. */
export async function checkAgainst(url: string, document: Json | string, args: string[] = []): Promise<CheckReport> {
  const file = typeof document === 'string' ? document : await writeDocument(document);
  const io = captureIo();
  await main(['check', url, '--openapi', file, ...args, '-f', 'json'], io);
  return JSON.parse(io.out) as CheckReport;
}

/** The ids of the checks that failed or errored in `report`. */
export const failingIds = (report: CheckReport): Set<string> =>
  new Set(report.results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.id));
