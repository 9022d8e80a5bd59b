import type { Evidence } from '../core/report/types.js';

// C0/C1 controls (ESC included) would let a hostile body drive the terminal; tab and newline are handled apart.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text safe for a terminal or an annotation: controls shown as `?`. */
export const withoutControls = (text: string): string => text.replace(CONTROL, '?');

/**
 * One line for a terminal table: line breaks folded into spaces, controls removed. A fold does not
 * start inside a run of white space an earlier start already reached (the lookbehind): the plain
 * `\s*[\r\n]+\s*` went from every space of a long run to its end (quadratic). Same result.
 */
export const oneLine = (text: string): string => withoutControls(text.replace(LINE_BREAKS, ' '));
const LINE_BREAKS = /(?<!\s)\s*[\r\n]+\s*/g;

/** A short single-line excerpt of a body: whitespace collapsed, controls removed, capped. */
export function bodyExcerpt(body: string | undefined, max = 200): string {
  if (!body) return '';
  const flat = withoutControls(body.replace(/\s+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** `GET https://api.example/employers` */
export const requestLine = (evidence: Evidence): string => `${evidence.request.method} ${evidence.request.url}`;

/** `400` plus the content type when known. */
export function responseLine(evidence: Evidence): string {
  if (!evidence.response) return 'no response';
  const type = evidence.response.headers['content-type'];
  return type ? `${evidence.response.status} ${type}` : String(evidence.response.status);
}

/** The evidence as plain multi-line text (JUnit failure bodies): request, response, body excerpt, curl. */
export function evidenceText(evidence: readonly Evidence[]): string {
  return evidence
    .map((item) => {
      const lines = [`> ${requestLine(item)}`, `< ${responseLine(item)}`];
      const body = bodyExcerpt(item.response?.body, 500);
      if (body) lines.push(`  ${body}`);
      lines.push(`$ ${item.curl}`);
      return lines.join('\n');
    })
    .join('\n\n');
}
