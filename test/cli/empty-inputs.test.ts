// An input file with nothing in it (empty, white space, comments only) is called empty, in one line,
// by every command that reads one: not "not an OpenAPI document" nor a schema error on null.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { PACKAGE_ROOT } from '../../src/core/util/version.js';
import { captureIo } from '../helpers/io.js';

const DOCUMENT = join(PACKAGE_ROOT, 'test/fixtures/lint/reusable.yaml');
const BLANKS = { empty: '', 'white space': ' \n\n\t\n', 'comments only': '# to do\n  # later\n' };

async function run(cwd: string, argv: string[]) {
  const io = Object.assign(captureIo(), { cwd });
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

describe.each(Object.entries(BLANKS))('a file that is %s', (_name, text) => {
  const blank = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-empty-'));
    await writeFile(join(dir, name), text);
    return { dir, file: join(dir, name) };
  };

  it('lint, and either side of diff: "empty", exit 2', async () => {
    const { dir, file } = await blank('api.yaml');
    const said = `restguide: ${file}: empty (no YAML or JSON in it)\n`;
    expect(await run(dir, ['lint', file])).toEqual({ code: 2, out: '', err: said });
    expect(await run(dir, ['diff', file, DOCUMENT])).toEqual({ code: 2, out: '', err: said });
    expect(await run(dir, ['diff', DOCUMENT, file])).toEqual({ code: 2, out: '', err: said });
  });

  it('check --openapi and --profile: "empty", exit 2, before contacting anything', async () => {
    const { dir, file } = await blank('input.yaml');
    expect(await run(dir, ['check', 'http://127.0.0.1:9/api', '--openapi', file])).toEqual({
      code: 2,
      out: '',
      err: `restguide: bad OpenAPI document ${file}: empty (no YAML or JSON in it)\n`,
    });
    expect(await run(dir, ['check', 'http://127.0.0.1:9/api', '--profile', file])).toEqual({
      code: 2,
      out: '',
      err: `restguide: bad profile ${file}: empty (no YAML or JSON in it)\n`,
    });
  });

  it('restguide.config.yaml: the note says it is empty, and the command runs', async () => {
    const { dir } = await blank('restguide.config.yaml');
    const { code, err } = await run(dir, ['lint', DOCUMENT, '-f', 'json']);
    expect(code).toBe(0);
    expect(err).toBe('restguide: config restguide.config.yaml is empty\n');
  });
});
