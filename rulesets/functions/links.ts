// hyp-links: links are absolute URI strings (`href`, `self`, paging links), not HAL objects.
import { effectiveType, inventory } from '../support/inventory.js';
import { entries, isJsonMediaType, isObject, type Json } from '../support/json.js';
import { defineRuleFunction, finding, type Finding } from './define.js';

const ALWAYS_LINKS = new Set(['href', 'self']);
// next/prev/first/last are links only in a paged collection (a Name schema may have first/last).
const PAGING_LINKS = new Set(['next', 'prev', 'first', 'last']);
const HAL = new Set(['_links', '_embedded']);

const isPagedCollection = (schema: Json): boolean =>
  isObject(schema.properties) && ('items' in schema.properties || 'self' in schema.properties || 'next' in schema.properties);

function linkProblem(property: Json): string | undefined {
  const type = effectiveType(property);
  if (type === undefined) return undefined;
  if (type === 'object') return 'should be an absolute URI string (type string, format uri), not an object: HAL-style links are not recommended';
  if (type !== 'string') return 'should be an absolute URI string (type string, format uri)';
  return property.format === 'uri' ? undefined : 'should declare format: uri (links are absolute URIs)';
}

/** hyp-links: link properties are strings with format uri; HAL's _links/_embedded are flagged. */
export const linkProperties = defineRuleFunction<null>(null, (root) => {
  const out: Finding[] = [];
  for (const { schema, at, mediaType, parameter, propertyName } of inventory(root).schemas) {
    if (parameter || (mediaType !== undefined && !isJsonMediaType(mediaType))) continue;
    if (propertyName !== undefined && HAL.has(propertyName)) continue; // flagged once, as HAL
    for (const [name, property] of entries(schema.properties)) {
      const propertyAt = [...at, 'properties', name];
      if (HAL.has(name)) {
        out.push(finding(`"${name}" is HAL, which the guide does not recommend: use href links and the embedded map`, propertyAt));
        continue;
      }
      const isLink = ALWAYS_LINKS.has(name) || (PAGING_LINKS.has(name) && isPagedCollection(schema));
      if (!isLink || !isObject(property)) continue;
      const why = linkProblem(property);
      if (why) out.push(finding(`Link "${name}" ${why}`, propertyAt));
    }
  }
  return out;
});
