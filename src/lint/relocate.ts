// Where a finding in a referenced file lands: at the `$ref` in the linted document that brings that
// file's object in, where the user can act on it (and put x-ignore-rules). Works from the $refs each
// document writes: a finding at (file, path) follows back the $refs whose target contains that path,
// through other files and local $refs, until it reaches the linted document.
import { dirname, resolve } from 'node:path';
import { isObject, type JsonPath } from '../openapi/json.js';
import { decodePercent, splitRef } from '../openapi/pointer.js';
import { isUrl } from './read-source.js';

interface RefEdge {
  /** The document writing the $ref, and the path of the object holding it. */
  from: string;
  at: JsonPath;
  /** The document and path it points at. */
  to: string;
  pointer: string[];
}

/** Bounds on the walk, so a pathological document cannot hang the lint. */
const MAX_NODES = 2_000_000;
const MAX_HOPS = 10_000;

/** The absolute location a $ref's file part names, relative to the document writing it; undefined for a fragment that is no pointer. */
function refTarget(fromLocation: string, ref: string): { file: string; pointer: string[] } | undefined {
  const { file, path: pointer } = splitRef(ref);
  if (pointer === undefined) return undefined;
  if (file === '') return { file: fromLocation, pointer };
  // An absolute URL from a local file takes no base (a file path is no URL base: new URL would throw).
  if (isUrl(file)) return { file: URL.canParse(file) ? new URL(file).href : file, pointer };
  if (isUrl(fromLocation))
    return { file: URL.canParse(file, fromLocation) ? new URL(file, fromLocation).href : file, pointer };
  return { file: resolve(dirname(fromLocation), decodePercent(file)), pointer };
}

function refsOf(location: string, data: unknown): RefEdge[] {
  const out: RefEdge[] = [];
  const stack: Array<{ node: unknown; at: JsonPath }> = [{ node: data, at: [] }];
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_NODES) {
    const { node, at } = stack.pop() as { node: unknown; at: JsonPath };
    // Children pushed last-first, so $refs are found in document order (the first $ref wins).
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], at: [...at, i] });
    } else if (isObject(node)) {
      if (typeof node.$ref === 'string') {
        const target = refTarget(location, node.$ref);
        if (target) out.push({ from: location, at, to: target.file, pointer: target.pointer });
      }
      for (const [key, child] of Object.entries(node).reverse())
        if (typeof child === 'object' && child !== null) stack.push({ node: child, at: [...at, key] });
    }
  }
  return out;
}

const startsWith = (path: JsonPath, prefix: string[]): boolean =>
  prefix.length <= path.length && prefix.every((segment, i) => String(path[i]) === segment);

export class RefIndex {
  private readonly edgesByTarget = new Map<string, RefEdge[]>();
  private readonly indexed = new Set<string>();

  constructor(
    readonly rootSource: string,
    private readonly dataOf: (location: string) => unknown,
  ) {}

  private index(location: string): void {
    if (this.indexed.has(location)) return;
    this.indexed.add(location);
    for (const edge of refsOf(location, this.dataOf(location))) {
      const list = this.edgesByTarget.get(edge.to) ?? [];
      list.push(edge);
      this.edgesByTarget.set(edge.to, list);
      this.index(edge.to);
    }
  }

  /**
   * The `$ref`s of the linted document that bring (source, path) in, nearest first, each as the
   * path of its `$ref` key; empty when none is found (the finding stays where it is).
   */
  sitesFor(source: string, path: JsonPath): JsonPath[] {
    this.index(this.rootSource);
    const sites: JsonPath[] = [];
    const seen = new Set<string>();
    const queue: Array<{ source: string; path: JsonPath }> = [{ source, path }];
    for (let hops = 0; queue.length > 0 && hops < MAX_HOPS; hops++) {
      const here = queue.shift() as { source: string; path: JsonPath };
      for (const edge of this.edgesByTarget.get(here.source) ?? []) {
        if (!startsWith(here.path, edge.pointer)) continue;
        const key = `${edge.from}\u0000${edge.at.join('\u0001')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (edge.from === this.rootSource) sites.push([...edge.at, '$ref']);
        else queue.push({ source: edge.from, path: edge.at });
      }
    }
    return sites;
  }
}
