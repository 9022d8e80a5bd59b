// The characters the direct YAML reader looks for, and how it gives up on a document.
export const SPACE = 0x20;
export const TAB = 0x09;
export const LF = 0x0a;
export const HASH = 0x23;
export const COLON = 0x3a;
export const DASH = 0x2d;
export const DQUOTE = 0x22;
export const SQUOTE = 0x27;
export const BACKSLASH = 0x5c;

/** Thrown to give up: the document takes the full parse. */
export class GiveUp extends Error {}
export const giveUp = (): never => {
  throw new GiveUp();
};

/** Characters a plain scalar may not start with in block context (some are handled before). */
export const NOT_PLAIN_START = new Set([...',[]{}#&*!|>\'"%@`?:\t'].map((c) => c.charCodeAt(0)));
/** Characters that end a plain scalar or a key inside a flow collection. */
export const FLOW_STOP = new Set([...',[]{}#:'].map((c) => c.charCodeAt(0)));

export const DOUBLE_QUOTED_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
export const HEX_ESCAPE_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };
