import {
  commonEnv,
  internalTokenField,
  jsonField,
  portField,
  redisKeyPrefixField,
  redisUrlField,
} from '@rankgate/contracts/config';
import { fetchEnv, refineFetchEnv } from '@rankgate/platform/fetch';
import { z } from 'zod';

import { JwksSchema, TrustedIssuersSchema } from './domain/trusted-issuers.ts';

const seconds = (fallback: number, min: number, what: string) =>
  z.coerce.number().int().min(min).default(fallback).describe(what);

const commaList = (what: string) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .describe(what);

const toggle = (fallback: 'enabled' | 'disabled', what: string) =>
  z.enum(['enabled', 'disabled']).default(fallback).describe(what);

type UpstreamOidcFields = {
  UPSTREAM_OIDC_ISSUER?: string | undefined;
  UPSTREAM_OIDC_CLIENT_ID?: string | undefined;
  UPSTREAM_OIDC_ALLOWED_SUBJECTS: string[];
  UPSTREAM_OIDC_ALLOWED_EMAILS: string[];
  FETCH_ALLOW_HOSTS?: string[] | undefined;
};

/** An upstream provider needs a client id and someone allowed to approve; plain http only for a test host. */
function refineUpstreamOidc(env: UpstreamOidcFields, ctx: z.RefinementCtx): void {
  if (env.UPSTREAM_OIDC_ISSUER === undefined) return;
  if (env.UPSTREAM_OIDC_CLIENT_ID === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['UPSTREAM_OIDC_CLIENT_ID'],
      message: 'is required with UPSTREAM_OIDC_ISSUER',
    });
  }
  if (env.UPSTREAM_OIDC_ALLOWED_SUBJECTS.length === 0 && env.UPSTREAM_OIDC_ALLOWED_EMAILS.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['UPSTREAM_OIDC_ALLOWED_SUBJECTS'],
      message: 'or UPSTREAM_OIDC_ALLOWED_EMAILS must name who may approve when UPSTREAM_OIDC_ISSUER is set',
    });
  }
  const issuer = new URL(env.UPSTREAM_OIDC_ISSUER);
  if (issuer.protocol === 'http:' && !(env.FETCH_ALLOW_HOSTS ?? []).includes(issuer.hostname)) {
    ctx.addIssue({
      code: 'custom',
      path: ['UPSTREAM_OIDC_ISSUER'],
      message: 'must be https (plain http only for a host listed in FETCH_ALLOW_HOSTS, for tests)',
    });
  }
}

