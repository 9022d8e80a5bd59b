// The one line a bad profile gets: where, what is wrong, and what is allowed there (keys, values, the nearest one).
import { isObject } from '../util/json.js';
import { nearestName } from '../util/nearest-name.js';

/** The members of an ajv error this module reads (ajv runs with `verbose`, so schema and data are set). */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  schema?: unknown;
  parentSchema?: unknown;
  data?: unknown;
}

// A name or value as it was written; JSON when it holds anything but printable ASCII, so the line stays one line.
const shown = (value: unknown): string =>
  typeof value === 'string' && /^[\x20-\x7e]*$/.test(value) ? `\`${value}\`` : (JSON.stringify(value) ?? String(value));

/** `did you mean …?` when one allowed string is close to the one written. */
const guess = (value: unknown, allowed: readonly unknown[]): string | undefined => {
  const near =
    typeof value === 'string'
      ? nearestName(
          value,
          allowed.filter((a): a is string => typeof a === 'string'),
        )
      : undefined;
  return near === undefined ? undefined : `did you mean ${shown(near)}?`;
};

/** What is wrong, from ajv's first error (ajv stops at it): `(root) has an unknown key …`, `/x must be one of …`. */
export function describeSchemaError(errors: readonly SchemaError[]): string {
  const error = pickError(errors);
  if (!error) return '(root) is invalid';
  const where = error.instancePath || '(root)';
  const { params } = error;
  if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    const name = params['additionalProperty'];
    const properties =
      isObject(error.parentSchema) && isObject(error.parentSchema['properties'])
        ? Object.keys(error.parentSchema['properties'])
        : [];
    const hint = guess(name, properties);
    const allowed = properties.length ? `${hint ? ' ' : '. '}Allowed keys there: ${properties.join(', ')}` : '';
    return `${where} has an unknown key ${shown(name)}${hint ? `: ${hint}` : ''}${allowed}`;
  }
  const values =
    error.keyword === 'enum' && Array.isArray(params['allowedValues'])
      ? params['allowedValues']
      : error.keyword === 'const' && 'allowedValue' in params
        ? [params['allowedValue']]
        : undefined;
  if (values) {
    const list = values.map(shown).join(', ');
    if (error.data === undefined) return `${where} is missing: one of ${list}`;
    const hint = guess(error.data, values);
    return `${where} is ${shown(error.data)}, not one of the allowed values ${list}${hint ? `; ${hint}` : ''}`;
  }
  return `${where} ${error.message ?? 'is invalid'}`;
}

/**
 * The error to tell. A `oneOf` whose branches each fix a property with `const` (paging `kind`) is judged by that
 * property: a value none of them has is that property's error; otherwise the error of the branch it names,
 * not that of the first branch ajv tried.
 */
function pickError(errors: readonly SchemaError[]): SchemaError | undefined {
  const oneOf = errors.find((error) => error.keyword === 'oneOf');
  const branches = oneOf && Array.isArray(oneOf.schema) ? oneOf.schema.filter(isObject) : [];
  if (!oneOf || branches.length === 0) return errors[0];
  const constOf = (branch: Record<string, unknown>, key: string): unknown => {
    const properties = branch['properties'];
    const property = isObject(properties) ? properties[key] : undefined;
    return isObject(property) ? property['const'] : undefined;
  };
  const first = branches[0] as Record<string, unknown>;
  const key = Object.keys(isObject(first['properties']) ? first['properties'] : {}).find((name) =>
    branches.every((branch) => constOf(branch, name) !== undefined),
  );
  if (key === undefined || !isObject(oneOf.data)) return errors[0];
  const value = oneOf.data[key];
  const index = branches.findIndex((branch) => constOf(branch, key) === value);
  if (index === -1) {
    return {
      instancePath: `${oneOf.instancePath}/${key}`,
      schemaPath: `${oneOf.schemaPath}/${key}`,
      keyword: 'enum',
      params: { allowedValues: branches.map((branch) => constOf(branch, key)) },
      data: value,
    };
  }
  return errors.find((error) => error.schemaPath.startsWith(`${oneOf.schemaPath}/${index}/`)) ?? errors[0];
}
