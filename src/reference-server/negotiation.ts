import { ProblemError } from './problems.js';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
  index: number;
}

function parseAccept(header: string): MediaRange[] {
  return header.split(',').flatMap((part, index) => {
    const [range = '', ...params] = part.trim().split(';');
    const [type, subtype] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) return [];
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return [{ type, subtype, q: Number.isFinite(q) ? q : 0, index }];
  });
}

const specificity = (r: MediaRange) => (r.type === '*' ? 0 : r.subtype === '*' ? 1 : 2);

/**
 * The offered media type the Accept header prefers (the first offer when Accept is absent);
 * throws 406 notAcceptable when none is acceptable ([cnt-negot]).
 */
export function negotiateMediaType(header: string | undefined, offered: readonly string[]): string {
  const first = offered[0] ?? 'application/json';
  if (!header || header === '*/*' || !header.trim()) return first;
  if (header === first) return first; // the common exact Accept, no parsing
  const ranges = parseAccept(header);
  let best: { offer: string; q: number; order: number } | undefined;
  offered.forEach((offer, order) => {
    const [type, subtype] = offer.split('/');
    // The most specific matching range decides the quality of this offer (RFC 9110 §12.5.1).
    const matching = ranges
      .filter((r) => (r.type === '*' || r.type === type) && (r.subtype === '*' || r.subtype === subtype))
      .sort((a, b) => specificity(b) - specificity(a));
    const q = matching[0]?.q ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { offer, q, order };
  });
  if (!best) throw new ProblemError('notAcceptable', { available: offered.join(', ') });
  return best.offer;
}

/** The media type of a Content-Type header without parameters, lower-cased. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const value = header?.split(';')[0]?.trim().toLowerCase();
  return value || undefined;
}
