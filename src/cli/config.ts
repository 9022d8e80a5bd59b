// Applies restguide.config.yaml to a parsed command before its action runs: what a flag or argument
// given on the command line holds wins; the file fills in the rest, as if it had been typed.
import { InvalidArgumentError, type Command, type Option } from 'commander';
import { UsageError } from '../core/util/errors.js';
import { describeSchemaError } from '../core/profile/profile-errors.js';
import { CONFIG_KEYS, type ConfigCommand, type ConfigKey } from '../config/keys.js';
import { findConfigFile } from '../config/find.js';
import { sectionSettings, type SettingValue } from '../config/settings.js';
import type { Io } from './io.js';

const optionOf = (command: Command, attribute: string): Option => {
  const option = command.options.find((candidate) => candidate.attributeName() === attribute);
  if (!option) throw new Error(`restguide ${command.name()} has no option for the config attribute ${attribute}`);
  return option;
};

const fromCli = (command: Command, attribute: string): boolean => command.getOptionValueSource(attribute) === 'cli';

const headerName = (line: string): string =>
  line
    .slice(0, Math.max(line.indexOf(':'), 0))
    .trim()
    .toLowerCase();

/** `--header` lines, the file's headers after those given as flags (a flag's header wins by name: see applyConfig). */
function mergeHeaders(command: Command, headers: Record<string, string>): boolean {
  const given = fromCli(command, 'header') ? (command.getOptionValue('header') as string[]) : [];
  const added = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  if (added.length === 0) return false;
  command.setOptionValueWithSource('header', [...given, ...added], given.length > 0 ? 'cli' : 'config');
  return true;
}

/** `format` values through the command's own `-f` parser: the same names, `=file` and refusals as the flag. */
function applyFormats(command: Command, formats: string[], shown: string): void {
  const option = optionOf(command, 'format');
  let value: unknown;
  formats.forEach((format, i) => {
    try {
      value = option.parseArg?.(format, value);
    } catch (error) {
      if (error instanceof InvalidArgumentError || error instanceof UsageError) {
        throw new UsageError(
          `bad config ${shown}: (root).${command.name()}.format.${i} is \`${format}\`: ${error.message}`,
        );
      }
      throw error;
    }
  });
  command.setOptionValueWithSource('format', command.getOptionValue('format'), 'config');
  command.setOptionValueWithSource('output', command.getOptionValue('output'), 'config');
}

/** Severities among the flag's own choices, told as an unknown profile value is; checked even when a flag overrides them. */
function checkChoices(command: Command, section: Record<string, unknown>, shown: string): void {
  for (const [key, value] of Object.entries(section)) {
    const spec = CONFIG_KEYS[command.name() as ConfigCommand][key];
    const choices =
      spec?.kind === 'level' && spec.option !== undefined ? optionOf(command, spec.option).argChoices : undefined;
    if (choices && !choices.includes(String(value))) {
      const message = describeSchemaError([
        {
          instancePath: `(root).${command.name()}.${key}`,
          schemaPath: '',
          keyword: 'enum',
          params: { allowedValues: choices },
          data: value,
        },
      ]);
      throw new UsageError(`bad config ${shown}: ${message}`);
    }
  }
}

/** Whether the command line gives what a key would; then the file's value is not even read. */
function givenOnCommandLine(command: Command, spec: ConfigKey): boolean {
  // Positional arguments: all from the command line when it gives any. --auth-demo takes no base URL.
  if (spec.argument !== undefined)
    return command.args.length > 0 || (spec.argument === 'baseUrl' && command.getOptionValue('authDemo') === true);
  if (spec.kind === 'formats') return fromCli(command, 'format') || fromCli(command, 'output');
  if (spec.kind === 'headers') return false; // merged by name
  return spec.option !== undefined && fromCli(command, spec.option);
}

/** Sets what the command line left out, as the flag or argument would have; says whether the value was used. */
function apply(command: Command, spec: ConfigKey, value: SettingValue, shown: string): boolean {
  if (spec.argument !== undefined) {
    const index = command.registeredArguments.findIndex((argument) => argument.name() === spec.argument);
    command.processedArgs[index] = spec.kind === 'documents' && typeof value === 'string' ? [value] : value;
    return true;
  }
  const option = spec.option as string;
  if (spec.kind === 'headers') return mergeHeaders(command, value as Record<string, string>);
  if (spec.kind === 'formats') {
    applyFormats(command, typeof value === 'string' ? [value] : (value as string[]), shown);
    return true;
  }
  // A switch set to false is the default (nothing to set), but for a --no- switch (`forwarded-headers: false`).
  if (value === false && !optionOf(command, option).negate) return false;
  const asFlag =
    typeof value === 'number'
      ? String(value) // as typed on the command line
      : (spec.kind === 'ids' || spec.kind === 'globs') && typeof value === 'string'
        ? [value]
        : value;
  command.setOptionValueWithSource(option, asFlag, 'config');
  return true;
}

/** diff takes two sides, proxy its upstream, from the command line or the file (optional so the file can give them). */
function requireArguments(command: Command, shown: string | undefined): void {
  if (command.name() !== 'diff' && command.name() !== 'proxy') return;
  const missing = command.registeredArguments.find((_argument, i) => command.processedArgs[i] === undefined);
  if (missing) {
    const where = shown === undefined ? 'a config file' : shown;
    if (command.name() === 'proxy')
      throw new UsageError(`proxy: missing required argument 'upstream': give it, or set proxy.upstream in ${where}`);
    throw new UsageError(
      `diff: missing required argument '${missing.name()}': give <old> and <new>, or set diff.old and diff.new in ${where}`,
    );
  }
}

/** Reads the config of `command` (unless --no-config), applies its section, and says so on stderr. */
export async function applyConfig(command: Command, io: Io): Promise<void> {
  const name = command.name() as ConfigCommand;
  const choice = command.getOptionValue('config') as string | false | undefined;
  const file = choice === false ? undefined : await findConfigFile(io.cwd, choice);
  if (file === undefined) {
    requireArguments(command, undefined);
    return;
  }
  const { readConfig } = await import('../config/load.js');
  const config = await readConfig(file.path, file.shown);
  const keys = CONFIG_KEYS[name];
  const section = config.sections[name] ?? {};
  checkChoices(command, section, config.shown);
  const given = Object.keys(section).filter((key) => keys[key] !== undefined && givenOnCommandLine(command, keys[key]));
  const flagHeaders = fromCli(command, 'header')
    ? (command.getOptionValue('header') as string[]).map((line) => `header:${headerName(line)}`)
    : [];
  const settings = sectionSettings(config, name, io.env, io.cwd, new Set([...given, ...flagHeaders]));
  const used = Object.entries(settings)
    .filter(([key, value]) => apply(command, keys[key] as ConfigKey, value, config.shown))
    .map(([key]) => key);
  requireArguments(command, config.shown);
  // Listed in the order of the key table, whatever the file's order.
  const order = Object.keys(keys);
  const inOrder = (list: string[]) => list.sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(', ');
  const overridden = Object.keys(section).filter(
    (key) =>
      !used.includes(key) &&
      (section[key] !== false || (keys[key]?.option !== undefined && optionOf(command, keys[key].option).negate)),
  );
  const said = config.empty
    ? 'is empty'
    : config.sections[name] === undefined
      ? `has no ${name} section`
      : `gives ${name} ${used.length > 0 ? inOrder(used) : 'nothing'}`;
  io.stderr(
    `restguide: config ${config.shown} ${said}${overridden.length > 0 ? `; flags given win over ${inOrder(overridden)}` : ''}\n`,
  );
}
