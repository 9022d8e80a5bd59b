// The keys of restguide.config.yaml: per command, each key and the flag or argument it stands for.
// Keys are the flags' long names, so a file reads as the command line it replaces.

/**
 * How a key's value is read: its JSON type, and whether relative paths in it are the file's
 * (resolved against the config file's folder) or passed through.
 */
export type KeyKind =
  | 'url' // an http(s) URL, passed through
  | 'text' // a string, passed through
  | 'file' // a file path
  | 'fileOrUrl' // a file path, or an http(s) URL passed through
  | 'side' // a diff side: a file path, an http(s) URL, or git:<rev>:<path>
  | 'documents' // lint inputs: one or a list of files, globs, URLs (or `-`)
  | 'globs' // one or a list of exclude globs
  | 'ids' // one or a list of check ids or areas (each may be comma-separated, as the flag)
  | 'flag' // true or false
  | 'positive' // a whole number, 1 or more
  | 'natural' // a whole number, 0 or more
  | 'level' // a severity: the command's own --fail-on choices
  | 'headers' // a map of header name to value
  | 'formats'; // one or a list of `-f` values: `junit` or `junit=reports/junit.xml`

export interface ConfigKey {
  kind: KeyKind;
  /** The commander attribute of the flag the key stands for (`failOn` for `--fail-on`). */
  option?: string;
  /** Or the positional argument it stands for. */
  argument?: 'baseUrl' | 'documents' | 'old' | 'new' | 'upstream';
}

export const CONFIG_COMMANDS = ['check', 'lint', 'diff', 'proxy'] as const;
export type ConfigCommand = (typeof CONFIG_COMMANDS)[number];

const flag = (option: string, kind: KeyKind): ConfigKey => ({ kind, option });

/** Every key a section may hold. What is missing here is deliberate: see docs/config.md#what-stays-on-the-command-line. */
export const CONFIG_KEYS: Readonly<Record<ConfigCommand, Readonly<Record<string, ConfigKey>>>> = {
  check: {
    target: { kind: 'url', argument: 'baseUrl' },
    profile: flag('profile', 'file'),
    openapi: flag('openapi', 'fileOrUrl'),
    'allow-writes': flag('allowWrites', 'flag'),
    only: flag('only', 'ids'),
    skip: flag('skip', 'ids'),
    headers: flag('header', 'headers'),
    'oauth2-token-url': flag('oauth2TokenUrl', 'url'),
    'client-id': flag('clientId', 'text'),
    'client-key': flag('clientKey', 'file'),
    scope: flag('scope', 'text'),
    'narrow-scope': flag('narrowScope', 'text'),
    cert: flag('cert', 'file'),
    key: flag('key', 'file'),
    ca: flag('ca', 'file'),
    timeout: flag('timeout', 'positive'),
    concurrency: flag('concurrency', 'positive'),
    rate: flag('rate', 'positive'),
    deadline: flag('deadline', 'positive'),
    retries: flag('retries', 'natural'),
    wait: flag('wait', 'positive'),
    'fail-on': flag('failOn', 'level'),
    baseline: flag('baseline', 'file'),
    format: flag('format', 'formats'),
    'show-documentation-url': flag('showDocumentationUrl', 'flag'),
  },
  lint: {
    documents: { kind: 'documents', argument: 'documents' },
    ruleset: flag('ruleset', 'file'),
    exclude: flag('exclude', 'globs'),
    'fail-on': flag('failOn', 'level'),
    baseline: flag('baseline', 'file'),
    format: flag('format', 'formats'),
    'show-documentation-url': flag('showDocumentationUrl', 'flag'),
  },
  diff: {
    old: { kind: 'side', argument: 'old' },
    new: { kind: 'side', argument: 'new' },
    'fail-on': flag('failOn', 'level'),
    baseline: flag('baseline', 'file'),
    format: flag('format', 'formats'),
    'show-documentation-url': flag('showDocumentationUrl', 'flag'),
  },
  proxy: {
    upstream: { kind: 'url', argument: 'upstream' },
    port: flag('port', 'natural'),
    host: flag('host', 'text'),
    openapi: flag('openapi', 'fileOrUrl'),
    profile: flag('profile', 'file'),
    only: flag('only', 'ids'),
    skip: flag('skip', 'ids'),
    'report-every': flag('reportEvery', 'positive'),
    'forwarded-headers': flag('forwardedHeaders', 'flag'),
    'fail-on': flag('failOn', 'level'),
    format: flag('format', 'formats'),
  },
};

/** The names searched in the working directory, in this order; more than one there is an error. */
export const CONFIG_FILE_NAMES = [
  'restguide.config.yaml',
  'restguide.config.yml',
  '.restguide.yaml',
  '.restguide.yml',
] as const;
