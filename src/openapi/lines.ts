// Where things are written in a document's text (1-based lines), for reports that point into it.
import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';

/** The keys of a YAML map as text (`200:` is the key '200'); undefined for a key that is no scalar. */
const keyText = (key: unknown): string | undefined =>
  isScalar(key) && key.value !== null ? String(key.value) : undefined;

/**
 * The line of each key of the mapping at `path` in a YAML or JSON text (`['paths']`: where each
 * path is declared); none when the text cannot be read or holds no mapping there.
 */
export function keyLines(text: string, path: readonly (string | number)[]): Map<string, number> {
  const counter = new LineCounter();
  const lines = new Map<string, number>();
  let node: unknown;
  try {
    node = parseDocument(text, { lineCounter: counter, uniqueKeys: false }).contents;
  } catch {
    return lines;
  }
  for (const step of path) {
    if (isMap(node)) node = node.items.find((pair) => keyText(pair.key) === String(step))?.value;
    else if (isSeq(node)) node = node.items[Number(step)];
    else return lines;
  }
  if (!isMap(node)) return lines;
  for (const pair of node.items) {
    const key = keyText(pair.key);
    const offset = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    if (key !== undefined && offset !== undefined) lines.set(key, counter.linePos(offset).line);
  }
  return lines;
}

/** The lines of a local document's paths; none when it cannot be read (the run already read it once). */
export async function readPathLines(file: string): Promise<Map<string, number>> {
  try {
    return keyLines(await readFile(file, 'utf8'), ['paths']);
  } catch {
    return new Map();
  }
}
