// The $ref resolver: Spectral's json-ref-resolver with the caller's reader (lint's size cap and
// timeout for referenced files), keeping each file's text for x-ignore-rules. Accelerated, documents
// whose $refs are all local skip immer (local-refs.ts); stock, every document goes to Spectral's.
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { localFirstResolver, type SpectralResolver } from './local-refs.js';
import type { Fallbacks } from '../../lint-base/mode.js';
import { isTextFile } from '../../openapi/text-ref.js';

export interface RecordingResolver {
  resolver: Resolver;
  /** The text of every document the resolver read, by its location. */
  texts: Map<string, string>;
}

interface Uri {
  href(): string;
}

export function createResolver(
  read: (location: string) => Promise<string>,
  accelerated: boolean,
  fallbacks: Fallbacks,
): RecordingResolver {
  const texts = new Map<string, string>();
  const readUri = async (uri: Uri): Promise<string> => {
    const location = uri.href();
    let text: string;
    try {
      text = await read(location);
    } catch (error) {
      throw new Error((error as Error).message, { cause: error }); // an invalid-ref finding, without the class name
    }
    // A Markdown or text file read as YAML gives a parser error per line that is no YAML: it is taken as the
    // one string it is (what Redocly inlines), and src/lint/ref-places.ts reports the $ref OpenAPI does not allow.
    if (isTextFile(location)) text = JSON.stringify(text);
    texts.set(location.replace(/\/$/, ''), text);
    return text;
  };
  const stock = new Resolver({
    resolvers: { file: { resolve: readUri }, http: { resolve: readUri }, https: { resolve: readUri } },
  });
  const resolver = accelerated
    ? (localFirstResolver(stock as unknown as SpectralResolver, fallbacks) as unknown as Resolver)
    : stock;
  return { resolver, texts };
}
