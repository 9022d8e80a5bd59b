// The floor a forwarding proxy can reach on this machine, for bench/proxy.mjs (never shipped):
// `node minimal-proxy.mjs http <upstream-origin>`: node:http in, an undici pool out, nothing judged,
//   hop-by-hop headers dropped as restguide's proxy does: the least an HTTP-level proxy does per request;
// `node minimal-proxy.mjs tcp <upstream-origin>`: node:net, each client connection piped to one upstream
//   connection, no HTTP parsed at all: the cost of one more hop of sockets alone.
// Prints { url } (with no base path) once listening.
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
import { Pool } from 'undici';
import { answerStats } from './measure.mjs';

const [mode, upstream] = process.argv.slice(2);
if ((mode !== 'http' && mode !== 'tcp') || !upstream)
  throw new Error('usage: node minimal-proxy.mjs http|tcp <upstream-origin>');
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);
const target = new URL(upstream);

let server;
if (mode === 'http') {
  const pool = new Pool(target.origin, { connections: 128 });
  server = createHttpServer((req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : req;
    pool.stream(
      { path: req.url, method: req.method, headers, body },
      ({ statusCode, headers: answer }) => {
        for (const name of HOP_BY_HOP) delete answer[name];
        res.writeHead(statusCode, answer);
        return res;
      },
      (error) => {
        if (error && !res.headersSent) {
          res.writeHead(502);
          res.end();
        } else if (error) res.destroy();
      },
    );
  });
  server.keepAliveTimeout = 65_000;
} else {
  server = createTcpServer((client) => {
    const up = connect(Number(target.port), target.hostname);
    client.pipe(up).pipe(client);
    const close = () => {
      client.destroy();
      up.destroy();
    };
    client.on('error', close);
    up.on('error', close);
    client.on('close', close);
    up.on('close', close);
  });
}
server.listen(0, '127.0.0.1', () => {
  answerStats();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections?.();
  process.exit(0);
});
