// The reference server answering each request `DELAY_MS` later (default 10): an upstream that waits on
// its own backends as a real API does, without taking this machine's CPU for it (bench/proxy.mjs).
// Same start line and stats as reference-server.mjs, which it runs after wrapping node:http's createServer.
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';

const delay = Number(process.env.DELAY_MS ?? 10);
const original = http.createServer;
http.createServer = (options, handler) =>
  original(options, (req, res) => {
    setTimeout(handler, delay, req, res);
  });
syncBuiltinESMExports();
await import('./reference-server.mjs');