/** The auth-server service's environment, parsed once at start (see docs/configuration.md). */
export const AuthServerEnvSchema = z
  .object({
    ...commonEnv,
    AUTH_SERVER_PORT: portField(8082, 'Port of the auth-server service (internal).'),
    INTERNAL_TOKEN: internalTokenField,
    REDIS_URL: redisUrlField,
    REDIS_KEY_PREFIX: redisKeyPrefixField,
    OPERATOR_API_KEY: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .optional()
      .describe(
        'The operator API key. At /oauth2/authorize and /oauth2/claim the person proves to be the operator with it; it is also the `client_secret` of `service_auth` registrations. Unset: nobody can approve (`npm start` generates one).',
      ),
    OAUTH_TEST_CLIENT_ID: z
      .string()
      .regex(/^[\w.-]{3,64}$/, { error: 'must be 3-64 letters, digits, and _ . -' })
      .default('rankgate-test-client')
      .describe(
        '`client_id` of the seeded public test client (redirect URIs http://127.0.0.1/callback, http://127.0.0.1:8787/oauth/callback, urn:ietf:wg:oauth:2.0:oob); its document is /.well-known/oauth-client/<id>.json.',
      ),
    AUTH_SIGNING_JWKS: jsonField(
      JwksSchema,
      'Private signing keys as a JWKS (`{"keys":[…]}`, ES256 EC P-256 keys with `d`); the first signs. Unset: a key is generated at first start and kept in the store (memory: per process; Redis: shared by every replica).',
    ).optional(),
    IDENTITY_ASSERTION_TTL_S: seconds(
      30 * 24 * 3600,
      60,
      'Lifetime of a service-signed `identity_assertion` and of its registration record (seconds).',
    ),
    ANONYMOUS_IDENTITIES: toggle('enabled', 'Whether `POST /agent/identity` accepts `type: anonymous`.'),
    CLAIM_TOKEN_TTL_S: seconds(7 * 24 * 3600, 60, 'How long a `claim_token` (`clm_…`) can start a claim (seconds).'),
    CLAIM_ATTEMPT_TTL_S: seconds(
      600,
      30,
      "How long a claim attempt's `user_code` can be confirmed at /oauth2/claim (`expires_in`, seconds).",
    ),
    CLAIM_POLL_INTERVAL_S: seconds(
      5,
      1,
      'Minimum seconds between claim-grant polls (`interval`); faster polls get `slow_down`.',
    ),
    IDJAG_TRUSTED_ISSUERS: jsonField(
      TrustedIssuersSchema,
      'Identity providers whose ID-JAGs (`identity_assertion` registrations) are trusted: JSON `[{"issuer":"https://idp.example","jwks":{"keys":[…]}}]` with public keys.',
    ).prefault('[]'),
    IDJAG_MAX_AUTH_AGE_S: seconds(
      3600,
      1,
      'An ID-JAG whose `auth_time` is older than this is answered 401 `login_required` (seconds).',
    ),
    SET_TRUSTED_ISSUERS: jsonField(
      TrustedIssuersSchema,
      'Registration-layer transmitters whose security event tokens /agent/event/notify accepts: JSON `[{"issuer":"https://registrar.example","jwks":{"keys":[…]}}]` with public keys.',
    ).prefault('[]'),
    // Kept exactly as written (no trailing-slash trimming): discovery must echo the issuer identifier byte for byte.
    UPSTREAM_OIDC_ISSUER: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .optional()
      .describe(
        'An OpenID Connect provider the person signs in with at /oauth2/authorize and /oauth2/claim instead of typing the operator key: its issuer identifier, exactly as the provider writes it (discovery at `<issuer>/.well-known/openid-configuration`). Unset: the operator key. https only (http just for a host in FETCH_ALLOW_HOSTS, i.e. tests).',
      ),
    UPSTREAM_OIDC_CLIENT_ID: z
      .string()
      .min(1)
      .optional()
      .describe(
        "This service's client id at the upstream provider, whose redirect URI is `<BASE_URL>/oauth2/sign-in/callback`. Required with UPSTREAM_OIDC_ISSUER.",
      ),
    UPSTREAM_OIDC_CLIENT_SECRET: z
      .string()
      .min(1)
      .optional()
      .describe('Its client secret (sent with HTTP Basic). Unset: a public client (PKCE only).'),
    UPSTREAM_OIDC_ALLOWED_SUBJECTS: commaList(
      'Comma-separated upstream `sub` values that may approve. With UPSTREAM_OIDC_ISSUER at least one allowed subject or email is required: signing in proves who someone is, not that they may approve.',
    ),
    UPSTREAM_OIDC_ALLOWED_EMAILS: commaList(
      'Comma-separated e-mail addresses that may approve, when the upstream says `email_verified: true` (compared case-insensitively).',
    ),
    UPSTREAM_OIDC_NAME: z
      .string()
      .min(1)
      .max(60)
      .optional()
      .describe('What the sign-in button calls the provider ("Sign in with …"). Default: the issuer\'s host.'),
    CLIENT_ID_METADATA_DOCUMENTS: toggle(
      'enabled',
      'Whether an https `client_id` is resolved by fetching its client ID metadata document (SSRF-safe, no redirects, 5 KB cap).',
    ),
    // The safe fetcher's settings (shared with deep mode); documents are further capped at 5 KB with no redirects.
    ...fetchEnv,
  })
  .superRefine((env, ctx) => {
    refineFetchEnv(env, ctx);
    refineUpstreamOidc(env, ctx);
  });

export type AuthServerConfig = z.output<typeof AuthServerEnvSchema>;
