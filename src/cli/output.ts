// Where reports go: each `--output` belongs to the `--format` just before it; the CLI writes, reporters only render.
import { resolve } from 'node:path';
import { fileErrorReason } from '../core/util/file-error.js';
import { replaceFile } from '../core/util/replace-file.js';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { UsageError } from '../core/util/errors.js';
import { isReportFormat, REPORT_FORMATS, type ReportFormat } from '../reporters/index.js';
import { wantsColor, type Io } from './io.js';

/** Where one rendering goes; render functions may use it (e.g. colours only on stdout). */
export type OutputTarget = { kind: 'stdout' } | { kind: 'file'; path: string };

// The format of an output given without its own --format, from the file name (longest suffix first).
const FORMAT_BY_EXTENSION: ReadonlyArray<[string, ReportFormat]> = [
  ['.sarif.json', 'sarif'],
  ['.sarif', 'sarif'],
  ['.json', 'json'],
  ['.xml', 'junit'],
  ['.html', 'html'],
  ['.htm', 'html'],
  ['.md', 'markdown'],
];
/** The format a file name implies, among those the command offers (`.md` means nothing to lint). */
const formatOfFile = (file: string, offered: readonly ReportFormat[]): ReportFormat | undefined => {
  const implied = FORMAT_BY_EXTENSION.find(([extension]) => file.toLowerCase().endsWith(extension))?.[1];
  return implied !== undefined && offered.includes(implied) ? implied : undefined;
};

/** Formats whose reports are JSON: a `.json` file suits them all (SARIF and GitLab Code Quality are JSON too). */
const JSON_FORMATS: ReadonlySet<string> = new Set(['json', 'sarif', 'gitlab']);

/** Why `file` cannot hold a `format` report, or undefined when its extension is unknown or fits. */
function contradiction(format: ReportFormat, file: string, offered: readonly ReportFormat[]): string | undefined {
  const implied = formatOfFile(file, offered);
  if (implied === undefined || implied === format) return undefined;
  if (implied === 'json' && JSON_FORMATS.has(format)) return undefined;
  return `${file} is named like a ${implied} report, but --format ${format} was given for it: rename it or change the format`;
}

/**
 * Pairs formats with outputs by index: format[i] → output[i] (`-` or a hole is stdout). The CLI
 * fills both lists aligned (see addReportOptions), so an output belongs to the format before it.
 * An output without a format takes it from its extension (.json, .xml → junit, .sarif/.sarif.json,
 * .html), or the default format when it is the only output and no --format was given. A file whose
 * extension contradicts its format is refused. At most one report goes to stdout.
 */
export function planOutputs(
  targets: { formats?: Array<string | undefined>; outputs?: Array<string | undefined> },
  defaultFormat: ReportFormat,
  offered: readonly ReportFormat[] = REPORT_FORMATS,
): Array<{ format: ReportFormat; to: OutputTarget }> {
  const formats = targets.formats ?? [];
  const outputs = targets.outputs ?? [];
  for (const format of formats) {
    if (format !== undefined && (!isReportFormat(format) || !offered.includes(format)))
      throw new UsageError(`unknown report format "${format}"`);
  }
  const givenFormats = formats.filter((f) => f !== undefined).length;
  const givenOutputs = outputs.filter((o) => o !== undefined).length;
  const plan: Array<{ format: ReportFormat; to: OutputTarget }> = [];
  const count = Math.max(formats.length, outputs.length, 1);
  for (let i = 0; i < count; i++) {
    const output = outputs[i];
    const to: OutputTarget =
      output === undefined || output === '-' ? { kind: 'stdout' } : { kind: 'file', path: output };
    const given = formats[i] as ReportFormat | undefined;
    let format = given ?? (to.kind === 'stdout' ? defaultFormat : formatOfFile(output as string, offered));
    if (format === undefined && givenFormats === 0 && givenOutputs === 1) format = defaultFormat;
    if (format === undefined) {
      throw new UsageError(
        `more outputs than formats: give a --format for ${output} or name it .json, .xml, .sarif${offered.includes('markdown') ? ', .md' : ''} or .html`,
      );
    }
    if (given !== undefined && to.kind === 'file') {
      const problem = contradiction(given, to.path, offered);
      if (problem) throw new UsageError(problem);
    }
    plan.push({ format, to });
  }
  if (plan.filter((item) => item.to.kind === 'stdout').length > 1) {
    throw new UsageError(
      'only one report can go to stdout: give each --format its own --output (-f junit -o junit.xml, or -f junit=junit.xml)',
    );
  }
  return plan;
}

