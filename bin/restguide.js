#!/usr/bin/env node
// Thin entry: the bundle (dist/bundle, made by `npm run build`; see scripts/bundle.mjs) does the work;
// this only maps its result to the exit code. It runs the bundle and nothing else: a build older than
// the sources is for `npm run build` to redo, not for this file to guess from file dates.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node keeps the compiled code of the bundle's chunks on disk (Node >= 22.1; NODE_DISABLE_COMPILE_CACHE=1 turns it off).
module.enableCompileCache?.();

const bundled = new URL('../dist/bundle/restguide.js', import.meta.url);
if (!existsSync(bundled)) {
  process.stderr.write('restguide: no build in dist/bundle: run npm run build\n');
  process.exit(2);
}

const { main } = await import(bundled.href);

// A reader that stops early (`restguide lint big.yaml | head`) ends the output, not in a crash.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
