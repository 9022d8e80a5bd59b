import { chmod, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { addReportOptions, planOutputs, reportTargets, writeReports, type OutputTarget } from '../../src/cli/output.js';
import { UsageError } from '../../src/core/util/errors.js';
import type { ReportFormat } from '../../src/reporters/index.js';
import { captureIo } from '../helpers/io.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'restguide-output-'));
const ioIn = (cwd: string) => Object.assign(captureIo(), { cwd });
const render = (format: ReportFormat, to: OutputTarget) => `${format} to ${to.kind}\n`;

describe('planOutputs', () => {
  it('pairs formats and outputs in order; a format without an output goes to stdout', () => {
    expect(planOutputs({ formats: ['json', 'junit', 'html'], outputs: ['a.json', 'b.xml'] }, 'stylish')).toEqual([
      { format: 'json', to: { kind: 'file', path: 'a.json' } },
      { format: 'junit', to: { kind: 'file', path: 'b.xml' } },
      { format: 'html', to: { kind: 'stdout' } },
    ]);
  });

  it('uses the default format on stdout when nothing is given, and `-` as stdout', () => {
    expect(planOutputs({}, 'stylish')).toEqual([{ format: 'stylish', to: { kind: 'stdout' } }]);
    expect(planOutputs({ formats: ['sarif', 'json'], outputs: ['x.sarif', '-'] }, 'stylish')[1]).toEqual({
      format: 'json',
      to: { kind: 'stdout' },
    });
  });

  it('infers the format of an extra output from its extension', () => {
    expect(
      planOutputs(
        { formats: ['json'], outputs: ['a.json', 'b.sarif.json', 'c.xml', 'd.HTML', 'e.sarif'] },
        'stylish',
      ).map((p) => p.format),
    ).toEqual(['json', 'sarif', 'junit', 'html', 'sarif']);
    expect(planOutputs({ outputs: ['report.txt'] }, 'stylish')).toEqual([
      { format: 'stylish', to: { kind: 'file', path: 'report.txt' } },
    ]);
  });

  it('refuses two reports on stdout, an extra output of unknown format, an unknown format', () => {
    expect(() => planOutputs({ formats: ['json', 'junit'] }, 'stylish')).toThrow(/only one report can go to stdout/);
    expect(() => planOutputs({ formats: ['json'], outputs: ['a.json', 'b.txt'] }, 'stylish')).toThrow(
      /more outputs than formats: give a --format for b\.txt/,
    );
    expect(() => planOutputs({ outputs: ['a.txt', 'b.json'] }, 'stylish')).toThrow(UsageError);
    expect(() => planOutputs({ formats: ['yaml'] }, 'stylish')).toThrow(/unknown report format "yaml"/);
  });
});

describe('writeReports', () => {
  it('writes files (creating folders) and stdout, telling render where each goes', async () => {
    const dir = await tempDir();
    const io = ioIn(dir);
    await writeReports({ formats: ['json', 'stylish'], outputs: ['deep/er/report.json'] }, render, io);
    expect(await readFile(join(dir, 'deep/er/report.json'), 'utf8')).toBe('json to file\n');
    expect(io.out).toBe('stylish to stdout\n');
    expect(await readdir(join(dir, 'deep/er'))).toEqual(['report.json']);
  });

  it('writes the default format to stdout when no format is given', async () => {
    const io = captureIo();
    await writeReports({}, render, io, 'json');
    expect(io.out).toBe('json to stdout\n');
  });

  it('replaces an existing report atomically and leaves no temp file', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'r.html'), 'old');
    await writeReports({ outputs: ['r.html'] }, render, ioIn(dir));
    expect(await readFile(join(dir, 'r.html'), 'utf8')).toBe('html to file\n');
    expect(await readdir(dir)).toEqual(['r.html']);
  });

  it('turns an unwritable path into a one-line UsageError and writes nothing to stdout', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'a-file'), 'x');
    const io = ioIn(dir);
    const error = await writeReports(
      { formats: ['json', 'stylish'], outputs: ['a-file/report.json'] },
      render,
      io,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(
      /^cannot write report a-file\/report\.json: (a parent is not a folder \(ENOTDIR\)|a file is where a folder is needed \(EEXIST\))$/,
    );
    expect((error as Error).message).not.toContain('\n');
    expect(io.out).toBe('');
  });

  it('reports a read-only folder as a UsageError (when not root)', async () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere; a directory path as the output is unwritable for everyone.
      const dir = await tempDir();
      await expect(writeReports({ outputs: [dir] }, render, captureIo())).rejects.toThrow(
        /cannot write report .*: it is a folder \(EISDIR\)/,
      );
      return;
    }
    const dir = await tempDir();
    await chmod(dir, 0o500);
    await expect(writeReports({ outputs: ['r.json'] }, render, ioIn(dir))).rejects.toThrow(
      /cannot write report r\.json: permission denied \(EACCES\)/,
    );
  });
});

