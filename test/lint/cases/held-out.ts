// Cases from the wrong findings of the held-out precision sample of issue 41's proof (a link
// schema's attribute describing a deprecation to come; a version-number enum on a version header).
// Written here from the shape seen, not copied from the descriptions.
import type { RuleCase } from '../harness.js';
import { op, withPath, withSchemas } from '../documents.js';

type Json = Record<string, unknown>;
const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const enumOf = (...values: string[]): Json => ({ type: 'string', enum: values });

export const cases: Record<string, RuleCase[]> = {
  // "deprecated: true" marks what is deprecated now; a deprecation still to come is not one yet.
  'evo-deprec': [
    { name: 'FP: a deprecation to come, of the element or of what it points to', errors: [], document: withSchemas({
      Link: { type: 'object', properties: {
        sunset: { type: 'boolean', description: 'When present, the target of the link is to be deprecated (and removed) at a later date.' },
        legacyCode: { type: 'string', description: 'This field will be deprecated in the next major version.' },
      } },
    }) },
    { name: 'deprecated now, next to a sentence about the future', errors: [{ path: P('Link', 'properties', 'title') }], document: withSchemas({
      Link: { type: 'object', properties: {
        title: { type: 'string', description: 'Deprecated: use name. The whole schema will be deprecated later.' },
      } },
    }) },
  ],
  // cod-design is about "new code types": a version number offered in an enum is a number, not a code name.
  'cod-design': [
    { name: 'FP: version numbers in a version header and a property', errors: [], document: withPath('/things', {
      get: op({ parameters: [{ name: 'Api-Version', in: 'header', required: true, schema: enumOf('2026.0', '2025.1') }] }),
    }, { components: { schemas: { Release: { type: 'object', properties: { schemaVersion: enumOf('1.0.0', 'v2.1') } } } } }) },
    { name: 'codes with a dot or in capitals beside a version-like value: only the codes', errors: [{ path: P('Release', 'properties', 'channel', 'enum'), message: /lowerCamelCase: beta\.channel, BETA$/ }], document: withSchemas({
      Release: { type: 'object', properties: { channel: enumOf('stable', 'beta.channel', 'BETA', '3.0') } },
    }) },
  ],
};
