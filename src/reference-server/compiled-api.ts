import type { ValidateFunction } from 'ajv';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from './openapi/document.js';
import { compileAgainst, compileOperations, createAjv, type CompiledOperation } from './validation.js';

export interface CompiledApi {
  documentJson: string;
  documentYaml: string;
  operations: Map<string, CompiledOperation>;
  /** Validates a whole employer, e.g. the result of a merge patch. */
  validateEmployer: ValidateFunction;
}

let cached: CompiledApi | undefined;

/** The document and its validators, compiled once per process: the document never changes. */
export function compiledApi(): CompiledApi {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = {
      documentJson: JSON.stringify(document, null, 2),
      documentYaml: stringify(document),
      operations: compileOperations(document),
      validateEmployer: compileAgainst(createAjv(document), { $ref: '#/components/schemas/Employer' }),
    };
  }
  return cached;
}