/**
 * Adds `-f, --format <format[=file]>` and `-o, --output <file>` to a command, recording them in
 * command-line order so `options.format[i]` and `options.output[i]` are one report: an output
 * belongs to the format just before it (`-f stylish -f junit -o junit.xml` writes JUnit to the
 * file). An output before any format is ambiguous once a format follows, and refused.
 */
export function addReportOptions(command: Command, formats: readonly string[]): Command {
  const formatList: Array<string | undefined> = [];
  const outputList: Array<string | undefined> = [];
  const publish = (): void => {
    command.setOptionValue('format', formatList);
    command.setOptionValue('output', outputList);
  };
  const parseFormat = (value: string): Array<string | undefined> => {
    const equals = value.indexOf('=');
    const name = equals === -1 ? value : value.slice(0, equals);
    const file = equals === -1 ? undefined : value.slice(equals + 1);
    if (!formats.includes(name)) throw new InvalidArgumentError(`one of ${formats.join(', ')}, optionally with =file`);
    if (file === '') throw new InvalidArgumentError(`give a file after "${name}=", or drop the "="`);
    const lone = outputList.find(
      (output, i) =>
        output !== undefined && formatList[i] === undefined && formatList.slice(0, i).every((f) => f === undefined),
    );
    if (lone !== undefined) {
      throw new UsageError(
        `--output ${lone} comes before any --format, so it is unclear which format it is for: put it after its format (-f ${name} -o ${lone}) or write -f ${name}=${lone}`,
      );
    }
    formatList.push(name);
    outputList.push(file);
    publish();
    return formatList;
  };
  const parseOutput = (value: string): Array<string | undefined> => {
    const last = formatList.length - 1;
    if (last >= 0 && formatList[last] !== undefined && outputList[last] === undefined) {
      outputList[last] = value;
    } else {
      formatList.push(undefined);
      outputList.push(value);
    }
    publish();
    return outputList;
  };
  return command
    .addOption(
      new Option(
        '-f, --format <format>',
        `report format: ${formats.join('|')}; repeatable, \`-f junit=junit.xml\` writes it to a file`,
      ).argParser(parseFormat),
    )
    .addOption(
      new Option(
        '-o, --output <file>',
        'write the report of the --format just before it to a file (without one: format from the extension)',
      ).argParser(parseOutput),
    );
}

const slots = (value: unknown): Array<string | undefined> | undefined =>
  Array.isArray(value)
    ? value.map((v) => (v === undefined ? undefined : String(v)))
    : typeof value === 'string'
      ? [value]
      : undefined;

/** The report targets of parsed options (as addReportOptions left them). */
export const reportTargets = (
  options: Record<string, unknown>,
): { formats?: Array<string | undefined>; outputs?: Array<string | undefined> } => {
  const formats = slots(options.format);
  const outputs = slots(options.output);
  return { ...(formats ? { formats } : {}), ...(outputs ? { outputs } : {}) };
};

export async function writeReports(
  targets: { formats?: Array<string | undefined>; outputs?: Array<string | undefined> },
  render: (format: ReportFormat, to: OutputTarget) => string,
  io: Io,
  defaultFormat: ReportFormat = 'stylish',
  offered: readonly ReportFormat[] = REPORT_FORMATS,
): Promise<{ toStdout: boolean }> {
  const plan = planOutputs(targets, defaultFormat, offered);
  // Render everything before writing anything, so a failure leaves no half set of reports.
  const rendered = plan.map((item) => ({ ...item, text: render(item.format, item.to) }));
  for (const item of rendered) {
    if (item.to.kind === 'file') await writeReport(resolve(io.cwd, item.to.path), item.text, item.to.path);
  }
  for (const item of rendered) {
    if (item.to.kind === 'stdout') io.stdout(item.text);
  }
  return { toStdout: rendered.some((item) => item.to.kind === 'stdout') };
}

/**
 * Writes the reports a command's options ask for (stylish by default, of `offered`): `render` gets each format and
 * what every reporter is told, `shared` plus the working directory and colour (only on a terminal's stdout).
 */
export function writeCommandReports<T extends object>(
  options: Record<string, unknown>,
  io: Io,
  offered: readonly ReportFormat[],
  shared: T,
  render: (format: ReportFormat, told: T & { color: boolean; cwd: string }) => string,
): Promise<{ toStdout: boolean }> {
  const color = wantsColor(io);
  return writeReports(
    reportTargets(options),
    (format, to) => render(format, { ...shared, color: color && to.kind === 'stdout', cwd: io.cwd }),
    io,
    'stylish',
    offered,
  );
}

async function writeReport(file: string, text: string, shown: string): Promise<void> {
  try {
    await replaceFile(file, text);
  } catch (error) {
    throw new UsageError(`cannot write report ${shown}: ${fileErrorReason(error)}`);
  }
}
