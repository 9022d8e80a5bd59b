// oas-defaul, oas-enum, oas-exampl: values written in the document must satisfy their schemas.
import { allMediaTypes, allParameters, inventory } from '../support/inventory.js';
import { asArray, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { oasKind, schemaViolation } from '../support/schema-validator.js';
import { discriminatorRules, type DiscriminatorRules } from '../support/discriminators.js';
import { defineRuleFunction, definitionPath, finding, NO_OPTIONS, type Finding } from './define.js';

/**
 * The violation message, with the fix when a number stands where a string is wanted: unquoted digits
 * are a number in YAML 1.2 (read here), while the YAML 1.1 of belgif's Java validator reads a
 * leading-zero one such as 0433072831 as a string. The finding stays: quoting is right for both.
 */
function withYamlHint(why: string | undefined, value: unknown): string | undefined {
  if (why === undefined || !/must be string\b/.test(why)) return why;
  const pointer = /^(\/\S*) must be string/.exec(why)?.[1];
  let node = value;
  for (const segment of pointer ? pointer.slice(1).split('/') : [])
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  return typeof node === 'number'
    ? `${why} (unquoted digits are a number in YAML 1.2, and a leading-zero one a string only in YAML 1.1: quote the value)`
    : why;
}

/**
 * The message for a discriminator value that selects no schema: ajv's enum wording ("must be equal to
 * one of the allowed values") hides that the cause is the discriminator's mapping, so say that.
 */
function withDiscriminatorHint(
  why: string | undefined,
  value: unknown,
  schema: Json,
  rules: DiscriminatorRules,
  names: ReadonlySet<string>,
): string | undefined {
  const match =
    why === undefined ? null : /^((?:\/[^/\s]+)*)\/([^/\s]+) must be equal to one of the allowed values$/.exec(why);
  if (!match || !names.has(match[2] as string)) return why;
  const [, parent = '', property = ''] = match;
  let node = value;
  for (const segment of parent
    .slice(1)
    .split('/')
    .filter((x) => x !== ''))
    node = isObject(node) ? node[segment] : Array.isArray(node) ? node[Number(segment)] : undefined;
  const selected = isObject(node) ? node[property] : undefined;
  const rule = parent === '' ? rules.get(schema) : undefined;
  const known = rule?.allowed ?? rule?.branches?.values.flat();
  const options = known ? ` (it knows ${[...new Set(known)].join(', ')})` : '';
  return `${parent}/${property} ${JSON.stringify(selected)} selects no schema of the discriminator on "${property}"${options}: add it to the discriminator's mapping, or use a value that names a schema`;
}

/** oas-defaul: a `default` must be valid against its schema. */
export const defaultValid = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const kind = oasKind(root);
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    if (!('default' in schema)) continue;
    const why = withYamlHint(schemaViolation(schema, schema.default, kind), schema.default);
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
      const why =
        schemaViolation(schema, value, kind, 'enum') ?? (composed ? schemaViolation(composed, value, kind) : undefined);
      if (why)
        out.push(
          finding(`Enum value ${JSON.stringify(value)} is not valid against its schema: ${why}`, [...at, 'enum', i]),
        );
    });
  }
  return out;
});

interface ExampleContext {
  kind: ReturnType<typeof oasKind>;
  rules: DiscriminatorRules;
  names: ReadonlySet<string>;
}

function exampleViolation(schema: Json, value: unknown, { kind, rules, names }: ExampleContext): string | undefined {
  return withDiscriminatorHint(
    withYamlHint(schemaViolation(schema, value, kind, undefined, rules), value),
    value,
    schema,
    rules,
    names,
  );
}

function checkExamples(holder: Json, schema: unknown, at: JsonPath, ctx: ExampleContext, out: Finding[]): void {
  if (!isObject(schema)) return;
  if ('example' in holder) {
    const why = exampleViolation(schema, holder.example, ctx);
    if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'example']));
  }
  for (const [name, example] of entries(holder.examples)) {
    if (!isObject(example) || !('value' in example)) continue;
    const why = exampleViolation(schema, example.value, ctx);
    if (why)
      out.push(
        finding(`Example "${name}" is not valid against its schema: ${why}`, [...at, 'examples', name, 'value']),
      );
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
  const names = new Set(
    schemas.flatMap(({ schema }) =>
      isObject(schema.discriminator) && typeof schema.discriminator.propertyName === 'string'
        ? [schema.discriminator.propertyName]
        : [],
    ),
  );
  const ctx: ExampleContext = { kind, rules, names };
  for (const { schema, at } of schemas) {
    if ('example' in schema) {
      const why = exampleViolation(schema, schema.example, ctx);
      if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'example']));
    }
    asArray(schema.examples).forEach((value, i) => {
      const why = exampleViolation(schema, value, ctx);
      if (why) out.push(finding(`Example is not valid against its schema: ${why}`, [...at, 'examples', i]));
    });
  }
  for (const { parameter, at } of allParameters(root)) checkExamples(parameter, parameter.schema, at, ctx, out);
  for (const { media, at } of allMediaTypes(root)) checkExamples(media, media.schema, at, ctx, out);
  return out;
});
