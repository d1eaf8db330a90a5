import { secretsEqual } from '@rankgate/platform/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { secretDigest } from '../domain/opaque-ids.ts';
import type { Endpoints } from '../oauth/endpoints.ts';
import { PATHS } from '../oauth/endpoints.ts';
import type { BrowserSessions } from '../pages/browser-session.ts';
import { messagePage, signedInPage } from '../pages/consent-page.ts';
import { PAGE_SECURITY_HEADERS } from '../pages/security-headers.ts';
import { sendPage } from '../pages/send-page.ts';
import type { PendingSignIns } from '../sign-in/pending-sign-ins.ts';
import type { UpstreamOidc } from '../sign-in/upstream-oidc.ts';
import { SignInRefused, UpstreamUnavailable } from '../sign-in/upstream-oidc.ts';

export interface SignInRouteOptions {
  endpoints: Endpoints;
  sessions: BrowserSessions;
  upstream: UpstreamOidc;
  pending: PendingSignIns;
  /** What the pages call the provider. */
  provider: string;
}

/** The binding cookie lives as long as a pending sign-in. */
const SIGN_IN_WINDOW_S = 600;

const INTERACTION_PAGE = new RegExp(`^${PATHS.interaction}/[\\w-]{1,64}$`);

/**
 * Where a sign-in may return: a consent page, or the claim page (with the code the person typed).
 * Anything else — another origin, another path — becomes the claim page, so the parameter can
 * never send the browser elsewhere.
 */
export function safeReturnPath(value: unknown): string {
  const parsed = typeof value === 'string' ? URL.parse(value, 'http://return.invalid') : null;
  if (!parsed || parsed.origin !== 'http://return.invalid') return PATHS.claimPage;
  if (INTERACTION_PAGE.test(parsed.pathname) && parsed.search === '') return parsed.pathname;
  const code = parsed.pathname === PATHS.claimPage ? parsed.searchParams.get('user_code') : null;
  return code && /^[\w-]{1,32}$/.test(code) ? `${PATHS.claimPage}?user_code=${code}` : PATHS.claimPage;
}

type StartRequest = FastifyRequest<{ Querystring: { return_to?: string } }>;
type CallbackRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;

/**
 * The person's sign-in at the upstream OpenID Connect provider. `/oauth2/sign-in` remembers the
 * attempt (state, nonce, PKCE verifier, where to return) under its state, binds it to this browser
 * with a cookie, and sends the browser to the provider. `/oauth2/sign-in/callback` takes the
 * attempt once, requires the same browser, lets the provider's answer be checked and redeemed,
 * and marks the browser as an approver — then continues to the page that asked, through a page of
 * ours, because the browser withholds SameSite=Strict cookies on the provider's cross-site redirect.
 */
export function registerSignInRoutes(
  app: FastifyInstance,
  { endpoints, sessions, upstream, pending, provider }: SignInRouteOptions,
): void {
  const unreachable = `${provider} cannot be reached right now. Try again in a minute; if it persists, tell the operator.`;

  app.get(PATHS.signIn, async (request: StartRequest, reply) => {
    const returnTo = safeReturnPath(request.query.return_to);
    let start;
    try {
      start = await upstream.start();
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      request.log.warn({ err: error }, 'upstream sign-in unavailable');
      return sendPage(reply, 503, messagePage('Sign-in unavailable', unreachable));
    }
    const browserId = sessions.browserId(request, reply);
    const binding = sessions.bindSignIn(reply, SIGN_IN_WINDOW_S);
    await pending.save(start.state, {
      bindingDigest: secretDigest(binding),
      verifier: start.verifier,
      nonce: start.nonce,
      browserId,
      returnTo,
    });
    return reply.code(303).headers(PAGE_SECURITY_HEADERS).header('location', start.url).send();
  });

  app.get(PATHS.signInCallback, async (request: CallbackRequest, reply) => {
    const binding = sessions.takeSignInBinding(request, reply);
    const state = request.query.state;
    const attempt = typeof state === 'string' && state ? await pending.take(state) : undefined;
    if (!attempt || state === undefined) {
      return sendPage(
        reply,
        400,
        messagePage(
          'Sign-in expired',
          'This sign-in is unknown, expired or already used. Start again from the page you came from.',
        ),
      );
    }
    if (!binding || !secretsEqual(secretDigest(binding), attempt.bindingDigest)) {
      request.log.warn('upstream sign-in answered to another browser');
      return sendPage(
        reply,
        400,
        messagePage(
          'Sign-in refused',
          'This sign-in was started in another browser. Start again from the page you came from.',
        ),
      );
    }
    const query = request.url.slice(request.url.indexOf('?'));
    let approver;
    try {
      approver = await upstream.finish(new URL(`${endpoints.url('signInCallback')}${query}`), {
        state,
        nonce: attempt.nonce,
        verifier: attempt.verifier,
      });
    } catch (error) {
      if (error instanceof UpstreamUnavailable) {
        request.log.warn({ err: error }, 'upstream sign-in unavailable');
        return sendPage(reply, 503, messagePage('Sign-in unavailable', unreachable));
      }
      if (!(error instanceof SignInRefused)) throw error;
      request.log.info({ reason: error.reason, detail: error.message }, 'upstream sign-in refused');
      if (error.reason === 'not_allowed')
        return sendPage(
          reply,
          403,
          messagePage('Not allowed', `You signed in, but ${error.message}. Ask the operator to add you.`),
        );
      if (error.reason === 'cancelled')
        return sendPage(
          reply,
          400,
          messagePage('Sign-in cancelled', `${provider} did not sign you in. Start again from the page you came from.`),
        );
      return sendPage(
        reply,
        400,
        messagePage(
          'Sign-in failed',
          `${provider}'s answer could not be verified. Start again from the page you came from.`,
        ),
      );
    }
    sessions.signInApprover(attempt.browserId, reply, approver.label);
    request.log.info({ subject: approver.subject, email: approver.email }, 'approver signed in upstream');
    return sendPage(reply, 200, signedInPage(approver.label, `${endpoints.issuer}${attempt.returnTo}`));
  });
}
