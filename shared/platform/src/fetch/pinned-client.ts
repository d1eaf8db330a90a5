import type { LookupFunction } from 'node:net';

import { buildConnector, Client } from 'undici';

import type { ResolvedAddress } from './resolve-host.ts';

/** Connect never resolves a name: it is given vetted addresses only. A lookup here means a bug. */
const noLookup: LookupFunction = (hostname, _options, callback) => {
  callback(Object.assign(new Error(`refusing to resolve ${hostname} at connect time`), { code: 'ERR_PINNED' }), '', 4);
};

/**
 * An undici Client for one origin whose every connection goes to the vetted addresses, tried in
 * order, never to what a fresh DNS lookup would say (DNS rebinding cannot switch it). The Host
 * header and the TLS server name (SNI, certificate check) stay the URL's host name.
 */
export function createPinnedClient(
  origin: string,
  addresses: readonly ResolvedAddress[],
  connectTimeoutMs: number,
  bodyTimeoutMs: number,
): Client {
  const connector = buildConnector({ timeout: connectTimeoutMs, lookup: noLookup });
  return new Client(origin, {
    connect(options, callback) {
      const attempt = (index: number): void => {
        const address = addresses[index];
        if (!address) {
          callback(new Error('no vetted address to connect to'), null);
          return;
        }
        connector({ ...options, hostname: address.address }, (error, socket) => {
          if (error && index + 1 < addresses.length) attempt(index + 1);
          else if (error) callback(error, null);
          else callback(null, socket);
        });
      };
      attempt(0);
    },
    headersTimeout: bodyTimeoutMs,
    bodyTimeout: bodyTimeoutMs,
    pipelining: 1,
  });
}
