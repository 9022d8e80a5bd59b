// Where reports go: `--format` and `--output` pair up in order; the CLI writes, reporters only render.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fileErrorReason } from '../core/baseline.js';
import { UsageError } from '../core/errors.js';
import { isReportFormat, type ReportFormat } from '../reporters/index.js';
import type { Io } from './io.js';

/** Where one rendering goes; render functions may use it (e.g. colours only on stdout). */
export type OutputTarget = { kind: 'stdout' } | { kind: 'file'; path: string };

// The format of an output given without its own --format, from the file name (longest suffix first).
const FORMAT_BY_EXTENSION: ReadonlyArray<[string, ReportFormat]> = [
  ['.sarif.json', 'sarif'], ['.sarif', 'sarif'], ['.json', 'json'], ['.xml', 'junit'], ['.html', 'html'], ['.htm', 'html'],
];
export const formatOfFile = (file: string): ReportFormat | undefined =>
  FORMAT_BY_EXTENSION.find(([extension]) => file.toLowerCase().endsWith(extension))?.[1];

/**
 * Pairs formats with outputs: format[i] → output[i] (`-` is stdout); a format without an output
 * goes to stdout; an output without a format takes it from its extension (.json, .xml → junit,
 * .sarif/.sarif.json, .html), or the default format when it is the only output and no --format
 * was given. At most one report goes to stdout.
 */
export function planOutputs(targets: { formats?: string[]; outputs?: string[] }, defaultFormat: ReportFormat): Array<{ format: ReportFormat; to: OutputTarget }> {
  const formats = targets.formats ?? [];
  const outputs = targets.outputs ?? [];
  for (const format of formats) {
    if (!isReportFormat(format)) throw new UsageError(`unknown report format "${format}"`);
  }
  const plan: Array<{ format: ReportFormat; to: OutputTarget }> = [];
  const count = Math.max(formats.length, outputs.length, 1);
  for (let i = 0; i < count; i++) {
    const output = outputs[i];
    const to: OutputTarget = output === undefined || output === '-' ? { kind: 'stdout' } : { kind: 'file', path: output };
    const given = formats[i] as ReportFormat | undefined;
    let format = given ?? (output === undefined ? defaultFormat : formatOfFile(output));
    if (format === undefined && formats.length === 0 && outputs.length === 1) format = defaultFormat;
    if (format === undefined) {
      throw new UsageError(`more outputs than formats: give a --format for ${output} or name it .json, .xml, .sarif or .html`);
    }
    plan.push({ format, to });
  }
  if (plan.filter((item) => item.to.kind === 'stdout').length > 1) {
    throw new UsageError('only one report can go to stdout: give each --format its own --output');
  }
  return plan;
}

export async function writeReports(
  targets: { formats?: string[]; outputs?: string[] },
  render: (format: ReportFormat, to: OutputTarget) => string,
  io: Io,
  defaultFormat: ReportFormat = 'stylish',
): Promise<void> {
  const plan = planOutputs(targets, defaultFormat);
  // Render everything before writing anything, so a failure leaves no half set of reports.
  const rendered = plan.map((item) => ({ ...item, text: render(item.format, item.to) }));
  for (const item of rendered) {
    if (item.to.kind === 'file') await writeAtomically(resolve(io.cwd, item.to.path), item.text, item.to.path);
  }
  for (const item of rendered) {
    if (item.to.kind === 'stdout') io.stdout(item.text);
  }
}

/** Temp file in the same folder, then rename: a reader never sees a half-written report. */
async function writeAtomically(file: string, text: string, shown: string): Promise<void> {
  const temp = resolve(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new UsageError(`cannot write report ${shown}: ${fileErrorReason(error)}`);
  }
}
