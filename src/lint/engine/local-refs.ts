// $ref resolution for documents whose $refs are all local (`#/...`): the same algorithm as
// Spectral's resolver (@stoplight/json-ref-resolver's runner and crawler), with the same graphs and
// pointer functions, but without immer. The runner dereferences inside one immer `produce`, where
// every lookup and assignment goes through a Proxy and the result is frozen object by object, a
// large share of a large lint (docs/performance.md). Here the copy-on-write is done directly: a draft per object that
// is reached, copied only when written to, and finalized as immer would (an unmodified draft is the
// original object; a draft assigned to several places is one shared object in the result).
//
// Anything outside what this file reproduces exactly makes it hand the document to the stock
// resolver, which then runs as shipped: by design, an external or non-pointer $ref and a pointer
// that does not parse or does not exist (they become invalid-ref findings, with the stock
// messages); as a fallback, counted (`lint --verbose`), an object reached twice while crawling, a
// write through a value that is not an object, a key lodash's `set` refuses, a $ref to the whole
// document, Spectral's files not where spectral-internals.ts looks, or any error. Two things differ in the result, and
// neither is read by Spectral or restguide: the result is not frozen, and the document graph has
// no node per local target (Spectral reads only the root node's refMap).
import { pathToPointer, pointerToPath, startsWith } from '@stoplight/json';
import type { Fallbacks } from '../../lint-base/mode.js';
import { spectralInternal } from './spectral-internals.js';

type Json = Record<string, unknown>;
type Path = string[];

interface DepGraph {
  hasNode(node: string): boolean;
  addNode(node: string, data?: unknown): void;
  addDependency(from: string, to: string): void;
  getNodeData(node: string): { refMap?: Record<string, string>; data?: unknown };
  overallOrder(): string[];
  dependantsOf(node: string): string[];
  dependenciesOf(node: string): string[];
}
interface Uri {
  toString(): string;
  path(): string;
}
interface Runner {
  root: string;
  graph: DepGraph;
  baseUri: Uri;
}
interface ResolveOptions {
  baseUri?: string;
  parseResolveResult?: unknown;
}
export interface ResolveResult {
  result: unknown;
  graph: DepGraph;
  refMap: Record<string, string>;
  errors: unknown[];
  runner?: unknown;
}
export interface SpectralResolver {
  uriCache: unknown;
  resolve(source: unknown, opts?: ResolveOptions): Promise<ResolveResult>;
}

interface Machinery {
  DepGraph: new (opts: { circular: boolean }) => DepGraph;
  ResolveRunner: new (source: unknown, graph: DepGraph, opts: Json) => Runner;
  ExtendedURI: new (value: string) => Uri;
  uriToJSONPointer(uri: Uri): string;
  uriIsJSONPointer(uri: Uri): boolean;
  addToJSONPointer(pointer: string, part: string): string;
  pointerToPath(pointer: string): Path;
  pathToPointer(path: Path): string;
  startsWith(path: Path, prefix: Path): boolean;
}

let machinery: Machinery | null | undefined;

/** Spectral's own resolver classes and pointer functions, or null when its layout has changed. */
function loadMachinery(): Machinery | null {
  if (machinery !== undefined) return machinery;
  const graph = spectralInternal('dependencyGraph') as { DepGraph?: Machinery['DepGraph'] } | undefined;
  const runner = spectralInternal('refRunner') as { ResolveRunner?: Machinery['ResolveRunner'] } | undefined;
  const uri = spectralInternal('refUri') as { ExtendedURI?: Machinery['ExtendedURI'] } | undefined;
  const utils = spectralInternal('refUtils') as Partial<Machinery> | undefined;
  const found = {
    DepGraph: graph?.DepGraph,
    ResolveRunner: runner?.ResolveRunner,
    ExtendedURI: uri?.ExtendedURI,
    uriToJSONPointer: utils?.uriToJSONPointer,
    uriIsJSONPointer: utils?.uriIsJSONPointer,
    addToJSONPointer: utils?.addToJSONPointer,
    // the resolver's own @stoplight/json (the same package restguide depends on)
    pointerToPath: pointerToPath as (pointer: string) => Path,
    pathToPointer: pathToPointer as (path: Path) => string,
    startsWith: startsWith as (path: Path, prefix: Path) => boolean,
  };
  machinery = Object.values(found).every((f) => typeof f === 'function') ? (found as Machinery) : null;
  return machinery;
}

/** A node's edges, in the order they were added; a set beside a list once it is long enough to need one. */
class Edges {
  readonly outgoing: string[] = [];
  readonly incoming: string[] = [];
  private outgoingSet: Set<string> | undefined;
  private incomingSet: Set<string> | undefined;

