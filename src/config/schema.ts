// The JSON Schema of restguide.config.yaml, built from the key table so the two cannot drift apart.
import { CONFIG_COMMANDS, CONFIG_KEYS, type KeyKind } from './keys.js';

const string = { type: 'string', minLength: 1 } as const;
const oneOrMany = { type: ['string', 'array'], minLength: 1, minItems: 1, items: string } as const;

const SCHEMA_OF: Record<KeyKind, Record<string, unknown>> = {
  url: string,
  text: string,
  file: string,
  fileOrUrl: string,
  side: string,
  documents: oneOrMany,
  globs: oneOrMany,
  ids: oneOrMany,
  formats: oneOrMany,
  level: string,
  flag: { type: 'boolean' },
  positive: { type: 'integer', minimum: 1 },
  natural: { type: 'integer', minimum: 0 },
  // A number is a value too (`X-Version: 2`); it is sent as written.
  headers: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
};

/** What a value of each kind must be, for the one-line error on a wrong type. */
export const EXPECTED: Record<KeyKind, string> = {
  url: 'an http(s) URL',
  text: 'a string',
  file: 'a file path',
  fileOrUrl: 'a file path or an http(s) URL',
  side: 'a file path, an http(s) URL or git:<rev>:<path>',
  documents: 'a file, glob or URL, or a list of them',
  globs: 'a glob or a list of globs',
  ids: 'check ids or areas: a string (comma-separated) or a list',
  formats: 'a format (`junit` or `junit=file`) or a list of them',
  level: 'a severity',
  flag: 'true or false',
  positive: 'a whole number, 1 or more',
  natural: 'a whole number, 0 or more',
  headers: 'a map of header names to values',
};

export const CONFIG_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(
    CONFIG_COMMANDS.map((command) => [
      command,
      {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(CONFIG_KEYS[command]).map(([key, spec]) => [key, SCHEMA_OF[spec.kind]]),
        ),
        additionalProperties: false,
      },
    ]),
  ),
  // `x-` keys hold what YAML anchors share between sections (`x-common: &common`, then `<<: *common`).
  patternProperties: { '^x-': {} },
  additionalProperties: false,
} as const;
