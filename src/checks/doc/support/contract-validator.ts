// Validates bodies against schemas of an OpenAPI document with ajv; each schema compiled once per run.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isObject } from '../../../core/util/json.js';
import { parsePointer, pointerOf, valueAt } from '../../../openapi/pointer.js';
import { followLocalRefs } from '../../../openapi/refs.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
type Obj = Record<string, unknown>;

/** The id the whole document is registered under, so `#/components/...` refs resolve inside it. */
const DOCUMENT_ID = 'https://restguide.invalid/contract.json';

type Validation = { ok: true } | { ok: false; errors: string[] } | { ok: 'unusable'; reason: string };

/**
 * Rewrites OpenAPI 3.0 schema keywords that JSON Schema reads differently, in place: boolean
 * exclusiveMinimum/Maximum (draft 4 style) and `nullable` without `type` (ajv's own `nullable`
 * needs a `type`). Example values are left alone.
 */
function toJsonSchemaDialect(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) toJsonSchemaDialect(item);
    return;
  }
  if (!isObject(value)) return;
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof value[bound] !== 'boolean') continue;
    if (value[bound] === true && typeof value[limit] === 'number') {
      value[bound] = value[limit];
      delete value[limit];
    } else delete value[bound];
  }
  if (value['nullable'] === false) delete value['nullable'];
  if (value['nullable'] === true && value['type'] === undefined) {
    const { nullable: _nullable, ...inner } = value;
    for (const key of Object.keys(value)) delete value[key];
    value['anyOf'] = [inner, { type: 'null' }];
  }
  for (const [key, item] of Object.entries(value))
    if (key !== 'example' && key !== 'examples') toJsonSchemaDialect(item);
}

/** `<id>#/paths/~1employers/...`: each pointer token URI-encoded ({ } + and the like). */
const refTo = (pointer: string): string =>
  `${DOCUMENT_ID}#/${pointer
    .replace(/^#\//, '')
    .split('/')
    .map((token) => encodeURIComponent(token))
    .join('/')}`;

const describeError = (error: ErrorObject): string => {
  const extra =
    typeof error.params['additionalProperty'] === 'string' ? ` (${error.params['additionalProperty']})` : '';
  return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}${extra}`;
};

export class ContractValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction | Error>();
  private readonly document: Obj;

  /** `document` is copied; OpenAPI 3.1 documents use JSON Schema 2020-12, 3.0 ones the 3.0 dialect. */
  constructor(document: Obj) {
    const copy = structuredClone(document);
    const is31 = typeof copy['openapi'] === 'string' && copy['openapi'].startsWith('3.1');
    if (!is31) toJsonSchemaDialect(copy);
    // strict off: OpenAPI keywords (example, discriminator, xml, x-...) are annotations to ajv; logger off:
    // formats ajv-formats lacks are ignored rather than printed.
    const options = {
      strict: false,
      allErrors: true,
      validateSchema: false,
      logger: false as const,
      inlineRefs: false,
      code: { optimize: false },
    };
    this.ajv = is31 ? (new Ajv2020(options) as unknown as Ajv) : new Ajv(options);
    addFormats(this.ajv);
    this.ajv.addSchema({ ...copy, $id: DOCUMENT_ID });
    this.document = copy;
  }

  /** Where a schema that is only a local `$ref` leads: responses sharing one schema compile it once. */
  private target(pointer: string): string {
    const path = parsePointer(pointer);
    // Only a bare $ref: under 3.1 its siblings are constraints of their own.
    const found = followLocalRefs(this.document, valueAt(this.document, path), path, { bareOnly: true });
    return found.path === path ? pointer : `#${pointerOf(found.path)}`; // the same path: nothing was followed
  }

  /** Validates `body` against the schema at `pointer` (`#/paths/...`); a schema ajv cannot compile is `unusable`. */
  validate(at: string, body: unknown): Validation {
    const pointer = this.target(at);
    let validate = this.compiled.get(pointer);
    if (!validate) {
      try {
        validate = this.ajv.compile({ $ref: refTo(pointer) });
      } catch (error) {
        validate = error as Error;
      }
      this.compiled.set(pointer, validate);
    }
    if (validate instanceof Error)
      return { ok: 'unusable', reason: validate.message.split('\n')[0] ?? 'cannot compile' };
    if (validate(body)) return { ok: true };
    return { ok: false, errors: (validate.errors ?? []).map(describeError) };
  }
}
