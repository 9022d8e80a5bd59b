// hyp-links: links are absolute URI strings (`href`, `self`, paging links), not HAL objects.
import { effectiveType, inventory } from '../support/inventory.js';
import { entries, isJsonMediaType, isObject, type Json } from '../support/json.js';
import { aspectRuleFunction, finding, type Finding } from './define.js';

const ALWAYS_LINKS = new Set(['href', 'self']);
/** The guide's hypermedia section: "All href hyperlinks are derived from" HttpLink, self links from SelfLink. */
const LINK_TYPES: Record<string, string> = { href: 'HttpLink', self: 'SelfLink' };
// next/prev/first/last are links only in a paged collection (a Name schema may have first/last).
const PAGING_LINKS = new Set(['next', 'prev', 'first', 'last']);
const HAL = new Set(['_links', '_embedded']);

const isPagedCollection = (schema: Json): boolean =>
  isObject(schema.properties) &&
  ('items' in schema.properties || 'self' in schema.properties || 'next' in schema.properties);

type Aspect = 'shape' | 'format';

/**
 * What is wrong with a link property: its shape (an object, a non-string; a format admitting relative
 * URIs), or only an unstated format (a string saying nothing of being absolute).
 */
function linkProblem(name: string, property: Json): { aspect: Aspect; why: string } | undefined {
  const type = effectiveType(property);
  if (type === undefined) return undefined;
  if (type === 'object')
    return {
      aspect: 'shape',
      why: 'should be an absolute URI string (type string, format uri), not an object: HAL-style links are not recommended',
    };
  if (type !== 'string') return { aspect: 'shape', why: 'should be an absolute URI string (type string, format uri)' };
  if (property.format === 'uri') return undefined;
  if (property.format === 'uri-reference' || property.format === 'iri-reference')
    return {
      aspect: 'shape',
      why: `admits relative URIs (format ${String(property.format)}): "URIs SHOULD always be absolute"; use format: uri`,
    };
  // The guide derives "all href hyperlinks" from HttpLink and self links from SelfLink (both format: uri);
  // it gives paging links no schema, so an unstated format there is no finding.
  const base = LINK_TYPES[name];
  if (base === undefined) return undefined;
  return {
    aspect: 'format',
    why: `does not say it is an absolute URI: the guide derives ${name} links from ${base} (type string, format uri); declare format: uri`,
  };
}

/** Both aspects' findings of a document, computed in one walk (the two rules share it). */
function findLinks(root: Json): Record<Aspect, Finding[]> {
  const out: Record<Aspect, Finding[]> = { shape: [], format: [] };
  for (const { schema, at, mediaType, parameter, propertyName } of inventory(root).schemas) {
    if (parameter || (mediaType !== undefined && !isJsonMediaType(mediaType))) continue;
    if (propertyName !== undefined && HAL.has(propertyName)) continue; // flagged once, as HAL
    for (const [name, property] of entries(schema.properties)) {
      const propertyAt = [...at, 'properties', name];
      if (HAL.has(name)) {
        out.shape.push(
          finding(
            `"${name}" is HAL, which the guide does not recommend: use href links and the embedded map`,
            propertyAt,
          ),
        );
        continue;
      }
      const isLink = ALWAYS_LINKS.has(name) || (PAGING_LINKS.has(name) && isPagedCollection(schema));
      if (!isLink || !isObject(property)) continue;
      const problem = linkProblem(name, property);
      if (problem) out[problem.aspect].push(finding(`Link "${name}" ${problem.why}`, propertyAt));
    }
  }
  return out;
}

/**
 * hyp-links: link properties are absolute URI strings and HAL's _links/_embedded are flagged (aspect
 * shape); hyp-links-format: an href or self string states format: uri, as HttpLink and SelfLink do (aspect format).
 */
export const linkProperties = aspectRuleFunction<Aspect>(['shape', 'format'], findLinks);
