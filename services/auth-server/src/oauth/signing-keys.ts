import type { CryptoKey, JWK } from 'jose';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { KeyValueStore } from '@rankgate/platform/stores';

/** The ES256 keys that sign access tokens and identity assertions; the first one signs. */
export interface SigningKeys {
  /** Private JWKs, for the provider's `jwks` option. */
  privateJwks: JWK[];
  /** Public JWKs (what /oauth2/jwks publishes). */
  publicJwks: JWK[];
  signingKid: string;
  signingKey: CryptoKey;
}

const STORE_KEY = 'auth:signing-jwks';

async function generate(): Promise<JWK[]> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' }];
}

const publicPart = ({ d: _d, ...rest }: JWK): JWK => rest;

/**
 * The configured JWKS, or a key generated once and kept in the store: with the memory store it
 * lives as long as the process; with Redis every replica signs and publishes the same key, and
 * tokens survive a restart. Whoever writes first wins; the others read the winner.
 */
export async function loadSigningKeys(
  configured: { keys: Record<string, unknown>[] } | undefined,
  store: KeyValueStore,
): Promise<SigningKeys> {
  let keys: JWK[];
  if (configured) {
    keys = await Promise.all(
      configured.keys.map(async (key) => {
        const jwk = key as JWK;
        if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d)
          throw new Error('AUTH_SIGNING_JWKS: every key must be a private EC P-256 (ES256) JWK');
        return { ...jwk, kid: jwk.kid ?? (await calculateJwkThumbprint(publicPart(jwk))), alg: 'ES256', use: 'sig' };
      }),
    );
  } else {
    await store.setIfAbsent(STORE_KEY, JSON.stringify(await generate()));
    const stored = await store.get(STORE_KEY);
    if (!stored) throw new Error('the signing key could not be read back from the store');
    keys = JSON.parse(stored) as JWK[];
  }
  const [first] = keys;
  if (!first?.kid) throw new Error('no signing key');
  return {
    privateJwks: keys,
    publicJwks: keys.map(publicPart),
    signingKid: first.kid,
    signingKey: (await importJWK(first, 'ES256')) as CryptoKey,
  };
}
