import { readFileSync } from 'node:fs';

// Read once from package.json so `--version` and reports never drift from the package.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
export const VERSION: string = pkg.version;
