import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest folder above this module holding package.json (src/ or dist/src/). */
export const PACKAGE_ROOT: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return dir;
})();

type Manifest = { version: string; homepage?: string; repository?: string | { url?: string } };
const MANIFEST = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as Manifest;

// Read once from package.json so `--version` and reports never drift from the package.
export const VERSION: string = MANIFEST.version;

/** The project's page (package.json `homepage`, else its `repository` as a web URL), for reports that link the tool. */
export const PROJECT_URL: string | undefined = (() => {
  if (MANIFEST.homepage) return MANIFEST.homepage;
  const repository = typeof MANIFEST.repository === 'string' ? MANIFEST.repository : MANIFEST.repository?.url;
  return repository?.replace(/^git\+/, '').replace(/\.git$/, '') || undefined;
})();
