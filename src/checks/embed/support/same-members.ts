// An embedded representation against the resource's own: the members both hold must agree (prf-embed: what is
// embedded is the subresource's representation, not another view of it).
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { isObject, jsonTypeOf } from '../../../core/util/json.js';
import { sameJson, show } from '../../support/same-json.js';

/** The answer's `embedded` value as an object; reports `notMap` and gives undefined when it is not one. */
export function embeddedMap(
  ctx: CheckContext<'notMap'>,
  url: string,
  embedded: unknown,
  exchange: Exchange,
): Record<string, unknown> | undefined {
  const type = embedded === undefined ? 'absent' : jsonTypeOf(embedded);
  return ctx.expect(isObject(embedded), 'notMap', { url, type }, exchange) && isObject(embedded) ? embedded : undefined;
}

/** Whether the entry under `key` is a representation object; reports `notRepresentation` when it is not. */
export const isRepresentation = (
  ctx: CheckContext<'notRepresentation'>,
  url: string,
  key: string,
  entry: unknown,
  exchange: Exchange,
): entry is Record<string, unknown> =>
  ctx.expect(isObject(entry), 'notRepresentation', { url, key, type: jsonTypeOf(entry) }, exchange) && isObject(entry);

export interface MemberDifference {
  /** Dotted path of the member (`company.name`). */
  member: string;
  embedded: string;
  own: string;
}

/** A link written relative in one and absolute in the other is one link: both resolved against their answer's URL. */
function sameLink(a: unknown, aBase: string, b: unknown, bBase: string): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || !/^(\/|https?:)/.test(a) || !/^(\/|https?:)/.test(b))
    return false;
  try {
    return new URL(a, aBase).href === new URL(b, bBase).href;
  } catch {
    return false;
  }
}

/**
 * The first member both representations hold with different values (objects compared member by member, the
 * members only one holds aside), or undefined when they agree.
 */
export function differingMember(
  embedded: Record<string, unknown>,
  embeddedBase: string,
  own: Record<string, unknown>,
  ownBase: string,
  prefix = '',
): MemberDifference | undefined {
  for (const [name, value] of Object.entries(embedded)) {
    if (!(name in own)) continue;
    const other = own[name];
    const member = `${prefix}${name}`;
    if (isObject(value) && isObject(other)) {
      const inner = differingMember(value, embeddedBase, other, ownBase, `${member}.`);
      if (inner) return inner;
      continue;
    }
    if (sameJson(value, other) || sameLink(value, embeddedBase, other, ownBase)) continue;
    return { member, embedded: show(value), own: show(other) };
  }
  return undefined;
}
