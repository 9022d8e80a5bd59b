#!/usr/bin/env node
// Thin entry: the compiled CLI does the work; this only maps its result to the exit code.
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
