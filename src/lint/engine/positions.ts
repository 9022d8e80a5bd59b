// Spectral's YAML and JSON parsers with a faster "where is this path" lookup. Every finding asks
// for the range of its path; the stock lookup walks each map's entries in a line from the root
// (and, in YAML, rebuilds the list of merge-key entries at every step), so a large document with
// many findings spends seconds there. Here each map is indexed by key the first time a lookup
// passes through it, and the found node is handed to the stock code to turn into a range, so the
// ranges are exactly the stock ones: same winner among duplicate keys, same `closest` fallback.
//
// The stock parsers also keep each object's key order in a Proxy around it (integer-like keys such
// as status codes would otherwise come first). Every property read of every rule then goes through
// the Proxy, and each object costs two more allocations (docs/performance.md). Here the data are
// plain objects; findings are sorted by position, so the order keys are visited in does not show.
import { parseWithPointers as parseJsonWithPointers } from '@stoplight/json';
import Parsers from '@stoplight/spectral-parsers';
import { getLocationForJsonPath as yamlLocation, Kind } from '@stoplight/yaml';
import type { Fallbacks } from '../../lint-base/mode.js';
import { parseYaml, positionAt, type YamlPlaces } from './yaml/index.js';

type Segment = string | number;
type Parser = typeof Parsers.Yaml;
type Location = ReturnType<Parser['getLocationForJsonPath']>;

// ---- YAML (@stoplight/yaml-ast-parser nodes) ----
interface YamlNode {
  kind: number;
  mappings?: YamlMapping[];
  items?: Array<YamlNode | null>;
  value?: unknown;
  key?: YamlNode;
}
interface YamlMapping {
  key: YamlNode & { value?: unknown };
  value: YamlNode | null;
}

const isNode = (value: unknown): value is YamlNode => typeof value === 'object' && value !== null;

/** The entries of a merge key's value, in the order the stock lookup sees them. */
function mergedEntries(node: unknown): YamlMapping[] {
  if (!isNode(node)) return [];
  if (node.kind === Kind.SEQ) {
    const out: YamlMapping[] = [];
    const items = node.items ?? [];
    for (let i = items.length - 1; i >= 0; i--) out.push(...mergedEntries(items[i]));
    return out;
  }
  if (node.kind === Kind.MAP) return node.mappings ?? [];
  if (node.kind === Kind.ANCHOR_REF) return mergedEntries(node.value);
  return [];
}

const yamlIndexes = new WeakMap<YamlNode, Map<unknown, YamlMapping>>();

/** Key → entry of a map; the last entry with a key wins, as in the stock backwards search. */
function yamlIndex(node: YamlNode, mergeKeys: boolean): Map<unknown, YamlMapping> {
  let index = yamlIndexes.get(node);
  if (index) return index;
  index = new Map();
  for (const mapping of node.mappings ?? []) {
    if (mergeKeys) {
      if (!isNode(mapping)) continue;
      if (mapping.key.value === '<<') {
        for (const merged of mergedEntries(mapping.value)) index.set(merged.key.value, merged);
        continue;
      }
    }
    index.set(mapping.key.value, mapping);
  }
  yamlIndexes.set(node, index);
  return index;
}

/** The node at `path`, or undefined when the path runs out (Spectral's YAML parser asks for no closest node). */
function findYamlNode(root: unknown, path: Segment[], mergeKeys: boolean): YamlNode | undefined {
  let node = root;
  for (const segment of path) {
    if (!isNode(node)) return undefined;
    if (node.kind === Kind.MAP) {
      const item = yamlIndex(node, mergeKeys).get(segment);
      if (!item) return undefined;
      node = item.value === null ? item.key : item.value;
    } else if (node.kind === Kind.SEQ) {
      const items = node.items ?? [];
      const index = Number(segment);
      const item = Number.isInteger(index) && index >= 0 && index < items.length ? items[index] : null;
      if (!item) return undefined;
      node = item;
    } else {
      return undefined;
    }
  }
  return node as YamlNode;
}

