// Records the reference server's answers to the measured paths and starts the bare server that replays
// them, so both servers send the same bytes and the comparison measures only per-request work.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startChild } from './measure.mjs';

const here = new URL('.', import.meta.url).pathname;
// Node writes these itself on every response; replaying them would double them.
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** GETs each path on `server` and keeps status, headers (minus node's own) and body: { basePath, responses }. */
export async function recordResponses(server, paths) {
  const { origin, pathname } = new URL(server.url);
  const base = pathname.replace(/\/$/, '');
  const responses = [];
  for (const path of new Set(paths)) {
    const { statusCode, headers, body } = await request(origin + base + path);
    const text = await body.text();
    if (statusCode !== 200) throw new Error(`GET ${path} answered ${statusCode}`);
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !NODE_OWN.has(name)));
    responses.push({ path, status: statusCode, headers: kept, body: text });
  }
  return { basePath: base, responses };
}

/** Starts the bare replaying server for `recorded`; its url carries the same base path as the reference. */
export async function startBare(recorded, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-bare-'));
  const file = join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(recorded));
  try {
    const child = await startChild(`${here}bare-server.mjs`, [file], options);
    return { ...child, url: child.url + recorded.basePath };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
