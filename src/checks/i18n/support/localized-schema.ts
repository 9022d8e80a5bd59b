// Where a response carries text its OpenAPI schema declares multi-language: an object schema whose properties
// are all ISO 639-1 codes (the guide's LocalizedString: fr, nl, de), found by walking the body along its schema.
import { isObject } from '../../../core/util/json.js';
import { derefIn } from '../../support/api-openapi.js';

type Obj = Record<string, unknown>;
const MAX_DEPTH = 12;
/** The shape of an ISO 639-1 code: two lowercase letters. */
export const ISO_639_1 = /^[a-z]{2}$/;

/** The properties of a schema, allOf members merged (bounded). */
function propertiesOf(doc: Obj, schema: unknown, depth = 0): Obj {
  const s = derefIn(doc, schema);
  if (!isObject(s) || depth > MAX_DEPTH) return {};
  const merged = Array.isArray(s['allOf']) ? s['allOf'].map((part) => propertiesOf(doc, part, depth + 1)) : [];
  return Object.assign({}, ...merged, isObject(s['properties']) ? s['properties'] : {});
}

/** A language code in any case: a document may declare `NL`/`FR`, and its texts are then judged (and fail) as multi-language. */
const ANY_CASE_CODE = /^[a-z]{2}$/i;

/** A schema declaring a multi-language text: two or more properties, every one named by a language code (any case). */
export function isLocalizedSchema(doc: Obj, schema: unknown): boolean {
  const names = Object.keys(propertiesOf(doc, schema));
  return names.length >= 2 && names.every((name) => ANY_CASE_CODE.test(name));
}

export interface LocalizedValue {
  where: string;
  value: unknown;
}

/** Every value of `body` at a place its schema declares multi-language (`where` is a readable path). */
export function localizedValues(doc: Obj, schema: unknown, body: unknown): LocalizedValue[] {
  const found: LocalizedValue[] = [];
  const walk = (s: unknown, value: unknown, where: string, depth: number): void => {
    const resolved = derefIn(doc, s);
    if (!isObject(resolved) || depth > MAX_DEPTH || value === undefined || value === null) return;
    if (isLocalizedSchema(doc, resolved)) {
      found.push({ where, value });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((element, index) => walk(resolved['items'], element, `${where}[${index}]`, depth + 1));
      return;
    }
    if (!isObject(value)) return;
    const properties = propertiesOf(doc, resolved);
    for (const [name, member] of Object.entries(value)) {
      const inner = name in properties ? properties[name] : resolved['additionalProperties'];
      const step = /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
      walk(inner, member, `${where}${step}`, depth + 1);
    }
  };
  walk(schema, body, '', 0);
  return found.map(({ where, value }) => ({ where: where.replace(/^\./, '') || '(root)', value }));
}
