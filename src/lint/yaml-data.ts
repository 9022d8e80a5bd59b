// Spectral's YAML parse (@stoplight/yaml's parseWithPointers) reads the text into yaml-ast-parser's
// tree, then walks the tree to build the data. With comments off, that walk still creates, for every
// map, key and list item, a comments scope holding a new empty array and the node's JSON pointer
// (built with two regular-expression replacements per key), and it finds duplicate keys with
// Array.includes, quadratic in a map's size: a third of the parse of a 1.5 MB document, most of it
// in the garbage collector. parseYaml builds the same data, diagnostics and result from the same
// tree with none of that. A tree with syntax errors goes to the stock parse, which words them.
import { buildJsonPath, dereferenceAnchor, lineForPosition, parseWithPointers } from '@stoplight/yaml';
import {
  determineScalarType,
  Kind,
  load,
  parseYamlBigInteger,
  parseYamlBoolean,
  parseYamlFloat,
  ScalarType,
  type YAMLAnchorReference,
  type YAMLMapping,
  type YAMLNode,
  type YAMLSequence,
  type YamlMap,
} from '@stoplight/yaml-ast-parser';
import { readSimpleYaml } from './yaml-fast.js';
import { LIST, MAP, YamlPlaces } from './yaml-places.js';

export { YamlPlaces };

/** The options restguide parses YAML with (JSON-compatible keys, merge keys, duplicate keys reported). */
export const YAML_OPTIONS = { ignoreDuplicateKeys: false, mergeKeys: true, preserveKeyOrder: false, attachComments: false } as const;

export type YamlParseResult = ReturnType<typeof parseWithPointers>;
/** Spectral's diagnostic severities (@stoplight/types' DiagnosticSeverity). */
const ERROR = 0;
const WARNING = 1;

interface Position { line: number; character: number }
interface Diagnostic { code: string; message: string; severity: number; path: (string | number)[]; range: { start: Position; end: Position } }

/** A YAML parse whose tree was reduced to places (see parseYaml). */
export type YamlPlacesResult = YamlParseResult & { places: YamlPlaces };

/**
 * From this many characters of YAML on, the tree is reduced to its places. Building them costs 1-8 %
 * of a lint (2 % on GitHub's 10 MB description, 8 % on the 4 MB Stripe stand-in); keeping the tree
 * costs six times the data's memory, which only the largest documents feel (GitHub's description
 * peaks at 575-624 MB of RSS with the tree, 522-571 MB with places).
 */
export const PLACES_FROM_CHARACTERS = 8 * 1024 * 1024;

/**
 * parseWithPointers(input, YAML_OPTIONS), built without the stock walk's per-node garbage. A
 * document the direct reader (yaml-fast.ts) reads gets its data and places from it, with no tree
 * (`direct` false skips it). Otherwise yaml-ast-parser's tree is walked; from `placesFrom`
 * characters on, the tree is replaced by its places (`ast` undefined, `places` set), unless the
 * document has merge keys, whose lookups follow anchors in ways the places do not model.
 */
export function parseYaml(input: string, placesFrom = PLACES_FROM_CHARACTERS, direct = true): YamlParseResult | YamlPlacesResult {
  const read = direct ? readSimpleYaml(input) : undefined;
  if (read) {
    const lineMap = lineStarts(input);
    const diagnostics: Diagnostic[] = read.keyWarnings.map(({ start, end, type, path }) => ({
      code: 'YAMLIncompatibleValue',
      message: `mapping key must be a string scalar rather than ${type}`,
      severity: WARNING,
      path: [...path],
      range: { start: positionAt(lineMap, start), end: positionAt(lineMap, end) },
    }));
    // Stable, by line only, as the stock parse sorts them (an alias repeats its anchor's warnings).
    if (diagnostics.length > 1) diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
    const result = { ast: undefined, places: read.places, lineMap, data: read.data, diagnostics, metadata: YAML_OPTIONS, comments: {} };
    return result as unknown as YamlPlacesResult;
  }
  const ast = load(input, { ...YAML_OPTIONS, ignoreDuplicateKeys: true }) as YAMLNode | undefined;
  if (!ast || ast.errors.length > 0) return parseWithPointers(input, YAML_OPTIONS);
  const lineMap = lineStarts(input);
  const diagnostics: Diagnostic[] = [];
  const walk = new DataWalk(lineMap, diagnostics, input.length >= placesFrom);
  const data = walk.value(ast);
  // Stable, by line only, as the stock parse sorts them.
  if (diagnostics.length > 0) diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
  const result = { ast, lineMap, data, diagnostics, metadata: YAML_OPTIONS, comments: {} };
  if (!walk.placesComplete || !walk.places) return result as unknown as YamlParseResult;
  return { ...result, ast: undefined, places: walk.places } as unknown as YamlPlacesResult;
}