  /** Adds `node` to the outgoing (or incoming) list unless it is there; most lists hold one or two. */
  add(list: 'outgoing' | 'incoming', node: string): void {
    const nodes = this[list];
    const setKey = list === 'outgoing' ? 'outgoingSet' : 'incomingSet';
    const set = this[setKey];
    if (set === undefined) {
      if (nodes.includes(node)) return;
      nodes.push(node);
      if (nodes.length > 16) this[setKey] = new Set(nodes);
      return;
    }
    if (set.has(node)) return;
    set.add(node);
    nodes.push(node);
  }
}

/**
 * The crawler's pointer graphs, with dependency-graph's semantics and orders (the order decides
 * which $ref is replaced first), over a Map: DepGraph keeps its nodes as object keys, checks each
 * edge with indexOf and tests `result.indexOf` for every node in overallOrder. A node is one object
 * (its two edge lists): the stem graph of a large document has tens of thousands of nodes.
 */
class PointerGraph {
  private readonly nodes = new Map<string, Edges>();

  hasNode(node: string): boolean {
    return this.nodes.has(node);
  }

  addNode(node: string): void {
    if (!this.nodes.has(node)) this.nodes.set(node, new Edges());
  }

  addDependency(from: string, to: string): void {
    const source = this.nodes.get(from);
    const target = this.nodes.get(to);
    if (!source || !target) throw new Error(`Node does not exist: ${source ? to : from}`);
    source.add('outgoing', to);
    target.add('incoming', from);
  }

  /** dependency-graph's createDFS with `circular: true`: post-order, edges visited in list order. */
  private dfs(direction: 'outgoing' | 'incoming', result: string[], visited: Set<string>, start: string): void {
    if (visited.has(start)) return;
    const inPath = new Set<string>();
    const todo: Array<{ node: string; processed: boolean }> = [{ node: start, processed: false }];
    while (todo.length > 0) {
      const current = todo[todo.length - 1] as { node: string; processed: boolean };
      const { node } = current;
      if (!current.processed) {
        if (visited.has(node) || inPath.has(node)) {
          todo.pop();
          continue;
        }
        inPath.add(node);
        const next = (this.nodes.get(node) as Edges)[direction];
        for (let i = next.length - 1; i >= 0; i--) todo.push({ node: next[i] as string, processed: false });
        current.processed = true;
      } else {
        todo.pop();
        inPath.delete(node);
        visited.add(node);
        result.push(node);
      }
    }
  }

  private transitive(direction: 'outgoing' | 'incoming', node: string): string[] {
    if (!this.nodes.has(node)) throw new Error(`Node does not exist: ${node}`);
    const result: string[] = [];
    this.dfs(direction, result, new Set(), node);
    const at = result.indexOf(node);
    if (at >= 0) result.splice(at, 1);
    return result;
  }

  dependenciesOf(node: string): string[] {
    return this.transitive('outgoing', node);
  }
  dependantsOf(node: string): string[] {
    return this.transitive('incoming', node);
  }

  /** DFS from every node nothing depends on, then from the nodes left (cycles), in insertion order. */
  overallOrder(): string[] {
    const result: string[] = [];
    const visited = new Set<string>();
    for (const [node, edges] of this.nodes)
      if (edges.incoming.length === 0) this.dfs('outgoing', result, visited, node);
    for (const node of this.nodes.keys()) if (!visited.has(node)) this.dfs('outgoing', result, visited, node);
    return result;
  }
}

/** Thrown inside the fast path to hand the document to the stock resolver. */
class NotLocal extends Error {
  /** `scope`: the document is outside what this file resolves, by design (an external $ref, a missing target); `fallback`: anything else. */
  constructor(
    reason: string,
    readonly kind: 'scope' | 'fallback' = 'fallback',
  ) {
    super(reason);
  }
}

/** A $ref found by the crawl: where it is, and the pointer it names. */
interface FoundRef {
  path: Path;
  pointer: string;
  target: string;
  targetPath: Path;
}