describe('addReportOptions: an output belongs to the format just before it', () => {
  const parse = (argv: string[]) => {
    const command = addReportOptions(new Command('x').exitOverride().configureOutput({ writeErr: () => undefined }), [
      'stylish',
      'json',
      'junit',
      'sarif',
      'github',
      'html',
    ]);
    command.parse(argv, { from: 'user' });
    return planOutputs(reportTargets(command.opts()), 'stylish');
  };

  it('writes JUnit to junit.xml and stylish to stdout for `-f stylish -f junit -o junit.xml`', () => {
    expect(parse(['-f', 'stylish', '-f', 'junit', '-o', 'junit.xml'])).toEqual([
      { format: 'stylish', to: { kind: 'stdout' } },
      { format: 'junit', to: { kind: 'file', path: 'junit.xml' } },
    ]);
  });

  it('accepts format=file, mixes it with -o, and takes an extra output format from its extension', () => {
    expect(
      parse(['-f', 'junit=reports/junit.xml', '-f', 'json', '-o', 'r.json', '-o', 'r.html', '-f', 'stylish']),
    ).toEqual([
      { format: 'junit', to: { kind: 'file', path: 'reports/junit.xml' } },
      { format: 'json', to: { kind: 'file', path: 'r.json' } },
      { format: 'html', to: { kind: 'file', path: 'r.html' } },
      { format: 'stylish', to: { kind: 'stdout' } },
    ]);
    expect(parse(['-o', 'r.sarif', '-o', 'x.xml'])).toEqual([
      { format: 'sarif', to: { kind: 'file', path: 'r.sarif' } },
      { format: 'junit', to: { kind: 'file', path: 'x.xml' } },
    ]);
  });

  it('refuses an output before any format once a format follows, with the fix in the message', () => {
    expect(() => parse(['-o', 'r.html', '-f', 'html'])).toThrow(
      /--output r\.html comes before any --format.*-f html=r\.html/,
    );
  });

  it('refuses a file whose extension contradicts its format, in one line', () => {
    expect(() => parse(['-f', 'html', '-o', 'r.json'])).toThrow(
      /^r\.json is named like a json report, but --format html was given for it/,
    );
    expect(() => parse(['-f', 'stylish=out.xml'])).toThrow(UsageError);
    expect(parse(['-f', 'sarif', '-o', 'r.json'])[0]).toEqual({
      format: 'sarif',
      to: { kind: 'file', path: 'r.json' },
    });
    expect(parse(['-f', 'stylish', '-o', 'out.txt'])[0]).toEqual({
      format: 'stylish',
      to: { kind: 'file', path: 'out.txt' },
    });
  });

  it('refuses an unknown format and an empty file after =', () => {
    expect(() => parse(['-f', 'yaml'])).toThrow(/one of stylish/);
    expect(() => parse(['-f', 'json='])).toThrow(/give a file after "json="/);
  });
});
