import type { ValidateFunction } from 'ajv';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from './openapi/document.js';
import { compileAgainst, compileOperations, createAjv, type CompiledOperation } from './validation.js';

interface CompiledApi {
  documentJson: string;
  documentYaml: string;
  operations: Map<string, CompiledOperation>;
  /** Validates a whole employer, e.g. the result of a merge patch. */
  validateEmployer: ValidateFunction;
}

let cached: CompiledApi | undefined;

/**
 * The document and its validators, compiled once per process: the document never changes. Start-up
 * pays only for the operation validators (one ajv for all); the served JSON and YAML texts and the
 * whole-employer validator are made on first use.
 */
export function compiledApi(): CompiledApi {
  if (!cached) {
    const document = buildOpenApiDocument();
    const ajv = createAjv(document);
    const once = <T>(make: () => T): (() => T) => {
      let value: T | undefined;
      return () => (value ??= make());
    };
    const json = once(() => JSON.stringify(document, null, 2));
    const yaml = once(() => stringify(document));
    const employer = once(() => compileAgainst(ajv, { $ref: '#/components/schemas/Employer' }));
    cached = {
      get documentJson() {
        return json();
      },
      get documentYaml() {
        return yaml();
      },
      operations: compileOperations(document, ajv),
      get validateEmployer() {
        return employer();
      },
    };
  }
  return cached;
}