const LODASH_UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** The crawler's walk (computeGraph at the root, which does not descend into targets): the $refs in document order. */
function crawl(m: Machinery, source: unknown): FoundRef[] {
  const refs: FoundRef[] = [];
  const seen = new Set<object>();
  const pointers = new Map<string, { pointer: string; path: Path }>();
  const targetOf = (ref: string): { pointer: string; path: Path } => {
    let known = pointers.get(ref);
    if (!known) {
      if (ref[0] !== '#') throw new NotLocal('an external $ref', 'scope');
      const uri = new m.ExtendedURI(ref);
      if (!m.uriIsJSONPointer(uri)) throw new NotLocal('a $ref that is not a JSON pointer', 'scope');
      const pointer = m.uriToJSONPointer(uri);
      let path: Path;
      try {
        path = m.pointerToPath(pointer);
      } catch {
        throw new NotLocal('a $ref pointer that does not parse', 'scope');
      }
      if (path.length === 0) throw new NotLocal('a $ref to the whole document');
      pointers.set(ref, (known = { pointer, path }));
    }
    return known;
  };
  const refOf = (value: unknown): string | undefined =>
    value && typeof value === 'object' && typeof (value as Json).$ref === 'string'
      ? ((value as Json).$ref as string)
      : undefined;
  if (refOf(source) !== undefined) throw new NotLocal('a $ref at the root');
  const path: Path = [];
  const walk = (target: object): void => {
    if (seen.has(target)) throw new NotLocal('an object reached twice while crawling');
    seen.add(target);
    if (Object.prototype.hasOwnProperty.call(target, 'hasOwnProperty'))
      throw new NotLocal('a key named hasOwnProperty'); // the crawler would throw
    for (const key of Object.keys(target)) {
      const value = (target as Json)[key];
      path.push(key);
      const ref = refOf(value);
      if (ref !== undefined) {
        const { pointer, path: targetPath } = targetOf(ref);
        refs.push({ path: [...path], pointer: '', target: pointer, targetPath });
      } else if (typeof value === 'object' && value !== null) {
        walk(value);
      }
      path.pop();
    }
  };
  if (typeof source === 'object' && source !== null) walk(source);
  for (const ref of refs) ref.pointer = ref.path.reduce((pointer, part) => m.addToJSONPointer(pointer, part), '#');
  return refs;
}

/** A draft of one object: copied on first write, as immer does. */
class Draft {
  copy: Json | unknown[] | undefined;
  modified = false;
  finalized = false;
  constructor(
    readonly base: Json | unknown[],
    readonly parent: Draft | undefined,
  ) {}

  current(): Json | unknown[] {
    return this.copy ?? this.base;
  }

  writable(): Json | unknown[] {
    this.copy ??= Array.isArray(this.base)
      ? this.base.slice()
      : Object.assign(Object.create(Object.getPrototypeOf(this.base)) as Json, this.base);
    return this.copy;
  }

  markModified(): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts at this draft and climbs its parents
    for (let draft: Draft | undefined = this; draft && !draft.modified; draft = draft.parent) {
      draft.modified = true;
      draft.writable();
    }
  }
}

const isDraftable = (value: unknown): value is Json | unknown[] => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Copy-on-write over the source: lodash get/set on an immer draft, without the Proxy. */
class DraftTree {
  readonly root: Draft;

  constructor(source: Json | unknown[]) {
    this.root = new Draft(source, undefined);
  }

  /**
   * The value at `key` of a draft. As in immer, an object read from the original becomes a draft
   * kept in the parent's copy (the parent is not marked modified), so a draft belongs to a place.
   */
  private child(draft: Draft, key: string): unknown {
    const value = (draft.current() as Json)[key];
    if (value instanceof Draft || !isDraftable(value) || value !== (draft.base as Json)[key]) return value;
    const created = new Draft(value, draft);
    (draft.writable() as Json)[key] = created;
    return created;
  }

  /** lodash `get(draft, path)`. */
  get(path: Path): unknown {
    let value: unknown = this.root;
    for (const key of path) {
      if (value === null || value === undefined) return undefined;
      value = value instanceof Draft ? this.child(value, key) : (value as Json)[key];
    }
    return value;
  }

  /** lodash `set(draft, path, value)` where every step but the last is an existing object. */
  set(path: Path, value: unknown): void {
    let draft = this.root;
    for (const [i, key] of path.entries()) {
      if (LODASH_UNSAFE.has(key)) throw new NotLocal(`a $ref through the key ${key}`);
      if (i === path.length - 1) {
        const container = draft.current() as Json;
        const same =
          Object.prototype.hasOwnProperty.call(container, key) &&
          (container[key] === value || (container[key] !== container[key] && value !== value));
        if (same) return;
        draft.markModified();
        (draft.writable() as Json)[key] = value;
        return;
      }
      const next = this.child(draft, key);
      if (!(next instanceof Draft)) throw new NotLocal('a write through a value that is not an object');
      draft = next;
    }
  }

  /** immer's finalize: unmodified drafts become their originals, modified ones their copies with drafts replaced. */
  finalize(value: unknown): unknown {
    if (!(value instanceof Draft)) return value;
    if (!value.modified) return value.base;
    const copy = value.copy as Json;
    if (value.finalized) return copy;
    value.finalized = true;
    for (const key of Object.keys(copy)) {
      const child = copy[key];
      if (child instanceof Draft) copy[key] = this.finalize(child);
    }
    return copy;
  }
}

