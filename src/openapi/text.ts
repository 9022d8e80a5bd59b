// Reading an OpenAPI document's text: which parser a file takes, parsing it into data, and
// whether the data is an OpenAPI 3 document.
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { isObject } from './json.js';

/** Whether a document is JSON: by its file name, else by its text opening with `{`. */
export const isJsonText = (location: string, text: string): boolean =>
  extname(location.split(/[?#]/)[0] ?? '').toLowerCase() === '.json' || /\s*\{/y.test(text); // sticky: only the start is tried

/** The parser of a document, out of a JSON and a YAML one (lint and diff bring their own). */
export const parserFor = <P>(location: string, text: string, parsers: { json: P; yaml: P }): P =>
  isJsonText(location, text) ? parsers.json : parsers.yaml;

/** The data of a YAML or JSON text (YAML 1.2 reads JSON too); throws on malformed text. */
export const parseText = (text: string): unknown => parseYaml(text);

/** Whether parsed data is an OpenAPI 3 document: an `openapi` version and a `paths` object. */
export const isOpenApi3 = (data: unknown): data is Record<string, unknown> => {
  if (!isObject(data)) return false;
  return typeof data['openapi'] === 'string' && isObject(data['paths']);
};

/**
 * Whether parsed data is an API description (OpenAPI 3 or Swagger 2): what some frameworks answer at the base URL
 * itself (Mojolicious::Plugin::OpenAPI), which is no representation of the API's data.
 */
export const isApiDescription = (data: unknown): data is Record<string, unknown> =>
  isObject(data) &&
  (typeof data['openapi'] === 'string' || typeof data['swagger'] === 'string') &&
  isObject(data['paths']);
