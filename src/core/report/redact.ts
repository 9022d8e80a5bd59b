// Credentials never reach a report: evidence and curl lines pass through here first.

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_NAME = /token|key|secret|password|passwd|session|credential/i;
export const REDACTED = '[REDACTED]';

// CORS response headers name credentials without carrying any (access-control-allow-credentials: true).
const NOT_SECRET = /^access-control-/i;

export const isSecretName = (name: string): boolean =>
  SECRET_HEADERS.has(name.toLowerCase()) || (SECRET_NAME.test(name) && !NOT_SECRET.test(name));

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = isSecretName(name) ? REDACTED : value;
  return out;
}

/** Query parameters named like credentials (`api_key`, `access_token`) are redacted too. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of [...new Set(parsed.searchParams.keys())]) {
    if (SECRET_NAME.test(name)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  }
  if (parsed.username || parsed.password) {
    parsed.username = '';
    parsed.password = '';
    changed = true;
  }
  return changed ? parsed.href : url;
}

/** At most `max` characters, with a marker saying how much was cut. */
export function excerpt(text: string, max = 2048): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command reproducing a request, with credentials already redacted. */
export function curlLine(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}): string {
  const parts = ['curl', '-sS', '-i'];
  if (request.method === 'HEAD') parts.push('-I');
  else if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(shellQuote(redactUrl(request.url)));
  for (const [name, value] of Object.entries(redactHeaders(request.headers))) {
    if (name === 'user-agent' || name === 'content-length') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(excerpt(request.body)));
  return parts.join(' ');
}
