// oas-defaul, oas-enum, oas-exampl: values written in the document must satisfy their schemas.
import { allMediaTypes, allParameters, inventory } from '../support/inventory.js';
import { asArray, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { oasKind, schemaViolation } from '../support/schema-validator.js';
import { discriminatorRules, type DiscriminatorRules } from '../support/discriminators.js';
import { defineRuleFunction, definitionPath, finding, NO_OPTIONS, type Finding } from './define.js';

/** oas-defaul: a `default` must be valid against its schema. */
export const defaultValid = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (!('default' in schema)) continue;
    const why = schemaViolation(schema, schema.default, kind);
    if (why) out.push(finding(`Default value is not valid against its schema: ${why}`, [...at, 'default']));
  }
  return out;
});

/**
 * oas-enum: every enum value must be valid against the rest of its schema (null only if nullable), and an
 * enum in an allOf member against the composed schema too (a value it can never match is dead); one finding per value.
 */
export const enumValid = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  for (const { schema, at, relation, parent } of inventory(root).schemas) {
    if (!Array.isArray(schema.enum)) continue;
    const composed = relation === 'allOf' ? parent?.schema : undefined;
    schema.enum.forEach((value, i) => {
      const why = schemaViolation(schema, value, kind, 'enum') ?? (composed ? schemaViolation(composed, value, kind) : undefined);
      if (why) out.push(finding(`Enum value ${JSON.stringify(value)} is not valid against its schema: ${why}`, [...at, 'enum', i]));
    });
  }
  return out;
});

function checkExamples(holder: Json, schema: unknown, at: JsonPath, kind: ReturnType<typeof oasKind>, rules: DiscriminatorRules, out: Finding[]): void {
  if (!isObject(schema)) return;
  if ('example' in holder) {
    const why = schemaViolation(schema, holder.example, kind, undefined, rules);
    if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'example']));
  }
  for (const [name, example] of entries(holder.examples)) {
    if (!isObject(example) || !('value' in example)) continue;
    const why = schemaViolation(schema, example.value, kind, undefined, rules);
    if (why) out.push(finding(`Example "${name}" is not valid against its schema: ${why}`, [...at, 'examples', name, 'value']));
  }
}

/**
 * oas-exampl: examples of schemas, parameters and media types must be valid against their schemas;
 * a discriminator value picks the oneOf branch to check (and must name a known schema).
 */
export const examplesValid = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  const { schemas } = inventory(root);
  const rules = discriminatorRules(root, schemas, (at) => definitionPath(context, at));
  for (const { schema, at } of schemas) {
    if ('example' in schema) {
      const why = schemaViolation(schema, schema.example, kind, undefined, rules);
      if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'example']));
    }
    asArray(schema.examples).forEach((value, i) => {
      const why = schemaViolation(schema, value, kind, undefined, rules);
      if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'examples', i]));
    });
  }
  for (const { parameter, at } of allParameters(root)) checkExamples(parameter, parameter.schema, at, kind, rules, out);
  for (const { media, at } of allMediaTypes(root)) checkExamples(media, media.schema, at, kind, rules, out);
  return out;
});
