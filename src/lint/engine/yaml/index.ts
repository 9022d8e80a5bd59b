// YAML for lint's accelerated mode: the direct reader (reader.ts) where it reads the document exactly
// as Spectral's parser would, otherwise Spectral's parser itself (@stoplight/yaml's
// parseWithPointers), which also words every syntax error; each such document is a fallback,
// counted. Stock mode (../index.ts) uses Spectral's parser alone. Outside lint, the `yaml` package is the parser.
import { lineForPosition, parseWithPointers } from '@stoplight/yaml';
import type { Fallbacks } from '../../../lint-base/mode.js';
import type { YamlPlaces } from './places.js';
import { readSimpleYaml } from './reader.js';

export type { YamlPlaces } from './places.js';

/** The options restguide parses YAML with (JSON-compatible keys, merge keys, duplicate keys reported). */
export const YAML_OPTIONS = {
  ignoreDuplicateKeys: false,
  mergeKeys: true,
  preserveKeyOrder: false,
  attachComments: false,
} as const;

export type YamlParseResult = ReturnType<typeof parseWithPointers>;
/** A parse by the direct reader: no tree, the places of its nodes instead. */
type YamlPlacesResult = YamlParseResult & { places: YamlPlaces };

/** Spectral's diagnostic severity for a warning (@stoplight/types' DiagnosticSeverity). */
const WARNING = 1;

interface Position {
  line: number;
  character: number;
}

/** parseWithPointers(input, YAML_OPTIONS): the same data, diagnostics and positions. */
export function parseYaml(input: string, fallbacks?: Fallbacks): YamlParseResult | YamlPlacesResult {
  const read = readSimpleYaml(input);
  if (!read) {
    fallbacks?.record(
      'yaml-reader',
      'YAML the direct reader does not read (tags, merge keys, several documents, errors...)',
    );
    return parseWithPointers(input, YAML_OPTIONS);
  }
  const lineMap = lineStarts(input);
  const diagnostics = read.keyWarnings.map(({ start, end, type, path }) => ({
    code: 'YAMLIncompatibleValue',
    message: `mapping key must be a string scalar rather than ${type}`,
    severity: WARNING,
    path: [...path],
    range: { start: positionAt(lineMap, start), end: positionAt(lineMap, end) },
  }));
  // Stable, by line only, as the stock parse sorts them (an alias repeats its anchor's warnings).
  if (diagnostics.length > 1) diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
  const result = {
    ast: undefined,
    places: read.places,
    lineMap,
    data: read.data,
    diagnostics,
    metadata: YAML_OPTIONS,
    comments: {},
  };
  return result as unknown as YamlPlacesResult;
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
