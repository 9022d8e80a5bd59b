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

/** The options restguide parses YAML with (JSON-compatible keys, merge keys, duplicate keys reported). */
export const YAML_OPTIONS = { ignoreDuplicateKeys: false, mergeKeys: true, preserveKeyOrder: false, attachComments: false } as const;

export type YamlParseResult = ReturnType<typeof parseWithPointers>;
/** Spectral's diagnostic severities (@stoplight/types' DiagnosticSeverity). */
const ERROR = 0;
const WARNING = 1;

interface Position { line: number; character: number }
interface Diagnostic { code: string; message: string; severity: number; path: (string | number)[]; range: { start: Position; end: Position } }

/** parseWithPointers(input, YAML_OPTIONS), built without the stock walk's per-node garbage. */
export function parseYaml(input: string): YamlParseResult {
  const ast = load(input, { ...YAML_OPTIONS, ignoreDuplicateKeys: true }) as YAMLNode | undefined;
  if (!ast || ast.errors.length > 0) return parseWithPointers(input, YAML_OPTIONS);
  const lineMap = lineStarts(input);
  const diagnostics: Diagnostic[] = [];
  const data = new DataWalk(lineMap, diagnostics).value(ast);
  // Stable, by line only, as the stock parse sorts them.
  if (diagnostics.length > 0) diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
  return { ast, lineMap, data, diagnostics, metadata: YAML_OPTIONS, comments: {} } as unknown as YamlParseResult;
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

class DataWalk {
  constructor(private readonly lineMap: number[], private readonly diagnostics: Diagnostic[]) {}

  value(node: YAMLNode | null | undefined): unknown {
    if (!node) return node;
    switch (node.kind) {
      case Kind.MAP:
        return this.map(node as YamlMap);
      case Kind.SEQ:
        return (node as YAMLSequence).items.map((item: YAMLNode | null) => (item === null ? null : this.value(item)));
      case Kind.SCALAR: {
        const value = scalarValue(node);
        return typeof value === 'bigint' ? Number(value) : value;
      }
      case Kind.ANCHOR_REF: {
        const ref = node as YAMLAnchorReference;
        if (ref.value !== null && typeof ref.value === 'object') ref.value = dereferenceAnchor(ref.value as never, ref.referencesAnchor) as unknown as YAMLNode;
        return this.value(ref.value);
      }
      default:
        return null;
    }
  }

  private map(node: YamlMap): Record<string, unknown> {
    const container: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (const mapping of node.mappings as YAMLMapping[]) {
      const keyNode = mapping.key;
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
        Object.assign(container, merged(this.value(mapping.value)));
        continue;
      }
      if (seen.has(key)) this.report(keyNode, 'YAMLException', ERROR, 'duplicate key');
      else seen.add(key);
      container[key] = this.value(mapping.value);
    }
    return container;
  }

  private report(node: YAMLNode, code: string, severity: number, message: string): void {
    this.diagnostics.push({ code, message, severity, path: buildJsonPath(node as never), range: { start: this.position(node.startPosition), end: this.position(node.endPosition) } });
  }

  private position(offset: number): Position {
    const line = lineForPosition(offset, this.lineMap);
    return { line, character: line === 0 ? offset : offset - (this.lineMap[line - 1] as number) };
  }
}

/** A merge key's value: the maps of a list merged, the first winning; a map as is; anything else nothing. */
function merged(value: unknown): object | null {
  if (Array.isArray(value)) return value.reduceRight((into: object, item: unknown) => Object.assign(into, item), {});
  return typeof value !== 'object' || value === null ? null : Object(value);
}
