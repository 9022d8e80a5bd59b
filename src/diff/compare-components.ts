// Components: removed ones break documents that reference them; those no operation reaches (a
// library of schemas, like belgif's openapi-* documents) are compared on their own, both ways.
import { compareContent } from './compare-operations.js';
import { compareSchema } from './compare-schema.js';
import type { Differ } from './differ.js';
import { isObject } from '../openapi/json.js';
import { keyOf, type Node } from './nodes.js';

const SECTIONS = ['schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'securitySchemes'] as const;

export function compareComponents(d: Differ): void {
  const oldComponents = d.old.at(d.old.root, 'components');
  const newComponents = d.new_.at(d.new_.root, 'components');
  for (const section of SECTIONS) {
    const o = d.old.at(oldComponents, section);
    const n = d.new_.at(newComponents, section);
    const before = isObject(o.value) ? o.value : {};
    const after = isObject(n.value) ? n.value : {};
    const newHolder = n.value !== undefined ? n : newComponents.value !== undefined ? newComponents : d.new_.root;
    const oldHolder = o.value !== undefined ? o : oldComponents.value !== undefined ? oldComponents : d.old.root;
    for (const name of Object.keys(before)) {
      if (!(name in after))
        d.add('evo-compat-component-removed', `components/${section}/${name} removed`, d.old.child(o, name), newHolder);
    }
    for (const name of Object.keys(after)) {
      if (!(name in before))
        d.add('evo-compat-component-added', `components/${section}/${name} added`, oldHolder, d.new_.child(n, name));
    }
    for (const name of Object.keys(after)) {
      if (name in before)
        markedDeprecated(
          d,
          d.old.deref(d.old.child(o, name)),
          d.new_.deref(d.new_.child(n, name)),
          `components/${section}/${name}`,
        );
    }
    if (section !== 'schemas' && section !== 'responses') continue;
    for (const name of Object.keys(before)) {
      if (!(name in after)) continue;
      const oldNode = d.old.deref(d.old.child(o, name));
      if (d.reached.has(keyOf(oldNode))) continue;
      const newNode = d.new_.child(n, name);
      const where = `components/${section}/${name}`;
      if (section === 'schemas') {
        // Unused by any operation here: judge it as both a response and a request would, one
        // finding per change (a removed property is one break, not one per direction).
        const start = d.findings.length;
        compareSchema(d, oldNode, newNode, 'response', `${where} (as a response)`, 'schema');
        compareSchema(d, oldNode, newNode, 'request', `${where} (as a request)`, 'schema');
        d.keepOnePerCause(start);
      } else {
        const oc = d.old.at(oldNode, 'content');
        const nc = d.new_.at(newNode, 'content');
        if (isObject(oc.value) && isObject(nc.value)) compareContent(d, oc, nc, 'response', where, nc);
      }
    }
  }
}

// evo-deprec: `deprecated: true`, or `x-deprecated: true` where OpenAPI has no such field (security schemes).
const deprecatedIn = (value: unknown): boolean =>
  isObject(value) && (value.deprecated === true || value['x-deprecated'] === true);

function markedDeprecated(d: Differ, o: Node, n: Node, where: string): void {
  if (!deprecatedIn(o.value) && deprecatedIn(n.value) && d.once(`deprecated\u0000${keyOf(n)}`))
    d.add('evo-deprec-deprecated', `${where} is now deprecated`, o, n);
}
