// A throwaway CA, a server certificate for 127.0.0.1 and a client certificate, made with the openssl CLI.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsFiles {
  dir: string;
  /** PEM file paths. */
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** An unrelated CA, to prove a server certificate it did not sign is refused. */
  otherCa: string;
  read(file: string): string;
  remove(): void;
}

export function makeTlsFiles(): TlsFiles {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-tls-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: 'pipe', timeout: 20_000 });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  for (const ca of ['ca', 'other-ca'])
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      at(`${ca}.key`),
      '-out',
      at(`${ca}.crt`),
      '-days',
      '1',
      '-subj',
      `/CN=restguide ${ca}`,
    );
  const sign = (name: string, subject: string, extensions: string) => {
    openssl('req', ...ec, '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`), '-subj', subject);
    writeFileSync(at(`${name}.ext`), extensions);
    openssl(
      'x509',
      '-req',
      '-in',
      at(`${name}.csr`),
      '-CA',
      at('ca.crt'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at(`${name}.crt`),
      '-days',
      '1',
      '-extfile',
      at(`${name}.ext`),
    );
  };
  sign('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  sign('client', '/CN=restguide-client', 'extendedKeyUsage=clientAuth\n');
  return {
    dir,
    ca: at('ca.crt'),
    serverCert: at('server.crt'),
    serverKey: at('server.key'),
    clientCert: at('client.crt'),
    clientKey: at('client.key'),
    otherCa: at('other-ca.crt'),
    read: (file) => readFileSync(file, 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
