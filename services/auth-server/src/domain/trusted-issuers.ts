import type { JSONWebKeySet, JWTVerifyGetKey } from 'jose';
import { createLocalJWKSet } from 'jose';
import { z } from 'zod';

/** A JWKS as configured: an object with a non-empty `keys` array of JWK objects (each with `kty`). */
export const JwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string() })).min(1, { error: 'must hold at least one key' }),
});

/** Issuers trusted for one purpose (ID-JAGs, security events), each with its public keys. */
export const TrustedIssuersSchema = z.array(
  z.object({
    issuer: z.string().min(1),
    jwks: JwksSchema,
  }),
);

export type TrustedIssuer = z.output<typeof TrustedIssuersSchema>[number];

/** Looks up the verification keys of a trusted issuer by its exact `iss` string. */
export class TrustedIssuers {
  private readonly keys = new Map<string, JWTVerifyGetKey>();

  constructor(issuers: readonly TrustedIssuer[]) {
    for (const { issuer, jwks } of issuers) this.keys.set(issuer, createLocalJWKSet(jwks as JSONWebKeySet));
  }

  keysFor(issuer: unknown): JWTVerifyGetKey | undefined {
    return typeof issuer === 'string' ? this.keys.get(issuer) : undefined;
  }

  get size(): number {
    return this.keys.size;
  }
}
