// The major version of a document (api-version): info.version's first number, else the /vN of
// its servers' base URLs; and a finding when the two disagree.
import type { Differ } from './differ.js';
import { isObject, type Node, type Side } from './nodes.js';

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

/** api-version: in the new document, every server's /vN agrees with info.version. */
export function compareApiVersion(d: Differ): void {
  const major = infoMajor(d.new_);
  if (major === undefined) return;
  const info = d.new_.child(d.new_.at(d.new_.root, 'info'), 'version');
  for (const server of serverMajors(d.new_)) {
    if (server.major === major) continue;
    const oldServer = serverMajors(d.old)[0]?.node ?? d.old.child(d.old.at(d.old.root, 'info'), 'version');
    d.add('api-version-mismatch', `server URL ${String(server.node.value)} says major version ${server.major}, info.version ${String(info.value)} says ${major}`, oldServer, server.node);
  }
}
