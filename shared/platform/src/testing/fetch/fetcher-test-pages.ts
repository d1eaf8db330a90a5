/**
 * The pages the safe fetcher's tests fetch from 127.0.0.1: plain, compressed (gzip, brotli, a
 * zip bomb, corrupt data), redirect chains, oversized and slow bodies, charsets, cookies. The
 * concurrency probe's route counts the requests in flight in `load`.
 */
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import type { Route } from './page-server.ts';

/** Requests in flight on the concurrency probe's route, and the most seen at once. */
export interface LoadProbe {
  inFlight: number;
  maxInFlight: number;
}

const html =
  (body: string, headers: Record<string, string> = {}) =>
  (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(body);
  };

/** `origin()`: the server's own origin, for an absolute redirect (known once it listens). */
export function fetcherTestPages(load: LoadProbe, origin: () => string): Record<string, Route> {
  return {
    '/page': html('<html><head><title>Tides</title></head><body><p>The moon pulls the oceans.</p></body></html>'),
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync('compressed tides text'));
    },
    '/br': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'br' });
      res.end(brotliCompressSync('brotli tides text'));
    },
    '/bomb': (_req, res) => {
      // 20 MB of zeros compress to ~20 KB: under the byte cap, far over the decompression cap.
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    },
    '/corrupt-gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(Buffer.from('definitely not gzip data'));
    },
    '/corrupt-br': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
      res.end(Buffer.from('definitely not brotli data'));
    },
    '/zstd': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' });
      res.end('x');
    },
    '/large-chunked': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = 'x'.repeat(16 * 1024);
      let sent = 0;
      const push = () => {
        while (sent < 1024 && res.write(chunk)) sent += 1;
        if (sent < 1024) res.once('drain', push);
        else res.end();
      };
      push();
    },
    '/large-declared': (_req, res) => {
      // Declares a large body and then sends it slowly: the declared length alone must refuse it.
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
      res.write('x');
    },
    '/slow-loris': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('.'), 100);
      res.on('close', () => clearInterval(timer));
    },
    '/hop1': (_req, res) => {
      res.writeHead(301, { location: '/hop2' });
      res.end();
    },
    '/hop2': (_req, res) => {
      res.writeHead(302, { location: `${origin()}/page?via=hop2` });
      res.end();
    },
    '/loop': (_req, res) => {
      res.writeHead(302, { location: '/loop' });
      res.end();
    },
    '/windows-1252': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
      res.end(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80])); // "Café €"
    },
    '/shift-jis-meta': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        Buffer.concat([
          Buffer.from('<meta charset="Shift_JIS"><p>'),
          Buffer.from([0x93, 0xfa, 0x96, 0x7b]),
          Buffer.from('</p>'),
        ]),
      ); // 日本
    },
    '/latin1-undeclared': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(Buffer.from([0x4e, 0x61, 0xef, 0x76, 0x65])); // "Naïve" in Latin-1: invalid UTF-8
    },
    '/utf16-bom': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
      res.end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('tide', 'utf16le')]));
    },
    '/pdf': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from('%PDF-1.7\n'));
    },
    '/slow': (_req, res) => {
      load.inFlight += 1;
      load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
      setTimeout(() => {
        load.inFlight -= 1;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }, 150);
    },
    '/cookie': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'session=secret', 'x-multi': 'a' });
      res.end('ok');
    },
  };
}
