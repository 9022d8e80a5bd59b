#!/usr/bin/env node
// The CLI from the compiled sources (dist/src, `npm run build` makes them with the bundle), run as
// bin/restguide.js runs the bundle: to compare the two builds (test/cli/bundle.test.ts) or to see
// what the bundle changes. Not shipped; the bin runs the bundle only.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('restguide: no build in dist/src: run npm run build\n');
  process.exit(2);
}

const { main } = await import(compiled.href);

process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
