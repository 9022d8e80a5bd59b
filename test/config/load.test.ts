// Finding and validating restguide.config.yaml: the names searched, and one line for each fault.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAMES } from '../../src/config/keys.js';
import { Ajv } from 'ajv';
import { CONFIG_AJV_OPTIONS, checkConfig, loadConfig } from '../../src/config/load.js';
import { CONFIG_SCHEMA } from '../../src/config/schema.js';

const folder = async (files: Record<string, string> = {}): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-config-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
};

/** The message of what `run` throws, or fails the test when it throws nothing. */
async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('finding the config file', () => {
  for (const name of CONFIG_FILE_NAMES) {
    it(`finds ${name} in the working directory`, async () => {
      const dir = await folder({ [name]: 'lint:\n  fail-on: error\n' });
      const config = await loadConfig(dir);
      expect(config?.shown).toBe(name);
      expect(config?.dir).toBe(dir);
      expect(config?.sections.lint).toEqual({ 'fail-on': 'error' });
    });
  }

  it("finds nothing in a folder without one, nor in a parent folder's file", async () => {
    const dir = await folder({ 'restguide.config.yaml': 'lint: {}\n', 'sub/readme.txt': '' });
    expect(await loadConfig(join(dir, 'sub'))).toBeUndefined();
  });

  it('refuses two config files in one folder rather than prefer one', async () => {
    const dir = await folder({ 'restguide.config.yaml': 'lint: {}\n', '.restguide.yml': 'lint: {}\n' });
    expect(await refusal(() => loadConfig(dir))).toBe(
      'restguide.config.yaml and .restguide.yml are both config files here: keep one, or name one with --config',
    );
  });

  it('reads the file --config names, relative to the working directory, instead of searching', async () => {
    const dir = await folder({
      'restguide.config.yaml': 'lint:\n  fail-on: info\n',
      'ci/gate.yaml': 'lint:\n  fail-on: error\n',
    });
    const config = await loadConfig(dir, 'ci/gate.yaml');
    expect(config?.shown).toBe('ci/gate.yaml');
    expect(config?.dir).toBe(join(dir, 'ci'));
    expect(config?.sections.lint).toEqual({ 'fail-on': 'error' });
  });

  it('refuses a --config file that does not exist', async () => {
    const dir = await folder();
    expect(await refusal(() => loadConfig(dir, 'nope.yaml'))).toBe(
      'cannot read config nope.yaml: no such file or folder (ENOENT)',
    );
  });

  it('refuses text that is not YAML, and duplicate keys, in one line', async () => {
    const dir = await folder({ 'a.yaml': 'lint: [\n', 'b.yaml': 'lint:\n  fail-on: error\n  fail-on: info\n' });
    const broken = await refusal(() => loadConfig(dir, 'a.yaml'));
    expect(broken).toMatch(/^bad config a\.yaml: not YAML \(.+\)$/);
    expect(await refusal(() => loadConfig(dir, 'b.yaml'))).toMatch(
      /^bad config b\.yaml: not YAML \(Map keys must be unique/,
    );
  });

  it('takes an empty file, and sections whose keys are all commented out, as empty', async () => {
    const dir = await folder({ 'restguide.config.yaml': '# nothing yet\ncheck:\n  # timeout: 5\nlint:\n' });
    expect((await loadConfig(dir))?.sections).toEqual({ check: {}, lint: {} });
    const empty = await folder({ 'restguide.config.yaml': '' });
    expect((await loadConfig(empty))?.sections).toEqual({});
  });

  it('lets x- keys hold what sections share through YAML anchors and merge keys', async () => {
    const dir = await folder({
      'restguide.config.yaml':
        'x-gate: &gate\n  fail-on: error\n  baseline: known.json\nlint:\n  <<: *gate\ndiff:\n  <<: *gate\n  fail-on: info\n',
    });
    const sections = (await loadConfig(dir))?.sections;
    expect(sections?.lint).toEqual({ 'fail-on': 'error', baseline: 'known.json' });
    expect(sections?.diff).toEqual({ 'fail-on': 'info', baseline: 'known.json' });
  });
});

describe('validating the config file', () => {
  it('uses a schema valid under the JSON Schema meta-schema (the CLI skips that check for speed)', () => {
    const ajv = new Ajv(CONFIG_AJV_OPTIONS);
    expect(ajv.validateSchema(CONFIG_SCHEMA)).toBe(true);
    expect(ajv.validateSchema({ ...CONFIG_SCHEMA, additionalProperties: 'no' })).toBe(false);
  });

  const says = (data: unknown) => refusal(() => checkConfig(data, 'restguide.config.yaml'));

  it('names an unknown key, the nearest allowed one and every allowed one', async () => {
    expect(await says({ check: { opnapi: 'openapi.yaml' } })).toBe(
      'bad config restguide.config.yaml: (root).check has an unknown key `opnapi`: did you mean `openapi`? ' +
        'Allowed keys there: target, profile, openapi, allow-writes, only, skip, headers, oauth2-token-url, client-id, client-key, scope, narrow-scope, cert, key, ca, ' +
        'timeout, concurrency, rate, deadline, retries, wait, fail-on, baseline, format, show-documentation-url',
    );
    expect(await says({ chek: {} })).toBe(
      'bad config restguide.config.yaml: (root) has an unknown key `chek`: did you mean `check`? Allowed keys there: check, lint, diff, proxy',
    );
    // A key of another command's section is unknown here, with no far-fetched guess.
    expect(await says({ diff: { ruleset: 'r.yaml' } })).toBe(
      'bad config restguide.config.yaml: (root).diff has an unknown key `ruleset`. Allowed keys there: old, new, fail-on, baseline, format, show-documentation-url',
    );
  });

  it('says what a key takes when its value has the wrong type', async () => {
    expect(await says({ check: { timeout: '10s' } })).toBe(
      'bad config restguide.config.yaml: (root).check.timeout must be a whole number, 1 or more, not "10s"',
    );
    expect(await says({ check: { retries: -1 } })).toBe(
      'bad config restguide.config.yaml: (root).check.retries must be a whole number, 0 or more, not -1',
    );
    expect(await says({ check: { 'allow-writes': 'yes' } })).toBe(
      'bad config restguide.config.yaml: (root).check.allow-writes must be true or false, not "yes"',
    );
    expect(await says({ check: { only: ['problem', 7] } })).toBe(
      'bad config restguide.config.yaml: (root).check.only.1 must be a string, not 7',
    );
    expect(await says({ lint: { documents: [] } })).toBe(
      'bad config restguide.config.yaml: (root).lint.documents must be a file, glob or URL, or a list of them, not []',
    );
    expect(await says({ check: { headers: ['X-A: 1'] } })).toBe(
      'bad config restguide.config.yaml: (root).check.headers must be a map of header names to values, not ["X-A: 1"]',
    );
    expect(await says({ diff: 'old.yaml' })).toBe(
      'bad config restguide.config.yaml: (root).diff must be a map of keys, not "old.yaml"',
    );
    expect(await says(['check'])).toBe(
      'bad config restguide.config.yaml: (root) must be a map with a section per command (check, lint, diff, proxy), not ["check"]',
    );
  });

  it('refuses a credential written in the file; takes it as a ${NAME} reference', async () => {
    for (const name of ['Authorization', 'Cookie', 'X-Api-Key', 'X-Auth-Token']) {
      expect(await says({ check: { headers: { [name]: 'Bearer abc' } } })).toBe(
        `bad config restguide.config.yaml: (root).check.headers.${name} holds a credential in the file: write it as \${NAME} and set NAME in the environment`,
      );
      expect(
        checkConfig({ check: { headers: { [name]: 'Bearer ${API_TOKEN}' } } }, 'c.yaml').check?.['headers'],
      ).toEqual({ [name]: 'Bearer ${API_TOKEN}' });
    }
    // Not a credential: a plain value is fine.
    expect(
      checkConfig({ check: { headers: { 'Accept-Language': 'nl', 'X-Version': 2 } } }, 'c.yaml').check,
    ).toBeDefined();
    expect(await says({ check: { headers: { 'Bad Name': 'x' } } })).toBe(
      'bad config restguide.config.yaml: "Bad Name" in (root).check.headers is not a header name',
    );
  });
});
