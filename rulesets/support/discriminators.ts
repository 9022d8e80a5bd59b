// What values each discriminator accepts, so examples are checked against the branch their discriminator
// value picks (OpenAPI semantics) rather than against every oneOf branch at once.
import { asArray, entries, isObject, type Json, type JsonPath } from './json.js';
import type { SchemaVisit } from './inventory.js';

interface DiscriminatorRule {
  propertyName: string;
  /** oneOf/anyOf discriminators: the values selecting each member, in member order. */
  branches?: { keyword: 'oneOf' | 'anyOf'; values: string[][] };
  /** allOf-parent discriminators: the values naming the schema itself or one inheriting from it. */
  allowed?: string[];
}
export type DiscriminatorRules = WeakMap<Json, DiscriminatorRule>;

/** `#/components/schemas/Cat`, `other.yaml#/components/schemas/Cat` or `Cat` → Cat. */
const targetName = (target: string): string => target.slice(target.lastIndexOf('/') + 1);

const componentName = (path: JsonPath): string | undefined =>
  path.length === 3 && path[0] === 'components' && path[1] === 'schemas' && typeof path[2] === 'string'
    ? path[2]
    : undefined;

/**
 * Every discriminator whose values can all be named. `definedAt` maps a path in the resolved document
 * to where it is written (so a $ref'd oneOf member gives its component name, in any file).
 */
export function discriminatorRules(
  root: Json,
  schemas: SchemaVisit[],
  definedAt: (at: JsonPath) => JsonPath,
): DiscriminatorRules {
  const out: DiscriminatorRules = new WeakMap();
  const components = isObject(root.components) && isObject(root.components.schemas) ? root.components.schemas : {};
  for (const { schema, at } of schemas) {
    const discriminator = schema.discriminator;
    if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string') continue;
    const mapping = entries(discriminator.mapping).filter((e): e is [string, string] => typeof e[1] === 'string');
    const valuesFor = (name: string) => [
      name,
      ...mapping.filter(([, target]) => targetName(target) === name).map(([key]) => key),
    ];
    const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
    if (keyword) {
      const names = asArray(schema[keyword]).map((_, i) => componentName(definedAt([...at, keyword, i])));
      if (names.every((n): n is string => n !== undefined)) {
        out.set(schema, {
          propertyName: discriminator.propertyName,
          branches: { keyword, values: names.map(valuesFor) },
        });
      }
      continue;
    }
    // Inheritors are looked up among this document's own components: only judge a discriminator defined there.
    if (!Object.values(components).includes(schema)) continue;
    const family = new Set<Json>([schema]);
    for (let grew = true; grew;) {
      // inheritors of inheritors too; bounded by the component count
      grew = false;
      for (const s of Object.values(components)) {
        if (isObject(s) && !family.has(s) && asArray(s.allOf).some((m) => isObject(m) && family.has(m))) {
          family.add(s);
          grew = true;
        }
      }
    }
    const names = Object.entries(components)
      .filter(([, s]) => isObject(s) && family.has(s))
      .map(([n]) => n);
    out.set(schema, {
      propertyName: discriminator.propertyName,
      allowed: [...new Set([...names, ...mapping.map(([key]) => key)])],
    });
  }
  return out;
}