/** The stock lookup's start of a node (getStartPosition in @stoplight/yaml). */
function startOf(node: YAMLNode, firstLineEnd: number): number {
  const parent = node.parent as YAMLMapping | null;
  if (parent && parent.kind === Kind.MAPPING) {
    if (parent.value === null) return parent.endPosition;
    if (node.kind !== Kind.SCALAR) return parent.key.endPosition + 1;
  }
  if (parent === null && firstLineEnd - node.startPosition === 0) return 0;
  return node.startPosition;
}

/** The stock lookup's end of a node (getEndPosition in @stoplight/yaml). */
function endOf(node: YAMLNode): number {
  switch (node.kind) {
    case Kind.SEQ: {
      const { items } = node as YAMLSequence;
      const last = items[items.length - 1];
      if (last) return endOf(last);
      break;
    }
    case Kind.MAPPING:
      if ((node as YAMLMapping).value !== null) return endOf((node as YAMLMapping).value);
      break;
    case Kind.MAP: {
      const { mappings, value } = node as YamlMap;
      if (value !== null && mappings.length !== 0) return endOf(mappings[mappings.length - 1] as YAMLNode);
      break;
    }
    case Kind.SCALAR: {
      const parent = node.parent as YAMLMapping | null;
      if (parent !== null && parent.kind === Kind.MAPPING && parent.value === null) return parent.endPosition;
      break;
    }
  }
  return node.endPosition;
}

/** Line and character of an offset, as @stoplight/yaml computes them for diagnostics and ranges. */
export function positionAt(lineMap: number[], offset: number): Position {
  const line = lineForPosition(offset, lineMap);
  return { line, character: line === 0 ? offset : offset - (lineMap[line - 1] as number) };
}

/** The offset after each line break, then one past the end: the stock parse's line map. */
function lineStarts(input: string): number[] {
  const starts: number[] = [];
  for (let at = input.indexOf('\n'); at !== -1; at = input.indexOf('\n', at + 1)) starts.push(at + 1);
  starts.push(input.length + 1);
  return starts;
}

/** A scalar's value as the stock parse reads it (integers as numbers or bigints, as yaml-ast-parser gives). */
function scalarValue(node: YAMLNode): unknown {
  switch (determineScalarType(node as never)) {
    case ScalarType.null:
      return null;
    case ScalarType.string:
      return String(node.value);
    case ScalarType.bool:
      return parseYamlBoolean(node.value);
    case ScalarType.int:
      return parseYamlBigInteger(node.value);
    case ScalarType.float:
      return parseYamlFloat(node.value);
    default:
      return undefined;
  }
}

/** Builds the data, the diagnostics and the places of a tree in one walk. */
class DataWalk {
  readonly places: YamlPlaces | undefined;
  /** The place of the node `value` was last given (-1 for none, or inside an alias). */
  private place = -1;
  /** False once a merge key is met: the places are then incomplete and the tree is kept. */
  placesComplete = true;
  /** How many aliases deep the walk is: an alias is a place of its own, its target's data are not. */
  private inAlias = 0;

