import type { JWTPayload } from 'jose';

/** Clock difference tolerated with whoever signed a JWT. */
const CLOCK_SKEW_S = 60;

/**
 * A JWT claiming to be issued later than now (beyond the skew). jose checks `iat` only against a
 * maximum age, so a forged or mis-clocked token from the future would otherwise pass.
 */
export function issuedInFuture(payload: JWTPayload, nowS = Date.now() / 1000): boolean {
  return typeof payload.iat !== 'number' || payload.iat > nowS + CLOCK_SKEW_S;
}
