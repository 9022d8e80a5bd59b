// Two costs Spectral pays that change nothing in what it reports, each reached through a package's
// own files (their `exports` hide them) and applied only when the code has the expected shape;
// otherwise Spectral runs as shipped.
//
// 1. The $ref resolver records every $ref in a dependency graph (dependency-graph) whose
//    addDependency looks an edge up with indexOf before adding it: a component referenced from
//    5,000 places costs 5,000²/2 comparisons (1.2 s of a 4 MB lint). The same check is made with
//    a Set kept beside each edge list; the lists themselves stay as they were.
// 2. Every finding's message goes twice through Spectral's template printer, which builds a new
// expression parser each time even when there is nothing to evaluate: 40,000 findings, 80,000
// parsers. Text without `{{` comes back unchanged from that printer, and `{{error}}` as the error's
// text, so both are answered directly. The printer is reached through spectral-core's own file
// (its `exports` hide it), so this applies only when that file has the expected shape.
// (immer's auto-freeze in the $ref resolver looks like a similar cost, but turning it off makes
// each later update walk the unfrozen tree: slower, measured.)
import { spectralInternal } from './spectral-internals.js';

let tuned = false;

type Print = (input: string, values: unknown) => string;

interface EdgeLists { outgoingEdges: Record<string, string[]>; incomingEdges: Record<string, string[]>; hasNode(node: string): boolean }
type AddDependency = (this: EdgeLists, from: string, to: string) => boolean;

/** Membership sets of edge lists, rebuilt when a list changed length outside addDependency (a removal). */
const members = new WeakMap<string[], Set<string>>();
function addOnce(list: string[], item: string): void {
  let set = members.get(list);
  if (!set || set.size !== list.length) members.set(list, (set = new Set(list)));
  if (set.has(item)) return;
  set.add(item);
  list.push(item);
}

function tuneDependencyGraph(): void {
  const { DepGraph } = (spectralInternal('dependencyGraph') ?? {}) as { DepGraph?: { prototype: { addDependency?: AddDependency } } };
  const stock = DepGraph?.prototype.addDependency;
  if (!DepGraph || typeof stock !== 'function' || !/indexOf\(to\) === -1/.test(String(stock))) return;
  DepGraph.prototype.addDependency = function addDependency(from, to) {
    if (!this.hasNode(from)) throw new Error(`Node does not exist: ${from}`);
    if (!this.hasNode(to)) throw new Error(`Node does not exist: ${to}`);
    addOnce(this.outgoingEdges[from] as string[], to);
    addOnce(this.incomingEdges[to] as string[], from);
    return true;
  };
}

export function tuneSpectral(): void {
  if (tuned) return;
  tuned = true;
  try {
    tuneDependencyGraph();
  } catch {
    // another layout of Spectral's packages: keep the stock graph
  }
  try {
    const messages = spectralInternal('message') as { message?: Print } | undefined;
    const print = messages?.message;
    if (!messages || typeof print !== 'function') return;
    // `{{error}}`, the message of every built-in rule, prints as the printer would: the value as text.
    messages.message = (input, values) => {
      if (input === '{{error}}' && typeof values === 'object' && values !== null && 'error' in values) return String((values as { error: unknown }).error);
      return input.includes('{{') ? print(input, values) : input;
    };
  } catch {
    // another layout of spectral-core: keep the stock printer
  }
}
