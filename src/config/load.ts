// Finds, reads and validates restguide.config.yaml; any fault is one line (UsageError, exit 2).
import { dirname } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { readUserFile } from '../core/util/file-error.js';
import { isBlankText } from '../core/util/blank-text.js';
import { UsageError } from '../core/util/errors.js';
import { isObject } from '../core/util/json.js';
import { describeSchemaError, type SchemaError } from '../core/profile/profile-errors.js';
import { isSecretName } from '../core/report/redact.js';
import { findConfigFile } from './find.js';
import { CONFIG_COMMANDS, CONFIG_KEYS, type ConfigCommand } from './keys.js';
import { CONFIG_SCHEMA, EXPECTED } from './schema.js';
import { parsePointer } from '../openapi/pointer.js';

export interface ConfigFile {
  /** The file as the user knows it: the name found in the working directory, or the --config value. */
  shown: string;
  /** The folder its relative paths resolve against. */
  dir: string;
  /** Each command's section as written (an empty section is `{}`), before ${NAME} references are read. */
  sections: Partial<Record<ConfigCommand, Record<string, unknown>>>;
  /** The file holds nothing (blank, or comments only): no section, and the note says it is empty. */
  empty?: true;
}

/** The config of a run (see findConfigFile), read and validated; undefined when there is none. */
export async function loadConfig(cwd: string, explicit?: string): Promise<ConfigFile | undefined> {
  const file = await findConfigFile(cwd, explicit);
  return file === undefined ? undefined : readConfig(file.path, file.shown);
}

let validate: ValidateFunction | undefined;
export const CONFIG_AJV_OPTIONS = { allErrors: false, strict: true, allowUnionTypes: true, verbose: true } as const;

export async function readConfig(path: string, shown: string): Promise<ConfigFile> {
  const text = await readUserFile(path, `config ${shown}`);
  let data: unknown;
  // merge: `<<: *shared` takes keys from an `x-` anchor, the way sections share settings.
  try {
    data = parseYaml(text, { merge: true });
  } catch (error) {
    throw new UsageError(`bad config ${shown}: not YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const empty = data === null && isBlankText(text) ? { empty: true as const } : {};
  return { shown, dir: dirname(path), sections: checkConfig(data ?? {}, shown), ...empty };
}

/** The sections of a parsed config, or the one line that says what is wrong with it. */
export function checkConfig(data: unknown, shown: string): ConfigFile['sections'] {
  if (!isObject(data))
    throw new UsageError(
      `bad config ${shown}: (root) must be a map with a section per command (${CONFIG_COMMANDS.join(', ')}), not ${describeValue(data)}`,
    );
  // A section whose keys are all commented out is null: empty, as `restguide init` leaves them.
  const root = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value === null && (CONFIG_COMMANDS as readonly string[]).includes(key) ? {} : value,
    ]),
  );
  // verbose: the errors carry their schema and data, from which the allowed keys are told. The schema is
  // a constant that a test holds to the meta-schema, so it is not checked on every run (docs/performance.md).
  validate ??= new Ajv({ ...CONFIG_AJV_OPTIONS, meta: false, validateSchema: false }).compile(CONFIG_SCHEMA);
  if (!validate(root)) throw new UsageError(`bad config ${shown}: ${describeConfigError(validate.errors ?? [], root)}`);
  const sections: ConfigFile['sections'] = {};
  for (const command of CONFIG_COMMANDS) {
    const section = root[command];
    if (isObject(section)) sections[command] = section;
  }
  const headers = sections.check?.['headers'];
  if (isObject(headers)) checkHeaders(headers, shown);
  return sections;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Header names are tokens; a credential's value is never in the file, only a ${NAME} reference to one. */
function checkHeaders(headers: Record<string, unknown>, shown: string): void {
  for (const [name, value] of Object.entries(headers)) {
    const where = `(root).check.headers.${name}`;
    if (!HEADER_NAME.test(name))
      throw new UsageError(`bad config ${shown}: ${JSON.stringify(name)} in (root).check.headers is not a header name`);
    if (isSecretName(name) && !/\$\{[^}]+\}/.test(String(value))) {
      throw new UsageError(
        `bad config ${shown}: ${where} holds a credential in the file: write it as \${NAME} and set NAME in the environment`,
      );
    }
  }
}

/** `/check/timeout` → `(root).check.timeout`, the way the unknown-key line names places. */
export const dotted = (pointer: string): string =>
  `(root)${parsePointer(pointer)
    .map((step) => `.${step}`)
    .join('')}`;

const describeValue = (value: unknown): string => {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
};

/** Unknown keys as profiles tell them (with the nearest name); a wrong value with what the key takes. */
function describeConfigError(errors: readonly SchemaError[], root: Record<string, unknown>): string {
  const first = errors[0];
  if (!first) return '(root) is invalid';
  if (first.keyword === 'additionalProperties') {
    return describeSchemaError([{ ...first, instancePath: first.instancePath ? dotted(first.instancePath) : '' }]);
  }
  const steps = first.instancePath.split('/').slice(1);
  const [command, key] = steps as [string | undefined, string | undefined];
  const value = steps.reduce<unknown>(
    (at, step) => (isObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[step] : undefined),
    root,
  );
  const spec = command !== undefined && key !== undefined ? CONFIG_KEYS[command as ConfigCommand]?.[key] : undefined;
  // Below a key: a header's value, or an item of a list.
  const expected = spec === undefined ? 'a map of keys' : steps.length > 2 ? 'a string' : EXPECTED[spec.kind];
  return `${dotted(first.instancePath)} must be ${expected}, not ${describeValue(value)}`;
}
