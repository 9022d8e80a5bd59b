// Matches paths (parameter names normalized: /a/{id} = /a/{aId}) and operations (method), then
// compares parameters, request bodies, responses and security of each pair.
import { compareSchema } from './compare-schema.js';
import type { Differ, Direction } from './differ.js';
import { isObject } from '../openapi/json.js';
import { HTTP_METHODS, type HttpMethod, type Operation } from '../openapi/operations.js';
import type { Node, Side } from './nodes.js';
import { ANY_PARAMETERS } from '../core/profile/path-templates.js';

const normalizePath = (path: string): string => path.replace(ANY_PARAMETERS, '{}').replace(/(.)\/$/, '$1');

function pathsOf(side: Side): Map<string, { template: string; node: Node }> {
  const paths = side.at(side.root, 'paths');
  const out = new Map<string, { template: string; node: Node }>();
  if (isObject(paths.value))
    for (const template of Object.keys(paths.value))
      out.set(normalizePath(template), { template, node: side.child(paths, template) });
  return out;
}

export function comparePaths(d: Differ): void {
  const oldPaths = pathsOf(d.old);
  const newPaths = pathsOf(d.new_);
  const newPathsNode = d.new_.at(d.new_.root, 'paths');
  const oldPathsNode = d.old.at(d.old.root, 'paths');
  for (const [key, before] of oldPaths) {
    const after = newPaths.get(key);
    if (!after) {
      d.add(
        'evo-compat-path-removed',
        `path ${before.template} removed (a moved resource keeps its old URL answering 301)`,
        before.node,
        newPathsNode.value === undefined ? d.new_.root : newPathsNode,
      );
      continue;
    }
    const o = d.old.deref(before.node);
    const n = d.new_.deref(after.node);
    const oldOps = operationsOf(d.old, before.template, o);
    const newOps = operationsOf(d.new_, after.template, n);
    for (const method of HTTP_METHODS) {
      const oldOp = oldOps.get(method);
      const newOp = newOps.get(method);
      const name = `${method.toUpperCase()} ${after.template}`;
      if (oldOp === undefined && newOp !== undefined)
        d.add('evo-compat-operation-added', `${name} added`, o, newOp.operation);
      else if (oldOp !== undefined && newOp === undefined)
        d.add('evo-compat-operation-removed', `${name} removed`, oldOp.operation, n);
      else if (oldOp !== undefined && newOp !== undefined) compareOperation(d, oldOp, newOp, name);
    }
  }
  for (const [key, after] of newPaths) {
    if (!oldPaths.has(key))
      d.add(
        'evo-compat-path-added',
        `path ${after.template} added`,
        oldPathsNode.value === undefined ? d.old.root : oldPathsNode,
        after.node,
      );
  }
}

/** The operations of a path item (its $ref followed) by method. */
function operationsOf(side: Side, template: string, item: Node): Map<HttpMethod, Operation> {
  if (!isObject(item.value)) return new Map();
  return new Map(side.model.operationsOf(template, { ...item, value: item.value }).map((op) => [op.method, op]));
}

function compareOperation(d: Differ, o: Operation, n: Operation, name: string): void {
  if (n.operation.value.deprecated === true && o.operation.value.deprecated !== true) {
    d.add('evo-deprec-deprecated', `${name} is now deprecated`, o.operation, n.operation);
  }
  compareParameters(d, o, n, name);
  compareRequestBody(d, o.operation, n.operation, name);
  compareResponses(d, o.operation, n.operation, name);
  compareSecurity(d, o.operation, n.operation, name);
}

// ---- parameters ---------------------------------------------------------------------------

interface Parameter {
  node: Node;
  name: string;
  in: string;
  key: string;
  index: number;
}

/**
 * The operation's parameters as the model merges them, one per `in` and name (of duplicates, which
 * no valid document has, the last declared); path parameters keyed by position.
 */
function parametersOf(side: Side, { pathItem, operation }: Operation): Parameter[] {
  const byKey = new Map<string, Parameter>();
  let pathIndex = 0;
  for (const p of side.model.parameters(pathItem, operation))
    byKey.set(p.key, {
      node: p.node,
      name: p.name,
      in: p.in,
      key: p.in === 'header' ? p.name.toLowerCase() : p.name,
      index: p.in === 'path' ? pathIndex++ : -1,
    });
  return [...byKey.values()];
}

const DEFAULT_STYLE: Record<string, string> = { query: 'form', cookie: 'form', path: 'simple', header: 'simple' };
const styleOf = (p: Parameter): string => {
  const v = p.node.value as Record<string, unknown>;
  const style = typeof v.style === 'string' ? v.style : (DEFAULT_STYLE[p.in] ?? 'form');
  return `style ${style}, explode ${typeof v.explode === 'boolean' ? v.explode : style === 'form'}`;
};
const isRequired = (p: Parameter): boolean => (p.node.value as Record<string, unknown>).required === true;

