// The operations of an OpenAPI document, read one way for every reader (the profile, diff, traffic
// coverage, the reference server, the ruleset): paths × methods, path-level parameters merged with
// the operation's, request bodies, responses, media types and security. Values are `Located` (their
// file and path), so diff can name where each one is written; a single document is one source ''.
// Swagger 2.0 is read after conversion to OpenAPI 3 (lint's swagger.ts, the check's --openapi).
import { asArray, entries, isObject, type Json } from './json.js';
import { followRefs, type Located, type RefFiles } from './refs.js';

/** Every method a path item holds an operation under, in the order OpenAPI lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Swagger 2.0's path item has no `trace`. */
export const SWAGGER_2_METHODS: readonly HttpMethod[] = HTTP_METHODS.filter((method) => method !== 'trace');

const METHOD_KEYS: ReadonlySet<string> = new Set(HTTP_METHODS);

/** Whether a path item's key names an operation: OpenAPI's field names are case-sensitive, so `GET` does not. */
export const isHttpMethod = (key: string): key is HttpMethod => METHOD_KEYS.has(key);

export interface Operation {
  /** The path template, as written under `paths`. */
  path: string;
  method: HttpMethod;
  /** The path item, its $ref followed. */
  pathItem: Located & { value: Json };
  operation: Located & { value: Json };
}

export interface Parameter {
  node: Located & { value: Json };
  name: string;
  in: string;
  /** What makes a parameter unique: `in` and name (a header's lower-cased, as HTTP compares them). */
  key: string;
  /** Declared on the path item (and not overridden by the operation) or on the operation. */
  level: 'path' | 'operation';
  /** Its place in the list it is declared in. */
  index: number;
}

export interface ModelOptions {
  /**
   * $refs are read as written, never followed: in the ruleset's document Spectral resolved them (what
   * is left is broken or circular), in a converted Swagger document the ruleset's resolver will.
   */
  asWritten?: boolean;
}

export class OpenApiModel {
  private operationList: Operation[] | undefined;

  constructor(
    private readonly files: RefFiles,
    readonly root: Located,
    private readonly options: ModelOptions = {},
  ) {}

  /** The model of one document (its other files' $refs are not followed). */
  static of(document: unknown, options: ModelOptions = {}): OpenApiModel {
    return new OpenApiModel({ dataOf: () => document }, { source: '', path: [], value: document }, options);
  }

  /** The node a `$ref` chain ends at: the node itself when it is no $ref, an undefined value when the chain breaks. */
  deref(node: Located): Located {
    if (this.options.asWritten) return node;
    const { source, path, value } = followRefs(node, this.files);
    return { source, path, value };
  }

  /** The child `key` of a node, not dereferenced. */
  child(node: Located, key: string | number): Located {
    const value = isObject(node.value)
      ? node.value[String(key)]
      : Array.isArray(node.value)
        ? node.value[Number(key)]
        : undefined;
    return { source: node.source, path: [...node.path, key], value };
  }

  /** The node at `keys` below `node`, each step's $ref followed. */
  at(node: Located, ...keys: Array<string | number>): Located {
    let current = this.deref(node);
    for (const key of keys) current = this.deref(this.child(current, key));
    return current;
  }

  /** Each path template with its path item (its $ref followed); path items that are no object are left out. */
  pathItems(): Array<{ path: string; item: Located & { value: Json } }> {
    const paths = this.at(this.root, 'paths');
    return Object.keys(isObject(paths.value) ? paths.value : {}).flatMap((path) => {
      const item = this.deref(this.child(paths, path));
      return isObject(item.value) ? [{ path, item: item as Located & { value: Json } }] : [];
    });
  }

  /** The operations of one path item, in HTTP_METHODS order; other keys (`summary`, `parameters`, `x-*`) are none. */
  operationsOf(path: string, item: Located & { value: Json }): Operation[] {
    const found: Operation[] = [];
    for (const method of HTTP_METHODS) {
      if (item.value[method] === undefined) continue;
      const operation = this.deref(this.child(item, method));
      if (isObject(operation.value))
        found.push({ path, method, pathItem: item, operation: operation as Located & { value: Json } });
    }
    return found;
  }

  /** Every operation of the document: paths in their order, then methods in HTTP_METHODS order (read once). */
  operations(): Operation[] {
    this.operationList ??= this.pathItems().flatMap(({ path, item }) => this.operationsOf(path, item));
    return this.operationList;
  }

  /**
   * The parameters of an operation: the path item's in their order, one the operation overrides (same
   * `in` and name) replaced in place by the operation's, then the operation's others. Each $ref followed;
   * entries that are no object left out; duplicates within one list kept, as written.
   */
  parameters(pathItem: Located, operation: Located): Parameter[] {
    const shared = this.parameterList(pathItem, 'path');
    const own = this.parameterList(operation, 'operation');
    const ownByKey = new Map<string, Parameter>();
    for (const parameter of own) if (!ownByKey.has(parameter.key)) ownByKey.set(parameter.key, parameter);
    const placed = new Set<Parameter>();
    const merged: Parameter[] = [];
    for (const parameter of shared) {
      const override = ownByKey.get(parameter.key);
      if (override === undefined) merged.push(parameter);
      else if (!placed.has(override)) {
        placed.add(override);
        merged.push(override);
      }
    }
    for (const parameter of own) if (!placed.has(parameter)) merged.push(parameter);
    return merged;
  }

  private parameterList(holder: Located, level: Parameter['level']): Parameter[] {
    const list = this.child(holder, 'parameters');
    return asArray(list.value).flatMap((_, index): Parameter[] => {
      const node = this.deref(this.child(list, index));
      if (!isObject(node.value)) return [];
      const name = String(node.value['name'] ?? '');
      const location = String(node.value['in'] ?? '');
      const key = `${location}:${location === 'header' ? name.toLowerCase() : name}`;
      return [{ node: node as Located & { value: Json }, name, in: location, key, level, index }];
    });
  }

  /** The operation's request body, its $ref followed (an undefined value when it has none). */
  requestBody(operation: Located): Located {
    return this.at(operation, 'requestBody');
  }

  /** The operation's responses by status key (`200`, `4XX`, `default`), each $ref followed. */
  responses(operation: Located): Array<{ status: string; node: Located }> {
    const responses = this.at(operation, 'responses');
    return entries(responses.value).map(([status]) => ({ status, node: this.at(responses, status) }));
  }

  /** The media types of a request body, response or parameter: `content`'s keys, as written. */
  content(holder: Located): Array<{ mediaType: string; node: Located }> {
    const content = this.at(holder, 'content');
    return entries(content.value).map(([mediaType]) => ({ mediaType, node: this.at(content, mediaType) }));
  }

  /** The security requirements an operation is under: its own `security`, else the document's (undefined value: none). */
  security(operation: Located): Located {
    const own = this.child(operation, 'security');
    return own.value !== undefined ? own : this.child(this.root, 'security');
  }
}
