// The baseline: a bare node:http server answering a fixed JSON document, as fast as node gets.
import { createServer } from 'node:http';

const body = JSON.stringify({
  self: 'http://127.0.0.1/registry/v1/employers/93', employerId: 93, name: 'Employer 93',
  company: { enterpriseNumber: '0123456789', href: 'http://127.0.0.1/registry/v1/companies/0123456789' },
  bankrupt: false,
});
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`http://127.0.0.1:${port}/registry/v1\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
