import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ClaimAttempts } from '../domain/claim-attempts.ts';
import type { Registrations } from '../domain/registrations.ts';
import type { Endpoints } from '../oauth/endpoints.ts';
import { PATHS } from '../oauth/endpoints.ts';
import { SCOPES } from '../oauth/vocabulary.ts';
import type { BrowserSessions } from '../pages/browser-session.ts';
import { claimConfirmPage, codeEntryPage } from '../pages/claim-page.ts';
import { messagePage } from '../pages/consent-page.ts';
import type { FailureLimiter } from '../pages/failure-limiter.ts';
import type { OperatorGate } from '../pages/operator-gate.ts';
import { clientIpOf, proofFailure } from '../pages/operator-gate.ts';
import { sendPage } from '../pages/send-page.ts';

export interface ClaimPageOptions {
  endpoints: Endpoints;
  sessions: BrowserSessions;
  gate: OperatorGate;
  limiter: FailureLimiter;
  attempts: ClaimAttempts;
  registrations: Registrations;
}

const CSRF_PURPOSE = 'claim';

type ClaimRequest = FastifyRequest<{ Querystring: { user_code?: string }; Body: Record<string, string> | undefined }>;

/**
 * /oauth2/claim: the person confirms the user code an agent showed them. Step one takes the code
 * (and the operator key); step two shows which identity is claimed for which address and asks to
 * confirm or deny. Wrong codes count toward the same per-address limit as wrong keys.
 */
export function registerClaimPage(app: FastifyInstance, options: ClaimPageOptions): void {
  const { endpoints, sessions, gate, limiter, attempts, registrations } = options;
  const action = endpoints.url('claimPage');

  const entry = (request: ClaimRequest, reply: FastifyReply, status: number, userCode: string, error?: string) => {
    const browser = sessions.browserId(request, reply);
    return sendPage(
      reply,
      status,
      codeEntryPage({
        action,
        csrf: sessions.csrfToken(browser, CSRF_PURPOSE),
        userCode,
        approval: gate.approval(
          request,
          userCode ? `${PATHS.claimPage}?user_code=${encodeURIComponent(userCode)}` : PATHS.claimPage,
        ),
        ...(error ? { error } : {}),
      }),
    );
  };

  app.get('/oauth2/claim', async (request: ClaimRequest, reply) =>
    entry(request, reply, 200, request.query.user_code ?? ''),
  );

  app.post('/oauth2/claim', async (request: ClaimRequest, reply) => {
    const form = request.body ?? {};
    const typedCode = typeof form.user_code === 'string' ? form.user_code.slice(0, 32) : '';
    if (!sessions.csrfValid(request, CSRF_PURPOSE, form.csrf)) {
      return entry(request, reply, 403, typedCode, 'This form is no longer valid; submit it again.');
    }
    const proof = await gate.prove(request, reply, form.operator_key);
    if (proof !== 'signed-in') {
      const failure = proofFailure(proof);
      return entry(request, reply, failure.status, typedCode, failure.message);
    }
    const ip = clientIpOf(request);
    if (!(await limiter.reserve(ip))) return entry(request, reply, 429, typedCode, proofFailure('blocked').message);
    const attempt = await attempts.findByUserCode(typedCode);
    if (!attempt)
      return entry(
        request,
        reply,
        400,
        typedCode,
        'That code is unknown or has expired. Check it, or ask the agent to start a new claim.',
      );
    await limiter.release(ip);
    const registration = await registrations.find(attempt.registrationId);
    if (!registration)
      return sendPage(reply, 410, messagePage('Identity gone', 'This agent identity no longer exists.'));
    if (form.step === 'confirm' || form.step === 'deny') {
      const decided = await attempts.decide(attempt, form.step === 'confirm' ? 'confirmed' : 'denied');
      if (!decided)
        return sendPage(reply, 409, messagePage('Already decided', 'This claim was already confirmed or denied.'));
      request.log.info(
        {
          registrationId: registration.id,
          decision: form.step,
          approver: sessions.approver(request) ?? 'the operator',
        },
        'claim decided',
      );
      return form.step === 'confirm'
        ? sendPage(
            reply,
            200,
            messagePage(
              'Claim confirmed',
              'The agent receives its token at its next poll. You can close this page.',
              registration.id,
            ),
          )
        : sendPage(
            reply,
            200,
            messagePage('Claim denied', 'The agent is told that the claim was denied.', registration.id),
          );
    }
    const browser = sessions.browserId(request, reply);
    return sendPage(
      reply,
      200,
      claimConfirmPage({
        action,
        csrf: sessions.csrfToken(browser, CSRF_PURPOSE),
        userCode: attempt.userCode,
        registrationId: registration.id,
        registrationType: registration.type,
        registeredAt: new Date(registration.createdAt).toISOString(),
        email: attempt.email,
        scopes: [...SCOPES],
      }),
    );
  });
}
