import type { TokenStatusRequest } from '@rankgate/contracts';
import { TOKEN_STATUS_PATH, TokenStatusResponseSchema } from '@rankgate/contracts';
import { INTERNAL_TOKEN_HEADER } from '@rankgate/platform/http';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { request as undiciRequest } from 'undici';

/** Clock difference tolerated between the auth-server and the gateway, for `iat`. */
const CLOCK_SKEW_S = 60;

/** What a verified access token grants. */
interface VerifiedAccessToken {
  subject: string;
  clientId: string | undefined;
  scopes: ReadonlySet<string>;
}

/** The token is not acceptable (bad signature, expired, wrong audience, revoked…): a 401. */
export class InvalidAccessTokenError extends Error {
  override readonly name = 'InvalidAccessTokenError';
}

/** The auth-server could not be asked (keys or revocation state): fail closed with a 503. */
export class TokenCheckUnavailableError extends Error {
  override readonly name = 'TokenCheckUnavailableError';
}

export interface AccessTokenVerifierOptions {
  /** The issuer: the public base URL. */
  issuer: string;
  /** The auth-server's address on the internal network. */
  authServiceUrl: string;
  internalToken: string;
  /** Bound for each call to the auth-server. */
  timeoutMs?: number;
  /**
   * Least time between two key-set fetches caused by unknown key ids. Short, because an
   * auth-server without a configured JWKS makes new keys at every start.
   */
  refetchCooldownMs?: number;
}

export interface AccessTokenVerifier {
  /** Verifies `token` for a route whose resource answers to any of `audiences` (RFC 8707). */
  verify(token: string, audiences: readonly string[]): Promise<VerifiedAccessToken>;
}

/**
 * Failures to fetch or read the key set are ours, not the caller's: fail closed (503) rather than
 * call the token bad. jose raises the generic JOSEError for a non-200 or unparsable key set, and
 * plain errors when the fetch itself fails.
 */
function isKeyFetchFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (!(error instanceof joseErrors.JOSEError)) return true;
  return (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    error.code === 'ERR_JOSE_GENERIC'
  );
}

/**
 * Cheap checks on the unverified token, so that garbage is a 401 without a key-set fetch (and stays
 * a 401 while the auth-server is away): the algorithm, type and key id our tokens carry, our issuer
 * and audience, not expired. The signature check afterwards is what makes it trustworthy.
 */
function rejectUnlessPlausible(token: string, issuer: string, accepted: readonly string[]): void {
  let header;
  let claims;
  try {
    header = decodeProtectedHeader(token);
    claims = decodeJwt(token);
  } catch {
    throw new InvalidAccessTokenError('not a decodable JWT');
  }
  const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (header.alg !== 'ES256' || header.typ !== 'at+jwt' || typeof header.kid !== 'string')
    throw new InvalidAccessTokenError('not one of our access tokens');
  if (claims.iss !== issuer) throw new InvalidAccessTokenError('issued by someone else');
  if (!audiences.some((audience) => typeof audience === 'string' && accepted.includes(audience)))
    throw new InvalidAccessTokenError('issued for another resource');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new InvalidAccessTokenError('expired');
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * Verifies the auth-server's JWT access tokens (ES256, `typ: at+jwt`, an audience the route
 * accepts) against its JWKS — cached, and refetched when a token names an unknown `kid` — and then asks the
 * auth-server whether the token or its identity was revoked. A JWT alone cannot be revoked, so
 * that second question is asked on every request; the answer is never cached, so a revocation
 * takes effect on the next call.
 */
export function createAccessTokenVerifier({
  issuer,
  authServiceUrl,
  internalToken,
  timeoutMs = 2000,
  refetchCooldownMs = 1000,
}: AccessTokenVerifierOptions): AccessTokenVerifier {
  const headers = { [INTERNAL_TOKEN_HEADER]: internalToken };
  const keys = createRemoteJWKSet(new URL('/oauth2/jwks', authServiceUrl), {
    headers,
    timeoutDuration: timeoutMs,
    cooldownDuration: refetchCooldownMs,
  });
  const statusUrl = new URL(TOKEN_STATUS_PATH, authServiceUrl);

  /** The auth-server's answer, read with the contract it answers with; anything else fails closed (503). */
  async function isActive(jti: string, sub: string): Promise<boolean> {
    let response;
    try {
      response = await undiciRequest(statusUrl, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ jti, sub } satisfies TokenStatusRequest),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw new TokenCheckUnavailableError('the auth-server did not answer the token-status check', { cause: error });
    }
    const body: unknown = await response.body.json().catch(() => undefined);
    const status = TokenStatusResponseSchema.safeParse(body);
    if (response.statusCode !== 200 || !status.success) {
      throw new TokenCheckUnavailableError(
        `the token-status check answered ${response.statusCode} with a body outside its contract`,
      );
    }
    return status.data.active;
  }

  return {
    async verify(token, audiences) {
      if (!JWT_SHAPE.test(token)) throw new InvalidAccessTokenError('not a JWT');
      rejectUnlessPlausible(token, issuer, audiences);
      let payload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          audience: [...audiences],
          algorithms: ['ES256'],
          typ: 'at+jwt',
          requiredClaims: ['jti', 'sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (isKeyFetchFailure(error))
          throw new TokenCheckUnavailableError('the auth-server keys could not be fetched', { cause: error });
        throw new InvalidAccessTokenError(error instanceof Error ? error.message : 'invalid token');
      }
      // jose checks iat only against a maximum age; a token from the future is refused here.
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_SKEW_S) {
        throw new InvalidAccessTokenError('the token was issued in the future (iat)');
      }
      const { jti, sub } = payload;
      if (typeof jti !== 'string' || typeof sub !== 'string')
        throw new InvalidAccessTokenError('jti and sub must be strings');
      if (!(await isActive(jti, sub))) throw new InvalidAccessTokenError('the token was revoked');
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      const clientId = typeof payload.client_id === 'string' ? payload.client_id : undefined;
      return { subject: sub, clientId, scopes: new Set(scope.split(' ').filter(Boolean)) };
    },
  };
}