function compareParameters(d: Differ, o: Operation, n: Operation, name: string): void {
  // Path parameters are matched by their place in the path: their names may differ.
  const pathKey = (p: Parameter) => (p.in === 'path' ? `path#${p.index}` : `${p.in}:${p.key}`);
  const before = parametersOf(d.old, o);
  const after = parametersOf(d.new_, n);
  const newByKey = new Map(after.map((p) => [pathKey(p), p]));
  const oldKeys = new Set(before.map(pathKey));
  const added = after.filter((p) => !oldKeys.has(pathKey(p)));
  const removed: Parameter[] = [];
  for (const p of before) {
    const q = newByKey.get(pathKey(p));
    if (!q) {
      removed.push(p);
      continue;
    }
    const label = `${name} ${p.in} parameter \`${q.name}\``;
    if (!isRequired(p) && isRequired(q))
      d.add('evo-compat-parameter-required', `${label} is now required`, p.node, q.node);
    else if (isRequired(p) && !isRequired(q))
      d.add('evo-compat-request-validation-relaxed', `${label} is now optional`, p.node, q.node);
    if (styleOf(p) !== styleOf(q))
      d.add(
        'evo-compat-parameter-style-changed',
        `${label} changed from ${styleOf(p)} to ${styleOf(q)}`,
        p.node,
        q.node,
      );
    if (
      !(isObject(p.node.value) && p.node.value.deprecated === true) &&
      isObject(q.node.value) &&
      q.node.value.deprecated === true
    )
      d.add('evo-deprec-deprecated', `${label} is now deprecated`, p.node, q.node);
    compareSchema(
      d,
      d.old.child(p.node, 'schema'),
      d.new_.child(q.node, 'schema'),
      'request',
      name,
      `${p.in} parameter ${q.name}`,
    );
  }
  for (const p of removed) {
    const moved = added.find((q) => q.key.toLowerCase() === p.key.toLowerCase() && q.in !== p.in);
    const renamed = moved ? undefined : added.find((q) => q.in === p.in);
    if (moved) {
      added.splice(added.indexOf(moved), 1);
      d.add(
        'evo-compat-parameter-moved',
        `${name} parameter \`${p.name}\` moved from ${p.in} to ${moved.in}`,
        p.node,
        moved.node,
      );
    } else if (renamed) {
      added.splice(added.indexOf(renamed), 1);
      d.add(
        'evo-compat-parameter-renamed',
        `${name} ${p.in} parameter \`${p.name}\` renamed to \`${renamed.name}\``,
        p.node,
        renamed.node,
      );
    } else {
      d.add(
        'evo-compat-parameter-removed',
        `${name} ${p.in} parameter \`${p.name}\` removed: clients still send it`,
        p.node,
        n.operation,
      );
    }
  }
  for (const q of added) {
    if (isRequired(q))
      d.add(
        'evo-compat-parameter-required',
        `${name} ${q.in} parameter \`${q.name}\` added as required`,
        o.operation,
        q.node,
      );
    else
      d.add(
        'evo-compat-parameter-added',
        `${name} optional ${q.in} parameter \`${q.name}\` added`,
        o.operation,
        q.node,
      );
  }
}

// ---- bodies -------------------------------------------------------------------------------

function compareRequestBody(d: Differ, oldOp: Node, newOp: Node, name: string): void {
  const o = d.old.at(oldOp, 'requestBody');
  const n = d.new_.at(newOp, 'requestBody');
  const required = (v: unknown) => isObject(v) && v.required === true;
  if (n.value === undefined) {
    // No body any more: what clients send is no longer accepted, media type by media type.
    const oc = d.old.at(o, 'content');
    if (isObject(oc.value)) compareContent(d, oc, n, 'request', name, newOp);
    return;
  }
  if (required(n.value) && !required(o.value))
    d.add(
      'evo-compat-request-body-required',
      `${name} request body ${o.value === undefined ? 'added as required' : 'is now required'}`,
      o.value === undefined ? oldOp : o,
      n,
    );
  else if (required(o.value) && !required(n.value))
    d.add('evo-compat-request-validation-relaxed', `${name} request body is now optional`, o, n);
  if (o.value === undefined) return;
  const oc = d.old.at(o, 'content');
  const nc = d.new_.at(n, 'content');
  if (!isObject(oc.value) || !isObject(nc.value)) return;
  compareContent(d, oc, nc, 'request', name, nc);
  for (const media of Object.keys(nc.value)) {
    if (!(media in oc.value))
      d.add(
        'evo-compat-request-validation-relaxed',
        `${name} now also accepts a ${media} request body`,
        oc,
        d.new_.child(nc, media),
      );
  }
}

/**
 * Each media type of an old body (`oc`, its content map) in the new one (`nc`): gone, reported at `removedAt`, or
 * its schema compared. `where` names the operation (a request) or the response.
 */
