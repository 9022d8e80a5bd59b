// oneOf/anyOf alternatives matched by content, not by position: reordering them changes nothing a
// client sees. An alternative is matched by its text, else by the component it references, its
// title or its type (when that names one alternative on each side), else as the one left on each
// side. Unmatched ones were added or removed: one more alternative in a response is a value clients
// do not expect (breaking), in a request one more they may send (compatible); and the reverse.
import type { DiffCode } from './kinds.js';
import type { Differ, Direction } from './differ.js';
import { isObject } from '../openapi/json.js';
import { type Node, type Side } from './nodes.js';
import { typesOverlap, viewOf, type SchemaView } from './schema-view.js';

type Compare = (oldAlternative: Node, newAlternative: Node, name: string) => void;

interface Alternative {
  node: Node;
  text: string;
  ref?: string;
  index: number;
  details?: Details;
}
/** What matching by identity needs; read only for alternatives whose text found no twin. */
interface Details {
  view: SchemaView;
  name: string;
  keys: Array<string | undefined>;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );

function alternative(node: Node, index: number): Alternative {
  const ref =
    isObject(node.value) && typeof node.value.$ref === 'string' ? node.value.$ref.split('/').pop() : undefined;
  return { node, text: canonical(node.value), index, ...(ref ? { ref } : {}) };
}

function detailsOf(side: Side, a: Alternative): Details {
  if (a.details) return a.details;
  const view = viewOf(side, a.node);
  const title =
    isObject(view.node.value) && typeof view.node.value.title === 'string' ? view.node.value.title : undefined;
  const types = view.types ? [...view.types].sort().join('|') : undefined;
  a.details = {
    view,
    name: a.ref ?? title ?? types ?? String(a.index),
    keys: [
      a.ref ? `ref:${a.ref}` : undefined,
      title ? `title:${title}` : undefined,
      types ? `type:${types}` : undefined,
    ],
  };
  return a.details;
}

const nameOf = (a: Alternative): string => a.details?.name ?? a.ref ?? String(a.index);

export function compareAlternatives(
  d: Differ,
  ov: SchemaView,
  nv: SchemaView,
  direction: Direction,
  label: string,
  compare: Compare,
): void {
  if (!ov.alternatives.length || !nv.alternatives.length) return;
  const olds = ov.alternatives.map(alternative);
  const news = nv.alternatives.map(alternative);
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
  for (let k = 0; k < 3 && olds.length && news.length; k++) {
    for (const a of [...olds]) {
      const key = detailsOf(d.old, a).keys[k];
      if (key === undefined) continue;
      const mine = olds.filter((x) => detailsOf(d.old, x).keys[k] === key);
      const theirs = news.filter((x) => detailsOf(d.new_, x).keys[k] === key);
      if (mine.length === 1 && theirs.length === 1) take(a, theirs[0]!);
    }
  }
  if (
    olds.length === 1 &&
    news.length === 1 &&
    typesOverlap(detailsOf(d.old, olds[0]!).view, detailsOf(d.new_, news[0]!).view)
  )
    take(olds[0]!, news[0]!);

  for (const [a, b] of pairs) compare(a.node, b.node, nameOf(b));
  // A response that may now be more breaks clients, one that may be less narrows; a request is the other way round.
  const response = direction === 'response';
  for (const b of news) {
    const { name } = detailsOf(d.new_, b);
    const [code, message]: [DiffCode, string] = response
      ? [
          'evo-compat-response-property-type-changed',
          `${label} may now also be ${name} (a new oneOf/anyOf alternative)`,
        ]
      : ['evo-compat-request-validation-relaxed', `${label}: accepts one more oneOf/anyOf alternative, ${name}`];
    d.add(code, message, ov.node, b.node, `alternative:${name}`);
  }
  for (const a of olds) {
    const { name } = detailsOf(d.old, a);
    const [code, message]: [DiffCode, string] = response
      ? [
          'evo-compat-response-narrowed',
          `${label}: oneOf/anyOf alternative ${name} removed (clients still understand the others)`,
        ]
      : ['evo-compat-request-type-changed', `${label} no longer accepts the oneOf/anyOf alternative ${name}`];
    d.add(code, message, a.node, nv.node, `alternative:${name}`);
  }
}
