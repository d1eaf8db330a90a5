import * as oauth from 'oauth4webapi';

export interface UpstreamOidcOptions {
  /** The provider's issuer identifier, exactly as it writes it. */
  issuer: string;
  clientId: string;
  /** Unset: a public client, PKCE only. */
  clientSecret?: string | undefined;
  allowedSubjects: readonly string[];
  allowedEmails: readonly string[];
  /** Where the provider returns the browser: `{base_url}/oauth2/sign-in/callback`. */
  redirectUri: string;
  /** Plain http to the provider (tests only; the config allows it just for FETCH_ALLOW_HOSTS hosts). */
  allowInsecure: boolean;
  /** Bound on each call to the provider. */
  timeoutMs: number;
}

/** What the browser needs to go to the provider, and what must be remembered to check its answer. */
export interface SignInStart {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** The person who signed in and may approve. */
export interface Approver {
  subject: string;
  email?: string;
  /** How pages and logs name them: the e-mail address, else the subject. */
  label: string;
}

/**
 * The sign-in did not prove an allowed person: cancelled at the provider, a bad answer, or someone not on the
 * allow-lists.
 */
export class SignInRefused extends Error {
  override readonly name = 'SignInRefused';
  readonly reason: 'cancelled' | 'invalid' | 'not_allowed';
  constructor(reason: 'cancelled' | 'invalid' | 'not_allowed', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The provider could not be reached or answered nonsense at discovery: not the person's fault. */
export class UpstreamUnavailable extends Error {
  override readonly name = 'UpstreamUnavailable';
}

const SCOPE = 'openid email';

/**
 * The person's sign-in at an upstream OpenID Connect provider (authorization code + PKCE S256,
 * `state` and `nonce` checked, RFC 9207 `iss` checked when the provider sends it), with oauth4webapi
 * as the client. Discovery runs on first use and is kept; a failed discovery is retried next time.
 * Who may approve is decided here, from the ID token (and the UserInfo endpoint when the ID token
 * carries no e-mail): an allowed `sub`, or an allowed e-mail the provider says is verified.
 */
export class UpstreamOidc {
  private discovery: Promise<oauth.AuthorizationServer> | undefined;
  private readonly client: oauth.Client;
  private readonly clientAuth: oauth.ClientAuth;
  private readonly allowedEmails: ReadonlySet<string>;

  private readonly options: UpstreamOidcOptions;
  constructor(options: UpstreamOidcOptions) {
    this.options = options;
    this.client = { client_id: options.clientId };
    this.clientAuth = options.clientSecret ? oauth.ClientSecretBasic(options.clientSecret) : oauth.None();
    this.allowedEmails = new Set(options.allowedEmails.map((email) => email.toLowerCase()));
  }

  /** Every request to the provider: bounded in time; plain http only where allowed. */
  private requestOptions() {
    return {
      signal: AbortSignal.timeout(this.options.timeoutMs),
      ...(this.options.allowInsecure ? { [oauth.allowInsecureRequests]: true } : {}),
    };
  }

  private async server(): Promise<oauth.AuthorizationServer> {
    this.discovery ??= (async () => {
      const issuer = new URL(this.options.issuer);
      try {
        return await oauth.processDiscoveryResponse(
          issuer,
          await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...this.requestOptions() }),
        );
      } catch (error) {
        throw new UpstreamUnavailable(
          `discovery of ${this.options.issuer} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    })();
    try {
      return await this.discovery;
    } catch (error) {
      this.discovery = undefined;
      throw error;
    }
  }

  async start(): Promise<SignInStart> {
    const as = await this.server();
    if (!as.authorization_endpoint)
      throw new UpstreamUnavailable(`${this.options.issuer} publishes no authorization_endpoint`);
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.clientId,
      redirect_uri: this.options.redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, state, nonce, verifier };
  }

  /**
   * Checks the provider's answer (the callback URL) against what `start` sent, redeems the code, and decides who it
   * is.
   */
  async finish(callback: URL, expected: Omit<SignInStart, 'url'>): Promise<Approver> {
    const as = await this.server();
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(as, this.client, callback, expected.state);
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError)
        throw new SignInRefused('cancelled', `the provider answered ${error.error}`);
      throw new SignInRefused(
        'invalid',
        `the provider's answer does not match this sign-in: ${(error as Error).message}`,
      );
    }
    let response: Response;
    try {
      response = await oauth.authorizationCodeGrantRequest(
        as,
        this.client,
        this.clientAuth,
        params,
        this.options.redirectUri,
        expected.verifier,
        this.requestOptions(),
      );
    } catch (error) {
      throw new UpstreamUnavailable(`the provider's token endpoint did not answer: ${(error as Error).message}`, {
        cause: error,
      });
    }
    let tokens: oauth.TokenEndpointResponse;
    try {
      tokens = await oauth.processAuthorizationCodeResponse(as, this.client, response, {
        expectedNonce: expected.nonce,
        requireIdToken: true,
      });
    } catch (error) {
      throw new SignInRefused('invalid', `the provider's token response was refused: ${(error as Error).message}`);
    }
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (!claims) throw new SignInRefused('invalid', 'the provider returned no ID token');
    const subjectAllowed = this.options.allowedSubjects.includes(claims.sub);
    let { email, email_verified: emailVerified } = claims as { email?: unknown; email_verified?: unknown };
    if (email === undefined && as.userinfo_endpoint) {
      try {
        ({ email, email_verified: emailVerified } = await this.userInfo(as, tokens.access_token, claims.sub));
      } catch (error) {
        // Only a decision by e-mail needs it; for an allowed subject it would just name them better.
        if (!subjectAllowed) throw error;
      }
    }
    const verifiedEmail = typeof email === 'string' && emailVerified === true ? email : undefined;
    const approver = {
      subject: claims.sub,
      ...(typeof email === 'string' ? { email } : {}),
      label: typeof email === 'string' ? email : claims.sub,
    };
    const allowed =
      subjectAllowed || (verifiedEmail !== undefined && this.allowedEmails.has(verifiedEmail.toLowerCase()));
    if (!allowed) {
      throw new SignInRefused(
        'not_allowed',
        `${approver.label}${typeof email === 'string' && emailVerified !== true ? ' (e-mail not verified)' : ''} may not approve here`,
      );
    }
    return approver;
  }

  private async userInfo(
    as: oauth.AuthorizationServer,
    accessToken: string,
    subject: string,
  ): Promise<{ email?: unknown; email_verified?: unknown }> {
    try {
      const response = await oauth.userInfoRequest(as, this.client, accessToken, this.requestOptions());
      return await oauth.processUserInfoResponse(as, this.client, subject, response);
    } catch (error) {
      throw new SignInRefused('invalid', `the provider's UserInfo answer was refused: ${(error as Error).message}`);
    }
  }
}
