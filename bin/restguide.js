#!/usr/bin/env node
// Thin entry: the compiled CLI does the work; this only maps its result to the exit code.
// It runs the bundle (dist/bundle, made by `npm run build`; see scripts/bundle.mjs) unless that is
// missing or older than the compiled sources (a `tsc` alone after an edit), or RESTGUIDE_UNBUNDLED=1.
import { statSync } from 'node:fs';
import module from 'node:module';

// Node keeps the compiled code of the bundle's chunks on disk (Node >= 22.1; NODE_DISABLE_COMPILE_CACHE=1 turns it off).
module.enableCompileCache?.();

const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
const bundled = new URL('../dist/bundle/restguide.js', import.meta.url);

function bundleIsCurrent() {
  if (process.env.RESTGUIDE_UNBUNDLED === '1') return false;
  try {
    const bundle = statSync(bundled);
    const sources = statSync(compiled, { throwIfNoEntry: false });
    return !sources || bundle.mtimeMs >= sources.mtimeMs;
  } catch {
    return false;
  }
}

const { main } = await import(bundleIsCurrent() ? bundled.href : compiled.href);

// A reader that stops early (`restguide lint big.yaml | head`) ends the output, not in a crash.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
