// The files inside Spectral's $ref resolver that restguide reaches past its package's `exports`: the
// dependency graph, the runner, the URI class and the pointer helpers, with which local-refs.ts
// resolves local $refs as the resolver does. The bundle (scripts/bundle.mjs) replaces this file with
// `require`s of the same files, so that the bundled copies are reached, not a second copy.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type SpectralInternal = 'dependencyGraph' | 'refRunner' | 'refUri' | 'refUtils';

const require = createRequire(import.meta.url);

let files: Record<SpectralInternal, string> | undefined;

/** The file of each internal module, resolved the way Spectral's own code resolves it (once per process). */
export function internalFiles(): Record<SpectralInternal, string> {
  if (files) return files;
  const refResolver = createRequire(require.resolve('@stoplight/spectral-ref-resolver')).resolve(
    '@stoplight/json-ref-resolver',
  );
  const fromResolver = createRequire(refResolver);
  files = {
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
