// A response worth localizing: the problem of an absent document (or an unknown URI) in a chosen language.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { UNKNOWN_PATH } from '../../support/provoke-errors.js';

/** An absent document of the profile, else a URI no API defines: both answer a problem whose `detail` may be localized. */
export function probePath(ctx: CheckContext<string>): string {
  const document = ctx.target.documents.find((d) => d.absentId !== undefined);
  return document ? document.url(document.absentId ?? '') : UNKNOWN_PATH;
}

/** GET with the given Accept-Language (none when undefined). */
export const getIn = (ctx: CheckContext<string>, path: string, acceptLanguage?: string): Promise<Exchange> =>
  ctx.get(path, acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } });

/** The primary subtag of the first Content-Language, lower-cased (`nl` of `nl-BE`); undefined when absent. */
export function contentLanguage(exchange: Exchange): string | undefined {
  const value = exchange.response.headers['content-language']?.split(',')[0]?.trim().toLowerCase();
  return value ? value.split('-')[0] : undefined;
}

/** The primary subtag of a language tag, lower-cased (`nl` of `nl-BE`). */
const primaryOf = (tag: string): string => tag.toLowerCase().split('-')[0] ?? tag;

/** The languages the profile declares the API serves (primary subtags, in order); undefined when it declares none. */
export function declaredLanguages(ctx: CheckContext<string>): string[] | undefined {
  const declared = ctx.target.api.languages;
  return declared && declared.length > 0 ? [...new Set(declared.map(primaryOf))] : undefined;
}
