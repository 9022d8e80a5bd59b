// Where each path of an OpenAPI document is declared (1-based line of its key under `paths`), so a
// report that locates a check's finding at the document can point at the resource's own line.
import { readFile } from 'node:fs/promises';
import { LineCounter, isMap, isScalar, parseDocument } from 'yaml';

export function openApiPathLines(text: string): Map<string, number> {
  const lineCounter = new LineCounter();
  const lines = new Map<string, number>();
  let document;
  try {
    document = parseDocument(text, { lineCounter, uniqueKeys: false });
  } catch {
    return lines;
  }
  const paths = document.get('paths', true);
  if (!isMap(paths)) return lines;
  for (const pair of paths.items) {
    if (isScalar(pair.key) && typeof pair.key.value === 'string' && pair.key.range) lines.set(pair.key.value, lineCounter.linePos(pair.key.range[0]).line);
  }
  return lines;
}

/** The lines of a local document's paths; none when it cannot be read (the run already read it once). */
export async function readOpenApiPathLines(file: string): Promise<Map<string, number>> {
  try {
    return openApiPathLines(await readFile(file, 'utf8'));
  } catch {
    return new Map();
  }
}
