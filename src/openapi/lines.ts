// Where things are written in a document's text (1-based lines), for reports that point into it.
import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';

interface Written { node: unknown; line: number | undefined }

/** The node at `path` (map keys compared as text: `200:` is the key '200') and the line of its key or item. */
function writtenAt(text: string, path: readonly (string | number)[]): { at: Written | undefined; lines: LineCounter } {
  const lines = new LineCounter();
  let document;
  try {
    document = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  } catch {
    return { at: undefined, lines };
  }
  const lineOfOffset = (offset: number | undefined) => (offset === undefined ? undefined : lines.linePos(offset).line);
  let at: Written = { node: document.contents, line: undefined };
  for (const step of path) {
    const { node } = at;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(step));
      if (!pair) return { at: undefined, lines };
      at = { node: pair.value, line: lineOfOffset((pair.key as YamlNode).range?.[0]) };
    } else if (isSeq(node)) {
      const item = node.items[Number(step)] as YamlNode | undefined;
      if (item === undefined) return { at: undefined, lines };
      at = { node: item, line: lineOfOffset(item.range?.[0]) };
    } else {
      return { at: undefined, lines };
    }
  }
  return { at, lines };
}

/** The line of each key of the mapping at `path` (`['paths']`: where each path is declared); none when unreadable. */
export function keyLines(text: string, path: readonly (string | number)[]): Map<string, number> {
  const { at, lines: counter } = writtenAt(text, path);
  const lines = new Map<string, number>();
  if (!isMap(at?.node)) return lines;
  for (const pair of at.node.items) {
    if (isScalar(pair.key) && typeof pair.key.value === 'string' && pair.key.range) lines.set(pair.key.value, counter.linePos(pair.key.range[0]).line);
  }
  return lines;
}

/** The line where the value at `path` is written (its key's line, or its item's in a list); undefined at the root or when absent. */
export const lineOf = (text: string, path: readonly (string | number)[]): number | undefined => writtenAt(text, path).at?.line;

/** The lines of a local document's paths; none when it cannot be read (the run already read it once). */
export async function readPathLines(file: string): Promise<Map<string, number>> {
  try {
    return keyLines(await readFile(file, 'utf8'), ['paths']);
  } catch {
    return new Map();
  }
}
