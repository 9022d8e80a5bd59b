// The parameters the document declares on its reads, one per operation and name: what input.declared-params probes.
import { namesWriteAction } from '../../../core/profile/path-templates.js';
import { isObject } from '../../../core/util/json.js';
import { getOperation } from '../../support/api-openapi.js';
import type { Obj } from './param-values.js';

export interface DeclaredParameter {
  /** The GET's path template as the document writes it. */
  template: string;
  in: 'query' | 'path' | 'header';
  name: string;
  /** The parameter object, its `$ref` followed. */
  definition: Obj;
  /** Every parameter of the operation (path item's and operation's merged), this one included. */
  siblings: Obj[];
}

const PLACES = new Set(['query', 'path', 'header']);

/** The query, path and header parameters of every GET of the document, operations in the document's order. */
export function declaredReads(doc: Obj): DeclaredParameter[] {
  const found: DeclaredParameter[] = [];
  for (const template of Object.keys(isObject(doc['paths']) ? doc['paths'] : {})) {
    // A GET that writes by its name (Sails' `/station/create?capacity=81`) is probed not at all: a broken value
    // with the required ones beside it made a record.
    const get = namesWriteAction(template) ? undefined : getOperation(doc, template);
    if (!get) continue;
    for (const definition of get.parameters) {
      const where = definition['in'];
      const name = definition['name'];
      if (typeof where !== 'string' || !PLACES.has(where) || typeof name !== 'string' || name === '') continue;
      found.push({ template, in: where as DeclaredParameter['in'], name, definition, siblings: get.parameters });
    }
  }
  return found;
}
