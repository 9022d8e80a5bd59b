import { defineRule, type RuleCase } from '../define.js';
import { base, O, op, REUSE, withPath } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { asArray, isObject, type JsonPath } from '../../support/json.js';
import {
  defineRuleFunction,
  definedInOtherFile,
  finding,
  isReusableDefinitionsOnly,
  NO_OPTIONS,
  type Finding,
} from '../../functions/define.js';

/**
 * oas-tags: at most one tag per operation, declared in the entry document's top-level tags, starting
 * with a capital. As belgif's validator: every operation reachable from the entry document is checked,
 * also one $ref'd from another file, except those of a file of reusable definitions only.
 */
const tagGuidelines = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  const declared = new Set(asArray(root.tags).map((t) => (isObject(t) ? t.name : undefined)));
  // A file of reusable definitions declares no tags: the entry document that uses its paths does.
  const checkDeclared = !isReusableDefinitionsOnly(root);
  for (const op of operationsOf(root)) {
    const tags = asArray(op.operation.tags);
    if (tags.length > 1) out.push(finding('An operation should have at most one tag', [...op.at, 'tags']));
    tags.forEach((tag, i) => {
      if (typeof tag !== 'string') return;
      const at = [...op.at, 'tags', i];
      if (checkDeclared && !declared.has(tag) && !fromReusableDefinitions(context, at))
        out.push(finding(`Tag "${tag}" should be declared in the top-level tags`, at));
      if (!/^[A-Z]/.test(tag)) out.push(finding(`Tag "${tag}" should start with a capital`, at));
    });
  }
  return out;
});
/** Whether `at` is defined in another file that holds reusable definitions only (x-reusable-definitions-only). */
function fromReusableDefinitions(context: RulesetFunctionContext, at: JsonPath): boolean {
  if (!definedInOtherFile(context, at)) return false;
  try {
    const data = context.documentInventory.findAssociatedItemForPath(at, true)?.document.data;
    return isObject(data) && isReusableDefinitionsOnly(data);
  } catch {
    return false;
  }
}

export const rule = defineRule({
  code: 'oas-tags',
  severity: 'warn',
  description:
    "Operations have at most one tag, declared in the entry document's top-level tags (but those of reusable-definitions-only files) and starting with a capital",
  then: tagGuidelines,
});

export const cases = (): RuleCase[] => [
  {
    name: 'two tags; undeclared; lower case',
    errors: [
      { path: O('/a', 'get', 'tags') },
      { path: O('/a', 'get', 'tags', 1) },
      { path: O('/a', 'get', 'tags', 1) },
      { path: O('/a', 'put', 'tags', 0) },
    ],
    document: withPath(
      '/a',
      { get: op({ tags: ['Things', 'stuff'] }), put: op({ operationId: 'p', tags: ['Unknown'] }) },
      { tags: [{ name: 'Things' }] },
    ),
  },
  {
    name: 'one declared tag',
    errors: [],
    document: withPath('/a', { get: op({ tags: ['Things'] }) }, { tags: [{ name: 'Things' }] }),
  },
  {
    name: 'reusable definitions: tags are declared by the entry document, case still checked',
    errors: [{ path: O('/health', 'get', 'tags', 0), message: 'capital' }],
    document: withPath('/health', { get: op({ tags: ['monitoring'] }) }, { 'x-reusable-definitions-only': true }),
  },
  // belgif's validator: every operation reachable from the entry document, but those of reusable-definitions-only files.

  {
    name: 'a path item from another file of the API, its tag not declared in the entry document',
    errors: [{ path: O('/orders', 'get', 'tags', 0), message: 'declared' }],
    document: base({
      tags: [{ name: 'Nothing To See Here' }],
      paths: { '/orders': { $ref: `${REUSE}/shared/orders-api.yaml#/paths/~1orders` } },
    }),
  },
  {
    name: 'a path item from another file of the API, its tag declared in the entry document',
    errors: [],
    document: base({
      tags: [{ name: 'Orders' }],
      paths: { '/orders': { $ref: `${REUSE}/shared/orders-api.yaml#/paths/~1orders` } },
    }),
  },

  {
    name: 'FP: a path item from a definitions file, with its tag declared there',
    errors: [],
    document: base({ paths: { '/health': { $ref: `${REUSE}/common/v1/common-v1.yaml#/paths/~1health` } } }),
  },
];
