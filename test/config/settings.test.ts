// A section made ready for the command line: ${NAME} from the environment, paths from the file's folder.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigFile } from '../../src/config/load.js';
import { expandReferences, sectionSettings } from '../../src/config/settings.js';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('${NAME} references', () => {
  const env = { API_TOKEN: 'abc', EMPTY: '' };
  const expand = (value: string) =>
    expandReferences(value, '(root).check.headers.Authorization', env, 'restguide.config.yaml');

  it('reads a set variable, anywhere in the value, and $$ as a literal $', () => {
    expect(expand('Bearer ${API_TOKEN}')).toBe('Bearer abc');
    expect(expand('${API_TOKEN}-${API_TOKEN}')).toBe('abc-abc');
    expect(expand('costs $$5, not ${API_TOKEN}')).toBe('costs $5, not abc');
    expect(expand('$HOME stays')).toBe('$HOME stays');
  });

  it('stops on an unset or empty variable, naming the key and the variable, never a value', () => {
    expect(refusal(() => expand('Bearer ${NOPE}'))).toBe(
      '(root).check.headers.Authorization in restguide.config.yaml refers to ${NOPE}, which is not set in the environment',
    );
    expect(refusal(() => expand('Bearer ${EMPTY}'))).toBe(
      '(root).check.headers.Authorization in restguide.config.yaml refers to ${EMPTY}, which is empty in the environment',
    );
  });

  it('refuses a malformed reference', () => {
    expect(refusal(() => expand('Bearer ${API TOKEN}'))).toMatch(
      /refers to \$\{API TOKEN\}, which is not a variable name/,
    );
    expect(refusal(() => expand('Bearer ${API_TOKEN'))).toMatch(/has a \$\{ without its closing \}/);
  });
});

describe('paths in a section', () => {
  const cwd = join('/', 'work', 'project');
  const file = (dir: string, sections: ConfigFile['sections']): ConfigFile => ({ shown: 'c.yaml', dir, sections });

  it('are left as written when the file is in the working directory', () => {
    const config = file(cwd, {
      lint: { documents: ['apis/**/*.yaml'], exclude: 'vendor/**', ruleset: './ruleset.yaml' },
    });
    expect(sectionSettings(config, 'lint', {}, cwd)).toEqual({
      documents: ['apis/**/*.yaml'],
      exclude: 'vendor/**',
      ruleset: './ruleset.yaml',
    });
  });

  it("resolve against the file's folder when it is elsewhere: files, globs, outputs, git paths; URLs untouched", () => {
    const dir = join(cwd, 'ci');
    const check = file(dir, {
      check: {
        target: 'https://api.example.org/v1',
        profile: 'profile.yaml',
        openapi: 'https://api.example.org/v1/doc/openapi.yaml',
        baseline: '../known.json',
        ca: '/etc/ssl/ca.pem',
        format: ['stylish', 'junit=reports/check.xml', 'json=-'],
      },
    });
    expect(sectionSettings(check, 'check', {}, cwd)).toEqual({
      target: 'https://api.example.org/v1',
      profile: join('ci', 'profile.yaml'),
      openapi: 'https://api.example.org/v1/doc/openapi.yaml',
      baseline: 'known.json',
      ca: '/etc/ssl/ca.pem',
      format: ['stylish', `junit=${join('ci', 'reports', 'check.xml')}`, 'json=-'],
    });
    const lint = file(dir, {
      lint: { documents: ['../apis/*.yaml', 'https://x.example/o.yaml', '-'], exclude: ['vendor/**', '*-v1.yaml'] },
    });
    // A glob without a folder matches a file name anywhere, so it is not moved.
    expect(sectionSettings(lint, 'lint', {}, cwd)).toEqual({
      documents: ['apis/*.yaml', 'https://x.example/o.yaml', '-'],
      exclude: ['ci/vendor/**', '*-v1.yaml'],
    });
    const diff = file(dir, { diff: { old: 'git:origin/main:../openapi.yaml', new: '../openapi.yaml' } });
    expect(sectionSettings(diff, 'diff', {}, cwd)).toEqual({
      old: 'git:origin/main:openapi.yaml',
      new: 'openapi.yaml',
    });
  });

  it('read ${NAME} before they resolve, and keep numbers and switches as written', () => {
    const config = file(cwd, {
      check: { target: '${API_URL}/v1', timeout: 500, 'allow-writes': true, headers: { 'X-Version': 2 } },
    });
    expect(sectionSettings(config, 'check', { API_URL: 'https://api.example.org' }, cwd)).toEqual({
      target: 'https://api.example.org/v1',
      timeout: 500,
      'allow-writes': true,
      headers: { 'X-Version': '2' },
    });
  });

  it('refuse a header value that the environment gave a line break, without showing it', () => {
    const config = file(cwd, { check: { headers: { Authorization: 'Bearer ${TOKEN}' } } });
    const message = refusal(() => sectionSettings(config, 'check', { TOKEN: 'secret\nX-Injected: 1' }, cwd));
    expect(message).toBe(
      '(root).check.headers.Authorization in c.yaml has a line break in its value: a header value is one line',
    );
    expect(message).not.toContain('secret');
  });

  it("of another command's section are not read, nor are its references", () => {
    const config = file(cwd, {
      check: { headers: { Authorization: 'Bearer ${UNSET}' } },
      lint: { 'fail-on': 'error' },
    });
    expect(sectionSettings(config, 'lint', {}, cwd)).toEqual({ 'fail-on': 'error' });
    expect(sectionSettings(config, 'diff', {}, cwd)).toEqual({});
  });
});
