// One line for why a connection failed. OpenSSL's own text ("80BC...:error:0A00010B:SSL
// routines:ssl3_get_record:wrong version number:../deps/openssl/...") tells a user nothing.

type Failure = { code?: string; message?: string; cause?: { code?: string; message?: string } };

/** Codes OpenSSL gives when the other end does not speak TLS (a plain-HTTP server on an https:// URL), by OpenSSL version. */
const NOT_TLS = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_RECORD_LAYER_FAILURE',
  'ERR_SSL_HTTP_REQUEST',
]);

/** The reason of a failed request (a fetch or undici error, or its cause), in one line. */
export function networkReason(error: unknown): string {
  const failure = (error ?? {}) as Failure;
  const code = failure.cause?.code ?? failure.code;
  const message = failure.cause?.message ?? failure.message ?? String(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if ((code !== undefined && NOT_TLS.has(code)) || /wrong version number|packet length too long/.test(message)) {
    return 'the server does not speak TLS (plain HTTP on an https:// URL?): give the URL as http://, or the port that serves HTTPS';
  }
  const openssl = /error:[0-9A-F]+:SSL routines:[^:]*:([^:]+):/.exec(message);
  if (openssl) return `TLS failed: ${openssl[1]}`;
  return message.split('\n')[0] ?? message;
}
