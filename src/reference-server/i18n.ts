/** Languages the server localizes problem details in; the first is the default. */
const LANGUAGES = ['en', 'nl', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Localized = Record<Language, string>;

/**
 * Picks the best supported language from an Accept-Language header (RFC 9110 q-values).
 * Regional variants (nl-BE, fr-BE) fall back to their primary language; nothing matching
 * gives the default, never a 406 ([int-negot]).
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return LANGUAGES[0];
  const ranges = header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (range.q <= 0) continue;
    if (range.tag === '*') return LANGUAGES[0];
    const primary = range.tag.split('-')[0];
    const match = LANGUAGES.find((lang) => lang === primary);
    if (match) return match;
  }
  return LANGUAGES[0];
}

/** Fills `{name}` placeholders of a message template. */
export function format(template: string, args: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in args ? String(args[key]) : whole));
}
