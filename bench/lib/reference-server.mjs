// The reference server (compiled) in its own process, optionally with a larger seed.
import { startReferenceServer } from '../../dist/src/reference-server/index.js';

const [employers, companies] = process.argv.slice(2).map((n) => (n ? Number(n) : undefined));
const seed = employers || companies ? { employers, companies } : undefined;
const server = await startReferenceServer({ port: 0, ...(seed ? { seed } : {}) });
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
