// The $ref resolver: Spectral's json-ref-resolver with our own readers, so referenced files get
// the same size cap and timeout as the linted document, and their text is kept for x-ignore-rules.
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { localFirstResolver, type SpectralResolver } from './local-refs.js';
import { readSource, type ReadLimits } from './read-source.js';

interface RecordingResolver {
  resolver: Resolver;
  /** The text of every document the resolver read, by its location. */
  texts: Map<string, string>;
}

interface Uri { href(): string }

export function createResolver(limits: ReadLimits): RecordingResolver {
  const texts = new Map<string, string>();
  const read = async (uri: Uri): Promise<string> => {
    const location = uri.href();
    let text: string;
    try {
      text = await readSource(location, limits);
    } catch (error) {
      throw new Error((error as Error).message, { cause: error }); // an invalid-ref finding, without the class name
    }
    texts.set(location.replace(/\/$/, ''), text);
    return text;
  };
  const stock = new Resolver({
    resolvers: { file: { resolve: read }, http: { resolve: read }, https: { resolve: read } },
  });
  // Documents whose $refs are all local skip immer (local-refs.ts); others go to Spectral's resolver.
  const resolver = localFirstResolver(stock as unknown as SpectralResolver) as unknown as Resolver;
  return { resolver, texts };
}