export function compareContent(
  d: Differ,
  oc: Node,
  nc: Node,
  direction: Direction,
  where: string,
  removedAt: Node,
): void {
  const newContent = isObject(nc.value) ? nc.value : {};
  for (const media of Object.keys(oc.value as object)) {
    if (media in newContent)
      compareSchema(
        d,
        d.old.child(d.old.at(oc, media), 'schema'),
        d.new_.child(d.new_.at(nc, media), 'schema'),
        direction,
        direction === 'request' ? `${where} request ${media}` : `${where} ${media}`,
        'body',
      );
    else if (direction === 'request')
      d.add(
        'evo-compat-request-media-type-removed',
        `${where} no longer accepts a ${media} request body`,
        d.old.child(oc, media),
        removedAt,
      );
    else
      d.add(
        'evo-compat-response-media-type-removed',
        `${where} no longer has a ${media} body`,
        d.old.child(oc, media),
        removedAt,
      );
  }
}

function compareResponses(d: Differ, oldOp: Node, newOp: Node, name: string): void {
  const o = d.old.at(oldOp, 'responses');
  const n = d.new_.at(newOp, 'responses');
  if (!isObject(o.value) || !isObject(n.value)) return;
  for (const status of Object.keys(o.value)) {
    // A status now covered by its range (5XX) or by default is still documented: compare with that.
    const covering = [status, `${status[0]}XX`, `${status[0]}xx`, 'default'].find(
      (key) => key in (n.value as object) && (key === status || /^\d{3}$/.test(status)),
    );
    if (covering === undefined) {
      d.add('evo-compat-response-status-removed', `${name} response ${status} removed`, d.old.child(o, status), n);
      continue;
    }
    const or = d.old.at(o, status);
    const nr = d.new_.at(n, covering);
    const where = `${name} response ${status}`;
    const oh = d.old.at(or, 'headers');
    const nh = d.new_.at(nr, 'headers');
    if (isObject(oh.value)) {
      const newHeaders = new Map(Object.keys(isObject(nh.value) ? nh.value : {}).map((h) => [h.toLowerCase(), h]));
      for (const header of Object.keys(oh.value)) {
        const match = newHeaders.get(header.toLowerCase());
        if (match === undefined)
          d.add(
            'evo-compat-response-header-removed',
            `${where} header ${header} removed`,
            d.old.child(oh, header),
            nh.value === undefined ? nr : nh,
          );
        else
          compareSchema(
            d,
            d.old.child(d.old.at(oh, header), 'schema'),
            d.new_.child(d.new_.at(nh, match), 'schema'),
            'response',
            where,
            `header ${match}`,
          );
      }
    }
    const oc = d.old.at(or, 'content');
    const nc = d.new_.at(nr, 'content');
    if (isObject(oc.value)) compareContent(d, oc, nc, 'response', where, nc.value === undefined ? nr : nc);
  }
  for (const status of Object.keys(n.value)) {
    if (!(status in o.value))
      d.add('evo-compat-response-status-added', `${name} response ${status} added`, o, d.new_.child(n, status));
  }
}

// ---- security -----------------------------------------------------------------------------

type Requirement = Map<string, Set<string>>;

/** The security alternatives of an operation (its own, else the document's); none: anonymous. */
function requirementsOf(side: Side, op: Node): { node: Node; alternatives: Requirement[] } {
  const node = side.model.security(op);
  const list = Array.isArray(node.value) ? node.value : [];
  const alternatives = list
    .filter(isObject)
    .map(
      (req) =>
        new Map(
          Object.entries(req).map(([scheme, scopes]) => [
            scheme,
            new Set(Array.isArray(scopes) ? scopes.map(String) : []),
          ]),
        ),
    );
  return { node: node.value === undefined ? op : node, alternatives: alternatives.length ? alternatives : [new Map()] };
}

const within = (b: Requirement, a: Requirement): boolean =>
  [...b].every(([scheme, scopes]) => a.has(scheme) && [...scopes].every((s) => a.get(scheme)!.has(s)));
const describe = (r: Requirement): string =>
  r.size
    ? [...r].map(([s, scopes]) => (scopes.size ? `${s}(${[...scopes].join(' ')})` : s)).join(' + ')
    : 'no authentication';

function compareSecurity(d: Differ, oldOp: Node, newOp: Node, name: string): void {
  const o = requirementsOf(d.old, oldOp);
  const n = requirementsOf(d.new_, newOp);
  // A client that met an old alternative still gets in if some new alternative asks no more of it.
  for (const before of o.alternatives) {
    if (n.alternatives.some((after) => within(after, before))) continue;
    d.add(
      'evo-compat-security-added',
      `${name}: a client with ${describe(before)} is no longer enough; now needs ${n.alternatives.map(describe).join(' or ')}`,
      o.node,
      n.node,
    );
  }
}