interface YamlResult {
  ast: unknown;
  lineMap: number[];
  metadata?: { mergeKeys?: boolean };
  places?: YamlPlaces;
}

/** A range from offsets, as the stock lookup computes it (getLoc in @stoplight/yaml). */
function rangeOf(lineMap: number[], start: number, end: number): Location {
  return { range: { start: positionAt(lineMap, start), end: positionAt(lineMap, end) } } as Location;
}

// Spectral's YAML parser passes no `closest` on (a path that runs out gives no range): nor does this.
function yamlLocationForJsonPath(result: YamlResult, path: Segment[]): Location {
  if (result.places) {
    const offsets = result.places.find(path);
    return offsets === undefined ? undefined : rangeOf(result.lineMap, offsets[0], offsets[1]);
  }
  const node = findYamlNode(result.ast, path, result.metadata?.mergeKeys === true);
  if (node === undefined) return undefined;
  // The stock code, given the node itself as the root and an empty path, turns it into a range.
  return yamlLocation({ ...result, ast: node } as never, []) as Location;
}

// ---- JSON (jsonc-parser nodes, as @stoplight/json builds them) ----
interface JsonNode {
  type: string;
  children?: JsonNode[];
  value?: unknown;
  range?: unknown;
}

const jsonIndexes = new WeakMap<JsonNode, Map<string, JsonNode>>();

/** Key → value node of an object; the first property with a key wins, as in the stock forward search. */
function jsonIndex(node: JsonNode): Map<string, JsonNode> {
  let index = jsonIndexes.get(node);
  if (index) return index;
  index = new Map();
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (property.children?.length === 2 && key && value && !index.has(String(key.value)))
      index.set(String(key.value), value);
  }
  jsonIndexes.set(node, index);
  return index;
}

function findJsonNode(root: JsonNode, path: Segment[], closest: boolean): JsonNode | undefined {
  let node = root;
  for (const raw of path) {
    // The stock lookup's reading of a segment: an integer-looking one is a number, even for an object.
    const segment = Number.isInteger(Number(raw)) ? Number(raw) : raw;
    if (typeof segment === 'string' || node.type !== 'array') {
      if (node.type !== 'object' || !Array.isArray(node.children)) return closest ? node : undefined;
      const value = jsonIndex(node).get(String(segment));
      if (!value) return closest ? node : undefined;
      node = value;
    } else {
      if (segment < 0 || !Array.isArray(node.children) || segment >= node.children.length)
        return closest ? node : undefined;
      node = node.children[segment] as JsonNode;
    }
  }
  return node;
}

function jsonLocationForJsonPath(result: { ast: JsonNode }, path: Segment[], closest = false): Location {
  const node = result.ast === undefined ? undefined : findJsonNode(result.ast, path, closest);
  return node?.range === undefined ? undefined : ({ range: node.range } as Location);
}

/** Spectral's YAML parser, with indexed path lookups; the documents the direct reader gives up on are recorded in `fallbacks`. */
export const indexedYaml = (fallbacks?: Fallbacks): Parser => ({
  ...Parsers.Yaml,
  parse: (input: string) => parseYaml(input, fallbacks) as ReturnType<Parser['parse']>,
  getLocationForJsonPath: yamlLocationForJsonPath as Parser['getLocationForJsonPath'],
});

/** Spectral's YAML parser, with indexed path lookups. */
export const IndexedYaml: Parser = indexedYaml();

/** Spectral's JSON parser, with indexed path lookups. */
export const IndexedJson: Parser = {
  ...(Parsers.Json as unknown as Parser),
  parse: ((input: string) =>
    parseJsonWithPointers(input, {
      ignoreDuplicateKeys: false,
      preserveKeyOrder: false,
    })) as unknown as Parser['parse'],
  getLocationForJsonPath: jsonLocationForJsonPath as unknown as Parser['getLocationForJsonPath'],
};
