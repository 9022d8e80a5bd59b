#!/usr/bin/env node
// Thin entry: the compiled CLI does the work; this only maps its result to the exit code.
import { main } from '../dist/src/cli/main.js';

// A reader that stops early (`restguide lint big.yaml | head`) ends the output, not in a crash.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
