// oneOf/anyOf alternatives matched by content, not by position: reordering them changes nothing a
// client sees. An alternative is matched by its text, else by the component it references, its
// title or its type (when that names one alternative on each side), else as the one left on each
// side. Unmatched ones were added or removed: one more alternative in a response is a value clients
// do not expect (breaking), in a request one more they may send (compatible); and the reverse.
import type { Differ, Direction } from './differ.js';
import { isObject, type Node } from './nodes.js';
import { typesOverlap, viewOf, type SchemaView } from './schema-view.js';

type Compare = (oldAlternative: Node, newAlternative: Node, name: string) => void;

interface Alternative { node: Node; view: SchemaView; text: string; name: string; keys: Array<string | undefined> }

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));

function describe(node: Node, view: SchemaView, index: number): Alternative {
  const value = isObject(node.value) ? node.value : {};
  const ref = typeof value.$ref === 'string' ? value.$ref.split('/').pop() : undefined;
  const title = isObject(view.node.value) && typeof view.node.value.title === 'string' ? view.node.value.title : undefined;
  const types = view.types ? [...view.types].sort().join('|') : undefined;
  return { node, view, text: canonical(node.value), name: ref ?? title ?? types ?? String(index), keys: [ref ? `ref:${ref}` : undefined, title ? `title:${title}` : undefined, types ? `type:${types}` : undefined] };
}

export function compareAlternatives(d: Differ, ov: SchemaView, nv: SchemaView, direction: Direction, label: string, compare: Compare): void {
  if (!ov.alternatives.length || !nv.alternatives.length) return;
  const olds = ov.alternatives.map((node, i) => describe(node, viewOf(d.old, node), i));
  const news = nv.alternatives.map((node, i) => describe(node, viewOf(d.new_, node), i));
  const pairs: Array<[Alternative, Alternative]> = [];
  const take = (a: Alternative, b: Alternative) => {
    pairs.push([a, b]);
    olds.splice(olds.indexOf(a), 1);
    news.splice(news.indexOf(b), 1);
  };
  for (const a of [...olds]) {
    const same = news.find((b) => b.text === a.text);
    if (same) take(a, same);
  }
  for (let k = 0; k < 3; k++) {
    for (const a of [...olds]) {
      const key = a.keys[k];
      if (key === undefined) continue;
      const mine = olds.filter((x) => x.keys[k] === key);
      const theirs = news.filter((x) => x.keys[k] === key);
      if (mine.length === 1 && theirs.length === 1) take(a, theirs[0]!);
    }
  }
  if (olds.length === 1 && news.length === 1 && typesOverlap(olds[0]!.view, news[0]!.view)) take(olds[0]!, news[0]!);

  for (const [a, b] of pairs) compare(a.node, b.node, b.name);
  for (const b of news) {
    const cause = `alternative:${b.name}`;
    if (direction === 'response') d.add('evo-compat-response-property-type-changed', `${label} may now also be ${b.name} (a new oneOf/anyOf alternative)`, ov.node, b.node, cause);
    else d.add('evo-compat-request-validation-relaxed', `${label}: accepts one more oneOf/anyOf alternative, ${b.name}`, ov.node, b.node, cause);
  }
  for (const a of olds) {
    const cause = `alternative:${a.name}`;
    if (direction === 'response') d.add('evo-compat-response-narrowed', `${label}: oneOf/anyOf alternative ${a.name} removed (clients still understand the others)`, a.node, nv.node, cause);
    else d.add('evo-compat-request-type-changed', `${label} no longer accepts the oneOf/anyOf alternative ${a.name}`, a.node, nv.node, cause);
  }
}
