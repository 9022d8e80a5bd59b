// A node of one side: a value with the file and JSON path it was read from, so every finding can
// name a file and a line; `deref` follows $refs (across files) to the node they point at.
import type { LintRange } from '../core/types.js';
import { swaggerPath } from '../lint/swagger.js';
import { followRefs } from '../openapi/refs.js';
import { resolveLocation, type DocumentSet, type JsonPath } from './sources.js';

type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Node {
  source: string;
  path: JsonPath;
  value: unknown;
}

export class Side {
  constructor(readonly set: DocumentSet) {}

  get root(): Node {
    return { source: this.set.root, path: [], value: this.set.files.get(this.set.root)?.data };
  }

  /** The child `key` of a node (not dereferenced). */
  child(node: Node, key: string | number): Node {
    const value = isObject(node.value)
      ? node.value[String(key)]
      : Array.isArray(node.value)
        ? node.value[Number(key)]
        : undefined;
    return { source: node.source, path: [...node.path, key], value };
  }

  /** The node a `$ref` chain ends at; the node itself when it is no $ref, an undefined value when the target is missing. */
  deref(node: Node): Node {
    const { source, path, value } = followRefs(node, {
      dataOf: (file) => this.set.files.get(file)?.data,
      locate: resolveLocation,
    });
    return { source, path, value };
  }

  /** The dereferenced child. */
  at(node: Node, ...keys: Array<string | number>): Node {
    let current = this.deref(node);
    for (const key of keys) current = this.deref(this.child(current, key));
    return current;
  }

  /** Where a node is written: its path and range in its file (in a Swagger 2.0 document, the place 2.0 writes it). */
  place(node: Pick<Node, 'source' | 'path'>): { source: string; path: JsonPath; range: LintRange } {
    const file = this.set.files.get(node.source);
    const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    if (!file) return { source: node.source, path: node.path, range: zero };
    const path = file.swagger ? swaggerPath(file.swagger, node.path) : node.path;
    const location = file.parser.getLocationForJsonPath(file.parsed, path, true);
    return {
      source: node.source,
      path,
      range: location ? { start: { ...location.range.start }, end: { ...location.range.end } } : zero,
    };
  }

  /** The data of a file as written (a Swagger 2.0 document, not its OpenAPI 3.0 form). */
  written(source: string): unknown {
    const file = this.set.files.get(source);
    return file?.swagger ?? file?.data;
  }
}

export const keyOf = (node: Node): string => `${node.source}#${node.path.join('/')}`;
