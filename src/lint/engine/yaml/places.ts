// Where the nodes of a YAML document are, kept instead of yaml-ast-parser's tree (see reader.ts).
/** A node's kind: 0 for a scalar or an alias (the typed arrays' zero), or a map or a list. */
export const MAP = 1;
export const LIST = 2;

/**
 * Where the nodes of a tree are, as the stock lookup (@stoplight/yaml's getLocationForJsonPath)
 * gives them, kept instead of the tree, which is several times the size of the data and was held
 * for the whole lint; this is a few numbers per node. Node 0 is the
 * root; node i starts at `start[i]` and ends at `end[i]`; a map's or a list's children are at
 * `first[i]` .. `first[i] + count[i] - 1` of `childKey` (a map key as the tree spells it) and
 * `child` (the child's node, or -1 where a path cannot go).
 */
/**
 * A map of at most this many entries is searched entry by entry; a larger one gets an index on its
 * first lookup. Most maps a finding's path passes through are small, and an index for each was a
 * sixth of the time findings take to place on Twilio's description.
 */
const SCANNED_MAP_SIZE = 16;

export class YamlPlaces {
  // Typed arrays, grown by doubling: a large document has millions of nodes, which plain arrays of
  // numbers would hold as twice the memory and the garbage collector would walk.
  private start = new Int32Array(1024);
  private end = new Int32Array(1024);
  private kind = new Uint8Array(1024);
  private first = new Int32Array(1024);
  private count = new Int32Array(1024);
  private nodes = 0;
  private readonly childKey: unknown[] = [];
  private child = new Int32Array(1024);
  private slots = 0;
  /** Key → child of the maps a lookup has passed through, built on the first pass. */
  private readonly keyIndexes = new Map<number, Map<unknown, number>>();

  add(start: number, end: number): number {
    if (this.nodes === this.start.length) this.growNodes();
    const node = this.nodes++;
    this.start[node] = start;
    this.end[node] = end;
    return node;
  }

  /** Makes `node` a map or a list of `count` children, none placed yet; gives the first one's slot. */
  reserve(node: number, kind: typeof MAP | typeof LIST, count: number): number {
    const first = this.slots;
    this.kind[node] = kind;
    this.first[node] = first;
    this.count[node] = count;
    this.growSlots(first + count);
    for (let i = 0; i < count; i++) {
      this.childKey.push(undefined);
      this.child[first + i] = -1;
    }
    this.slots += count;
    return first;
  }

  place(slot: number, key: unknown, child: number): void {
    this.childKey[slot] = key;
    this.child[slot] = child;
  }

  /** Gives `node` the start and end it turned out to have (a reader that places a node before reading it). */
  move(node: number, start: number, end: number): void {
    this.start[node] = start;
    this.end[node] = end;
  }

  /** Makes `node` a map or a list of the nodes `children` (under `keys` for a map), all read already. */
  children(
    node: number,
    kind: typeof MAP | typeof LIST,
    keys: readonly unknown[] | undefined,
    children: readonly number[],
  ): void {
    const first = this.slots;
    this.kind[node] = kind;
    this.first[node] = first;
    this.count[node] = children.length;
    this.growSlots(first + children.length);
    for (let i = 0; i < children.length; i++) {
      this.childKey.push(keys === undefined ? undefined : keys[i]);
      this.child[first + i] = children[i] as number;
    }
    this.slots += children.length;
  }

  /** The start and end offsets of the node at `path`, or undefined where the stock lookup finds none. */
  find(path: ReadonlyArray<string | number>): [number, number] | undefined {
    let at = 0;
    if (this.nodes === 0) return undefined;
    for (const segment of path) {
      const kind = this.kind[at];
      if (kind === MAP) {
        at =
          (this.count[at] as number) <= SCANNED_MAP_SIZE
            ? this.scan(at, segment)
            : (this.keyIndex(at).get(segment) ?? -1);
      } else if (kind === LIST) {
        const index = Number(segment);
        at =
          Number.isInteger(index) && index >= 0 && index < (this.count[at] as number)
            ? (this.child[(this.first[at] as number) + index] as number)
            : -1;
      } else {
        return undefined;
      }
      if (at < 0) return undefined;
    }
    return [this.start[at] as number, this.end[at] as number];
  }

  /** The child of a small map under `key` (the last one, as in keyIndex), found without an index. */
  private scan(node: number, key: unknown): number {
    const first = this.first[node] as number;
    for (let slot = first + (this.count[node] as number) - 1; slot >= first; slot--) {
      const child = this.child[slot] as number;
      const own = this.childKey[slot];
      if (child >= 0 && (own === key || (own !== own && key !== key))) return child; // NaN finds NaN, as in a Map
    }
    return -1;
  }

  /** A map's keys to its children; the last child with a key wins, as in the stock backwards search. */
  private keyIndex(node: number): Map<unknown, number> {
    let index = this.keyIndexes.get(node);
    if (index) return index;
    index = new Map();
    const first = this.first[node] as number;
    for (let slot = first; slot < first + (this.count[node] as number); slot++) {
      if ((this.child[slot] as number) >= 0) index.set(this.childKey[slot], this.child[slot] as number);
    }
    this.keyIndexes.set(node, index);
    return index;
  }

  private growNodes(): void {
    const size = this.start.length * 2;
    const grow = <T extends Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.start = grow(this.start, new Int32Array(size));
    this.end = grow(this.end, new Int32Array(size));
    this.kind = grow(this.kind, new Uint8Array(size));
    this.first = grow(this.first, new Int32Array(size));
    this.count = grow(this.count, new Int32Array(size));
  }

  private growSlots(needed: number): void {
    if (needed <= this.child.length) return;
    let size = this.child.length * 2;
    while (size < needed) size *= 2;
    const child = new Int32Array(size);
    child.set(this.child);
    this.child = child;
  }
}
