// The baseline: a bare node:http server replaying, byte for byte, what the reference server answered
// for each measured path (status, body, headers), from a Map by path with no logic. The ratio to it is
// then the reference server's own per-request cost (routing, validation, representation, JSON), not
// a difference in response size. `node bare-server.mjs <responses.json>` (see recordResponses).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { answerStats } from './measure.mjs';

const file = process.argv[2];
if (!file) throw new Error('usage: node bare-server.mjs <responses.json> (recorded from the reference server)');
const { basePath, responses } = JSON.parse(readFileSync(file, 'utf8'));
const byPath = new Map(
  responses.map(({ path, status, headers, body }) => [basePath + path, { status, headers, body }]),
);
const missing = { status: 404, headers: { 'content-type': 'text/plain', 'content-length': '9' }, body: 'not found' };

const server = createServer((req, res) => {
  const { status, headers, body } = byPath.get(req.url) ?? missing;
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  answerStats();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