  constructor(private readonly lineMap: number[], private readonly diagnostics: Diagnostic[], withPlaces: boolean) {
    this.places = withPlaces ? new YamlPlaces() : undefined;
  }

  value(node: YAMLNode | null | undefined): unknown {
    if (!node) {
      this.place = -1;
      return node;
    }
    switch (node.kind) {
      case Kind.MAP:
        return this.map(node as YamlMap);
      case Kind.SEQ: {
        const { items } = node as YAMLSequence;
        const me = this.at(node);
        const first = me < 0 ? -1 : (this.places as YamlPlaces).reserve(me, LIST, items.length);
        const data = items.map((item: YAMLNode | null, i: number) => {
          if (item === null) return null;
          const value = this.value(item);
          if (first >= 0) (this.places as YamlPlaces).place(first + i, undefined, this.place);
          return value;
        });
        this.place = me;
        return data;
      }
      case Kind.SCALAR: {
        const value = scalarValue(node);
        this.place = this.at(node);
        return typeof value === 'bigint' ? Number(value) : value;
      }
      case Kind.ANCHOR_REF: {
        const ref = node as YAMLAnchorReference;
        if (ref.value !== null && typeof ref.value === 'object') ref.value = dereferenceAnchor(ref.value as never, ref.referencesAnchor) as unknown as YAMLNode;
        const me = this.at(node);
        this.inAlias++;
        const data = this.value(ref.value);
        this.inAlias--;
        this.place = me;
        return data;
      }
      default:
        this.place = this.at(node);
        return null;
    }
  }

  /** A new place for `node`, or -1 inside an alias (whose target is not a place of its own). */
  private at(node: YAMLNode): number {
    if (this.inAlias > 0 || !this.places) return -1;
    return this.places.add(startOf(node, this.lineMap.length > 0 ? (this.lineMap[0] as number) : 0), endOf(node));
  }

  private map(node: YamlMap): Record<string, unknown> {
    const container: Record<string, unknown> = {};
    const seen = new Set<string>();
    const mappings = node.mappings as YAMLMapping[];
    const me = this.at(node);
    const first = me < 0 ? -1 : (this.places as YamlPlaces).reserve(me, MAP, mappings.length);
    for (const [i, mapping] of mappings.entries()) {
      const keyNode = mapping.key;
      if (keyNode.value === '<<') this.placesComplete = false;
      if (keyNode.kind !== Kind.SCALAR) {
        this.report(keyNode, 'YAMLIncompatibleValue', WARNING, 'mapping key must be a string scalar');
        continue;
      }
      const keyValue = scalarValue(keyNode);
      if (typeof keyValue !== 'string') {
        const type = keyNode.valueObject === null ? 'null' : typeof keyValue;
        this.report(keyNode, 'YAMLIncompatibleValue', WARNING, `mapping key must be a string scalar rather than ${type}`);
      }
      const key = String(keyValue);
      if (key === '<<') {
        this.placesComplete = false;
        Object.assign(container, merged(this.value(mapping.value)));
        continue;
      }
      if (seen.has(key)) this.report(keyNode, 'YAMLException', ERROR, 'duplicate key');
      else seen.add(key);
      container[key] = this.value(mapping.value);
      // The stock lookup goes to the key itself when the value is empty.
      if (first >= 0) (this.places as YamlPlaces).place(first + i, keyNode.value, mapping.value === null ? this.at(keyNode) : this.place);
    }
    this.place = me;
    return container;
  }

  private report(node: YAMLNode, code: string, severity: number, message: string): void {
    const range = { start: positionAt(this.lineMap, node.startPosition), end: positionAt(this.lineMap, node.endPosition) };
    this.diagnostics.push({ code, message, severity, path: buildJsonPath(node as never), range });
  }
}

/** A merge key's value: the maps of a list merged, the first winning; a map as is; anything else nothing. */
function merged(value: unknown): object | null {
  if (Array.isArray(value)) return value.reduceRight((into: object, item: unknown) => Object.assign(into, item), {});
  return typeof value !== 'object' || value === null ? null : Object(value);
}
