// A fresh `npm ci` runs no dependency's install script: each one in the lockfile is denied in
// package.json's allowScripts (npm 11), and Scarf's telemetry is also off by its own setting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
  scarfSettings?: { enabled?: boolean };
  engines?: { node?: string };
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

describe('install scripts', () => {
  it('every dependency with an install script is denied, none allowed', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts).toContain('@scarf/scarf');
    for (const name of withScripts) expect(manifest.allowScripts?.[name], name).toBe(false);
    expect(Object.values(manifest.allowScripts ?? {}).filter((allowed) => allowed !== false)).toEqual([]);
  });

  it("turns Scarf's analytics off for npm versions that still run install scripts", () => {
    expect(manifest.scarfSettings).toEqual({ enabled: false });
  });

  it('states one Node version, the same in package.json and README', () => {
    expect(manifest.engines?.node).toBe('>=22.12');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('Requires Node.js 22.12 or later');
  });
});
