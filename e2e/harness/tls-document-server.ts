/**
 * An https server on 127.0.0.1 with a throwaway self-signed certificate (made with the openssl
 * CLI), for documents the service must fetch over https (client ID metadata documents). Processes
 * that should trust it get `NODE_EXTRA_CA_CERTS` = `caPath` at start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsDocumentServer {
  origin: string;
  port: number;
  /** The certificate, to trust through NODE_EXTRA_CA_CERTS. */
  caPath: string;
  /** Requests seen (paths). */
  seen: string[];
  close(): Promise<void>;
}

export type DocumentRoute = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

export async function startTlsDocumentServer(routes: Record<string, DocumentRoute>): Promise<TlsDocumentServer> {
  const dir = mkdtempSync(join(tmpdir(), 'rankgate-tls-'));
  const keyPath = join(dir, 'key.pem');
  const caPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyPath,
      '-out',
      caPath,
    ],
    { stdio: 'ignore' },
  );
  const seen: string[] = [];
  let origin = '';
  const server = createServer({ key: readFileSync(keyPath), cert: readFileSync(caPath) }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    seen.push(path);
    const route = routes[path];
    if (route) return route(req, res, origin);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    port,
    caPath,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
