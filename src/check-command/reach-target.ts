// Reaching the target before the run: --wait for it to come up, then one request to see that it answers at all.
import type { ProxyEnv, TlsMaterial } from '../core/http/auth/transport.js';
import { redactUrl } from '../core/report/redact.js';
import type { CheckIo } from './options.js';

/** How the target is reached: the configured headers, and for a real target its TLS material and proxy. */
export interface Transport {
  headers: Record<string, string>;
  tls?: TlsMaterial;
  proxy?: ProxyEnv;
}

/** Waits for the target to answer, saying so on stderr: a self-overwriting line on a terminal, a line every 5 s in CI logs. */
export async function waitFor(
  url: string,
  seconds: number,
  openapi: string | undefined,
  transport: Transport,
  io: CheckIo,
): Promise<void> {
  const { waitForTarget, waitUrls, formatSeconds } = await import('../core/http/wait-for-target.js');
  // A local document names paths to try; one served by the target is read once the target answers.
  const document =
    openapi && !/^https?:\/\//i.test(openapi)
      ? await (await import('../core/profile/openapi-profile.js')).loadOpenApi(openapi, io.cwd)
      : undefined;
  const urls = waitUrls(url, document);
  io.stderr(
    `restguide: waiting up to ${formatSeconds(seconds * 1000)} for ${redactUrl(urls[0]!)}${urls.length > 1 ? ` (or ${urls.slice(1).map(redactUrl).join(', ')})` : ''} to answer\n`,
  );
  let shown = 0;
  const answered = await waitForTarget({
    urls,
    timeoutMs: seconds * 1000,
    ...transport,
    onProgress: ({ elapsedMs, url: tried, reason }) => {
      const line = `restguide: still waiting (${formatSeconds(elapsedMs)} of ${formatSeconds(seconds * 1000)}): ${redactUrl(tried)}: ${reason}`;
      if (io.isTTY) io.stderr(`\r\u001b[K${line}`);
      else if (elapsedMs - shown >= 5000) {
        shown = elapsedMs;
        io.stderr(`${line}\n`);
      }
    },
  }).finally(() => {
    if (io.isTTY) io.stderr('\r\u001b[K');
  });
  io.stderr(
    `restguide: ${redactUrl(answered.url)} answered (HTTP ${answered.status}) after ${formatSeconds(answered.elapsedMs)}\n`,
  );
}

/** A target that never answers is one line within the request timeout; a terminal sees the wait. */
export async function answersAtAll(url: string, timeoutMs: number, transport: Transport, io: CheckIo): Promise<void> {
  const { firstContact } = await import('./first-contact.js');
  const onWaiting = (elapsedMs: number) =>
    io.stderr(
      `\r\u001b[Krestguide: waiting for ${redactUrl(url)} to answer (${Math.round(elapsedMs / 1000)} s of ${timeoutMs / 1000} s)`,
    );
  try {
    await firstContact({ url, timeoutMs, ...transport, ...(io.isTTY ? { onWaiting } : {}) });
  } finally {
    if (io.isTTY) io.stderr('\r\u001b[K');
  }
}
