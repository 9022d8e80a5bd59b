// Every configured header value is a credential until proven otherwise: the Redactor knows them
// (and any secret registered later, e.g. a token fetched at run time) and scrubs them from every
// string of a report, wherever the API echoed them or the checker copied them.
import { REDACTED } from './redact.js';

// Shorter values (e.g. `X-Debug: 1`) would blank out ordinary text; their header is still redacted by name.
const MIN_SECRET_LENGTH = 4;

export class Redactor {
  private readonly forms = new Set<string>();
  /** The forms longest first, so `Bearer abc` is replaced whole before `abc` alone; rebuilt after an add. */
  private ordered: string[] | undefined;

  /** Registers a secret: its raw, JSON-escaped and URL-encoded forms, and the credential after an auth scheme. */
  add(secret: string | undefined): this {
    if (secret === undefined) return this;
    const value = secret.trim();
    const parts = [value];
    // `Bearer abc`, `Basic abc`: the credential alone is as secret as the whole value.
    const scheme = /^[A-Za-z][\w.+-]*\s+(\S.*)$/.exec(value);
    if (scheme?.[1]) parts.push(scheme[1].trim());
    for (const part of parts) {
      if (part.length < MIN_SECRET_LENGTH) continue;
      this.forms.add(part);
      this.forms.add(JSON.stringify(part).slice(1, -1));
      this.forms.add(encodeURIComponent(part));
      this.ordered = undefined;
    }
    return this;
  }

  /** Every value of the configured headers (`-H`): a credential until proven otherwise. */
  addHeaderValues(headers: Record<string, string> | undefined): this {
    for (const value of Object.values(headers ?? {})) this.add(value);
    return this;
  }

  get size(): number {
    return this.forms.size;
  }

  text(value: string): string {
    if (this.forms.size === 0) return value;
    let out = value;
    this.ordered ??= [...this.forms].sort((a, b) => b.length - a.length);
    for (const form of this.ordered) {
      if (out.includes(form)) out = out.split(form).join(REDACTED);
    }
    return out;
  }

  /** A copy of `value` with every string (keys included) scrubbed. */
  deep<T>(value: T): T {
    if (this.forms.size === 0) return value;
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.walk(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.walk(item)]));
    }
    return value;
  }
}