/** Resolves a document whose $refs are all local; undefined when the stock resolver must. */
function resolveLocal(m: Machinery, source: unknown, runner: Runner): ResolveResult | undefined {
  if (!isDraftable(source) || runner.baseUri.toString() === '') return undefined;
  const refs = crawl(m, source);
  const pointerGraph = new PointerGraph();
  const stemGraph = new PointerGraph();
  // The crawler's _resolveRef, local branch, for each $ref in the order the crawl met them.
  for (const { path: parentPath, pointer: parentPointer, target: targetPointer, targetPath } of refs) {
    let referencesParent = targetPath.length > 0;
    for (let i = 0; i < targetPath.length; i++) {
      if (parentPath[i] !== targetPath[i]) {
        referencesParent = false;
        break;
      }
    }
    if (referencesParent) continue;
    if (!stemGraph.hasNode(targetPointer)) stemGraph.addNode(targetPointer);
    let stem = '#';
    let tail = '';
    for (let i = 0; i < parentPath.length; i++) {
      const part = parentPath[i] as string;
      if (part === targetPath[i]) {
        stem += `/${part}`;
      } else {
        tail += `/${part}`;
        const dep = `${stem}${tail}`;
        if (dep !== parentPointer && dep !== targetPointer) {
          if (!stemGraph.hasNode(dep)) stemGraph.addNode(dep);
          stemGraph.addDependency(dep, targetPointer);
        }
      }
    }
    if (!pointerGraph.hasNode(parentPointer)) pointerGraph.addNode(parentPointer);
    if (!pointerGraph.hasNode(targetPointer)) pointerGraph.addNode(targetPointer);
    pointerGraph.addDependency(parentPointer, targetPointer);
  }

  // The runner's inline dereference, on drafts instead of immer's.
  const tree = new DraftTree(source);
  const refMap: Record<string, string> = {};
  const paths = new Map<string, Path>();
  const pathOf = (pointer: string): Path => {
    let path = paths.get(pointer);
    if (!path) paths.set(pointer, (path = m.pointerToPath(pointer)));
    return path;
  };
  for (const pointer of pointerGraph.overallOrder()) {
    const dependants = pointerGraph.dependantsOf(pointer);
    if (!dependants.length) continue;
    const pointerPath = pathOf(pointer);
    if (pointerPath.length === 0) throw new NotLocal('a $ref to the whole document');
    const value = tree.get(pointerPath);
    if (value === undefined) throw new NotLocal('a $ref to nothing', 'scope'); // POINTER_MISSING: the stock resolver words the finding
    const stems = stemGraph.dependenciesOf(pointer).map(pathOf);
    for (const dependant of dependants) {
      const dependantPath = pathOf(dependant);
      if (stems.some((stem) => m.startsWith(dependantPath, stem))) continue;
      refMap[m.pathToPointer(dependantPath)] = m.pathToPointer(pointerPath);
      tree.set(dependantPath, value);
    }
  }
  const result = tree.finalize(tree.root);
  const node = runner.graph.getNodeData(runner.root);
  node.refMap = refMap;
  node.data = result;
  return { result, graph: runner.graph, refMap, errors: [], runner };
}

/**
 * A resolver with the stock one's interface that resolves local-only documents itself and hands
 * every other document to `stock`. `resolvedLocally` counts the documents it resolved (for tests);
 * a hand-off other than by design (an external $ref, a $ref to nothing) is recorded in `fallbacks`.
 */
export function localFirstResolver(
  stock: SpectralResolver,
  fallbacks?: Fallbacks,
): SpectralResolver & { resolvedLocally: number } {
  const resolver = {
    resolvedLocally: 0,
    get uriCache() {
      return stock.uriCache;
    },
    async resolve(source: unknown, opts: ResolveOptions = {}): Promise<ResolveResult> {
      const m = loadMachinery();
      const options = stock as unknown as { getRef?: unknown; transformRef?: unknown; dereferenceInline?: boolean };
      if (!m) {
        fallbacks?.record(
          'spectral-internals',
          "Spectral's resolver files moved (src/lint/engine/spectral-internals.ts)",
        );
      } else if (!options.getRef && !options.transformRef && options.dereferenceInline !== false) {
        try {
          const graph = new m.DepGraph({ circular: true });
          const runner = new m.ResolveRunner(source, graph, {
            ...(stock as unknown as Json),
            ...opts,
            uriCache: stock.uriCache,
            ctx: {},
          });
          const local = resolveLocal(m, source, runner);
          if (local) {
            resolver.resolvedLocally++;
            return local;
          }
          fallbacks?.record('ref-resolver', 'a document that is not an object, or without a base URI');
        } catch (error) {
          if (!(error instanceof NotLocal)) fallbacks?.record('ref-resolver', String(error));
          else if (error.kind === 'fallback') fallbacks?.record('ref-resolver', error.message);
        }
      }
      return stock.resolve(source, opts);
    },
  };
  return resolver;
}
