// The major version of a document (api-version): info.version's first number, else the /vN of
// its servers' base URLs; and a finding when the new version makes the two disagree.
import type { Differ } from './differ.js';
import { isObject } from '../openapi/json.js';
import { type Node, type Side } from './nodes.js';

const infoMajor = (side: Side): number | undefined => {
  const version = side.at(side.root, 'info', 'version').value;
  const match = /^\s*v?(\d+)(?:[.\-+]|\s*$)/.exec(String(version ?? ''));
  return match ? Number(match[1]) : undefined;
};

function serverMajors(side: Side): Array<{ major: number; node: Node }> {
  const servers = side.at(side.root, 'servers');
  if (!Array.isArray(servers.value)) return [];
  const out: Array<{ major: number; node: Node }> = [];
  servers.value.forEach((server, i) => {
    const match = isObject(server) && typeof server.url === 'string' ? /\/v(\d+)(?:\/|$)/.exec(server.url) : null;
    if (match) out.push({ major: Number(match[1]), node: side.child(side.child(servers, i), 'url') });
  });
  return out;
}

export function majorVersion(side: Side): number | undefined {
  return infoMajor(side) ?? serverMajors(side)[0]?.major;
}

/** The disagreements of a document: each server /vN that differs from info.version's major. */
function mismatches(side: Side): Array<{ server: number; info: number; node: Node }> {
  const major = infoMajor(side);
  if (major === undefined) return [];
  return serverMajors(side)
    .filter((s) => s.major !== major)
    .map((s) => ({ server: s.major, info: major, node: s.node }));
}

/**
 * api-version: the new document's servers /vN disagree with its info.version, and the old one did
 * not already say the same: a condition both versions share is not a change (lint reports it).
 */
export function compareApiVersion(d: Differ): void {
  const before = new Set(mismatches(d.old).map((m) => `${m.server}/${m.info}`));
  const info = d.new_.child(d.new_.at(d.new_.root, 'info'), 'version');
  for (const m of mismatches(d.new_)) {
    if (before.has(`${m.server}/${m.info}`)) continue;
    const oldServer = serverMajors(d.old)[0]?.node ?? d.old.child(d.old.at(d.old.root, 'info'), 'version');
    d.add(
      'api-version-mismatch',
      `server URL ${String(m.node.value)} says major version ${m.server}, info.version ${String(info.value)} says ${m.info}`,
      oldServer,
      m.node,
    );
  }
}
