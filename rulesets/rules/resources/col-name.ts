import { defineRule, type RuleCase } from '../define.js';
import { base, collection, gets, itemsOf, link, op } from '../documents.js';
import { operationsOf, responsesOf } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { withoutExtension } from '../../functions/paths.js';
import { isParamSegment, itemsAreObjects, jsonSchemaOf, segmentsOf } from '../../functions/resources.js';

const collectionCache = new WeakMap<Json, Set<string>>();

/**
 * Paths that have a direct child `<path>/{param}`: their GET returns a collection. Read without a file
 * extension (`/accounts.json` with its child `/accounts/{sid}.json`, a suffix uri-extens reports).
 */
function collectionPaths(root: Json): Set<string> {
  const cached = collectionCache.get(root);
  if (cached) return cached;
  const out = new Set<string>();
  collectionCache.set(root, out);
  for (const path of Object.keys(isObject(root.paths) ? root.paths : {})) {
    const segments = segmentsOf(withoutExtension(path));
    const last = segments[segments.length - 1];
    if (last !== undefined && isParamSegment(last)) out.add(`/${segments.slice(0, -1).join('/')}`);
  }
  return out;
}

// Plural nouns: the validator's endings (s, data), irregular plurals such as the guide's own "children", and
// the Dutch and German -en and French -aux plurals of Belgian APIs' names (adressen, travaux).
const PLURAL = /(?:s|en|aux|[dD]ata|[mM]edia|[cC]riteria|[pP]eople)$/;
/** col-name: a collection's name is a plural noun (ends with s, data or Data, is an irregular plural, or is a history). */
const collectionNamePlural = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const collections = collectionPaths(root);
  for (const op of operationsOf(root)) {
    if (op.method !== 'get') continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const json = ok ? jsonSchemaOf(ok.response) : undefined;
    const returnsItems = json !== undefined && isObject(json.schema) && itemsAreObjects(json.schema);
    if (!collections.has(withoutExtension(op.path)) && !returnsItems) continue;
    const last = segmentsOf(withoutExtension(op.path)).pop();
    if (last === undefined || isParamSegment(last)) continue;
    if (PLURAL.test(last) || op.path.endsWith('/history')) continue;
    out.push(finding(`Collection "${last}" should be named with a plural noun`, ['paths', op.path]));
  }
  return out;
});

export const rule = defineRule({
  code: 'col-name',
  severity: 'warn',
  description: 'Collections are named with a plural noun',
  then: collectionNamePlural,
});

export const cases = (): RuleCase[] => [
  // "A plural noun SHOULD be used for collection names": Belgian APIs name them in Dutch, French or German too.

  {
    name: 'FP: Dutch and French plurals',
    errors: [],
    document: base({
      paths: {
        ...collection('/adressen', itemsOf({ type: 'object', properties: { href: link } })),
        ...collection('/informatieobjecten', itemsOf({ type: 'object', properties: { href: link } })),
        ...collection('/travaux', itemsOf({ type: 'object', properties: { href: link } })),
      },
    }),
  },
  {
    name: 'a Dutch singular',
    errors: [{ path: ['paths', '/gebouw'] }],
    document: base({ paths: collection('/gebouw', itemsOf({ type: 'object', properties: { href: link } })) }),
  },

  {
    name: 'singular collection',
    errors: [{ path: ['paths', '/employer'] }],
    document: base({
      paths: { '/employer': { get: op() }, '/employer/{employerId}': { get: op({ operationId: 'one' }) } },
    }),
  },
  {
    name: 'plural, data, history',
    errors: [],
    document: base({
      paths: {
        '/employers': { get: op() },
        '/employers/{employerId}': { get: op({ operationId: 'one' }) },
        '/refData': { get: op({ operationId: 'r' }) },
        '/refData/{code}': { get: op({ operationId: 'r2' }) },
      },
    }),
  },
  // "A plural noun SHOULD be used for collection names, for example 'employers' or 'children'".

  {
    name: "FP: the guide's own children; media behind a suffix",
    errors: [],
    document: base({
      paths: gets(
        '/children',
        '/children/{childId}',
        '/messages/{messageId}/media.json',
        '/messages/{messageId}/media/{mediaId}.json',
      ),
    }),
  },
  {
    name: 'a singular collection behind a suffix',
    errors: [{ path: ['paths', '/employer.json'] }],
    document: base({
      paths: gets('/employer.json', '/employer/{employerId}.json'),
    }),
  },
];
