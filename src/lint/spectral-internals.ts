// The files inside Spectral's packages that restguide reaches past their `exports`: the ruleset
// assertions (load-ruleset.ts skips self-validation of the built-in ruleset), the message printer
// and the $ref dependency graph (spectral-tuning.ts), and the $ref resolver's runner, URI class and
// pointer helpers (local-refs.ts resolves with the same functions). Each is the module object the rest of
// Spectral uses, so a property set on it is seen by Spectral. The bundle (scripts/bundle.mjs)
// replaces this file with `require`s of the same files at build time, so that the bundled copies of
// these modules are the ones changed, not a second copy in node_modules.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type SpectralInternal = 'assertions' | 'message' | 'dependencyGraph' | 'refRunner' | 'refUri' | 'refUtils';

const require = createRequire(import.meta.url);

let files: Record<SpectralInternal, string> | undefined;

/** The file of each internal module, resolved the way Spectral's own code resolves it (once per process). */
export function internalFiles(): Record<SpectralInternal, string> {
  if (files) return files;
  const core = dirname(require.resolve('@stoplight/spectral-core'));
  const refResolver = createRequire(require.resolve('@stoplight/spectral-ref-resolver')).resolve('@stoplight/json-ref-resolver');
  const fromResolver = createRequire(refResolver);
  files = {
    assertions: join(core, 'ruleset/validation/assertions.js'),
    message: join(core, 'runner/utils/message.js'),
    dependencyGraph: fromResolver.resolve('dependency-graph'),
    refRunner: join(dirname(refResolver), 'runner.js'),
    refUri: join(dirname(refResolver), 'uri.js'),
    refUtils: join(dirname(refResolver), 'utils.js'),
  };
  return files;
}

/** The module object of one internal file, or undefined when Spectral's layout has changed. */
export function spectralInternal(name: SpectralInternal): Record<string, unknown> | undefined {
  try {
    const module = require(internalFiles()[name]) as unknown;
    return typeof module === 'object' && module !== null ? (module as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
