// A node of one side: a value with the file and JSON path it was read from, so every finding can
// name a file and a line; the side's OpenAPI model follows $refs (across files) to the node they point at.
import type { LintRange } from '../core/report/types.js';
import { swaggerPath } from '../lint/swagger.js';
import type { JsonPath } from '../openapi/json.js';
import { OpenApiModel } from '../openapi/operations.js';
import type { Located } from '../openapi/refs.js';
import { resolveLocation, type DocumentSet } from './sources.js';

export type Node = Located;

export class Side {
  /** The side read as OpenAPI: its operations, parameters and $refs across its files. */
  readonly model: OpenApiModel;

  constructor(readonly set: DocumentSet) {
    this.model = new OpenApiModel(
      { dataOf: (file) => set.files.get(file)?.data, locate: resolveLocation },
      { source: set.root, path: [], value: set.files.get(set.root)?.data },
    );
  }

  get root(): Node {
    return this.model.root;
  }

  /** The child `key` of a node (not dereferenced). */
  child(node: Node, key: string | number): Node {
    return this.model.child(node, key);
  }

  /** The node a `$ref` chain ends at; the node itself when it is no $ref, an undefined value when the target is missing. */
  deref(node: Node): Node {
    return this.model.deref(node);
  }

  /** The dereferenced child. */
  at(node: Node, ...keys: Array<string | number>): Node {
    return this.model.at(node, ...keys);
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
