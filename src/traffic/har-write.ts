// `check --record`: the run's own exchanges as HAR 1.2, written as they come, credentials redacted as reports redact them.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Exchange } from '../core/engine/exchange.js';
import { redactHeaders, redactUrl } from '../core/report/redact.js';
import type { Redactor } from '../core/report/secrets.js';
import { VERSION } from '../core/util/version.js';

type NameValue = { name: string; value: string };

const pairs = (headers: Record<string, string>): NameValue[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

/**
 * One HAR entry; `scrub` removes the run's secrets from bodies (headers and URLs are redacted by name). `job` is the
 * check and resource that sent it (`_restguide`, a custom field as HAR allows), so a replay answers each check with
 * its own recorded answers.
 */
export function harEntry(
  exchange: Exchange,
  scrub: (text: string) => string,
  startedAt = new Date(Date.now() - exchange.durationMs),
  job?: string,
): Record<string, unknown> {
  const { request, response } = exchange;
  const url = redactUrl(request.url);
  const query = [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  const body = request.body === undefined ? undefined : scrub(request.body);
  const text = scrub(response.text);
  return {
    startedDateTime: startedAt.toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(redactHeaders(request.headers)),
      queryString: query,
      headersSize: -1,
      bodySize: body === undefined ? 0 : Buffer.byteLength(body),
      ...(body === undefined ? {} : { postData: { mimeType: request.headers['content-type'] ?? '', text: body } }),
    },
    response: {
      status: response.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(redactHeaders(response.headers)),
      content: {
        size: Buffer.byteLength(response.text),
        mimeType: response.headers['content-type'] ?? '',
        text,
        // The body was cut at the run's body cap: a judge of this file must not take it for the whole body.
        ...(response.truncated ? { comment: "truncated at restguide's body cap", _truncated: true } : {}),
      },
      redirectURL: response.headers['location'] ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    ...(job === undefined ? {} : { _restguide: { job } }),
  };
}

/** Writes entries as they come, so a long run does not hold its recording in memory; `close` ends the file. */
export class HarRecorder {
  private readonly out: WriteStream;
  private count = 0;
  private failure: Error | undefined;

  constructor(
    readonly path: string,
    private readonly redactor: Redactor,
  ) {
    this.out = createWriteStream(path);
    this.out.on('error', (error) => {
      this.failure = error;
    });
    this.out.write(
      `{"log":{"version":"1.2","creator":{"name":"restguide","version":${JSON.stringify(VERSION)}},"entries":[`,
    );
  }

  get entries(): number {
    return this.count;
  }

  add(exchange: Exchange, job?: string): void {
    if (this.failure) return;
    const entry = JSON.stringify(harEntry(exchange, (text) => this.redactor.text(text), undefined, job));
    this.out.write(`${this.count++ === 0 ? '\n' : ',\n'}${entry}`);
  }

  /** Ends the file; throws when it could not be written. */
  async close(): Promise<void> {
    this.out.end('\n]}}\n');
    if (!this.failure) await Promise.race([once(this.out, 'finish'), once(this.out, 'error')]).catch(() => undefined);
    if (this.failure) throw this.failure;
  }
}
