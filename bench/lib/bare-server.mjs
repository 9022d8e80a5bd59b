// The baseline: a bare node:http server answering a fixed JSON document, as fast as node gets.
import { createServer } from 'node:http';
import { answerStats } from './measure.mjs';

// The same shape and size as the reference server's employer document.
const body = JSON.stringify({
  self: 'http://127.0.0.1:40000/registry/v1/employers/1017', employerId: 1017, name: 'Belfry Construction',
  company: { enterpriseNumber: '0201078737', href: 'http://127.0.0.1:40000/registry/v1/companies/0201078737' },
  bankrupt: false,
});
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  answerStats();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/registry/v1` })}\n`);
});
process.on('SIGTERM', () => { server.close(); server.closeAllConnections(); process.exit(0); });
