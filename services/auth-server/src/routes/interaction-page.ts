import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';

import type { Endpoints } from '../oauth/endpoints.ts';
import { PATHS } from '../oauth/endpoints.ts';
import { SCOPES } from '../oauth/vocabulary.ts';
import { consentPage, messagePage } from '../pages/consent-page.ts';
import type { BrowserSessions } from '../pages/browser-session.ts';
import type { OperatorGate } from '../pages/operator-gate.ts';
import { proofFailure } from '../pages/operator-gate.ts';
import { sendPage } from '../pages/send-page.ts';

/** Every authorization-code grant is made by the operator (no end-user accounts). */
const OPERATOR_ACCOUNT = 'operator';

export interface InteractionPageOptions {
  provider: Provider;
  endpoints: Endpoints;
  sessions: BrowserSessions;
  gate: OperatorGate;
}

type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string> | undefined }>;

const isLoopback = (uri: string): boolean => {
  const host = URL.parse(uri)?.hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
};

/**
 * /oauth2/interaction/:uid, where /oauth2/authorize sends the browser: the person sees the
 * client, its redirect URI and the scopes, proves they may approve (the operator key, or a sign-in
 * at the upstream provider), and approves or denies.
 * Approval records login and consent in one step and returns the browser to the provider.
 */
export function registerInteractionPage(
  app: FastifyInstance,
  { provider, endpoints, sessions, gate }: InteractionPageOptions,
): void {
  const load = async (request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch {
      // an unknown, expired or foreign interaction: answered below
    }
    sendPage(
      reply,
      400,
      messagePage(
        'Request expired',
        'This authorization request is unknown or has expired. Start again from the application.',
      ),
    );
    return undefined;
  };

  const render = async (
    request: UidRequest,
    reply: FastifyReply,
    interaction: Interaction,
    status = 200,
    error?: string,
  ) => {
    const { params } = interaction;
    const clientId = String(params.client_id);
    const client = await provider.Client.find(clientId);
    const redirectUris = client?.redirectUris ?? [];
    const browser = sessions.browserId(request, reply);
    const scopes = String(params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    sendPage(
      reply,
      status,
      consentPage({
        action: `${endpoints.url('interaction')}/${interaction.uid}`,
        csrf: sessions.csrfToken(browser, interaction.uid),
        clientName: client?.clientName ?? clientId,
        clientId,
        ...(clientId.startsWith('https://') ? { clientHost: new URL(clientId).host } : {}),
        redirectUri: String(params.redirect_uri),
        localhostOnly: redirectUris.length > 0 && redirectUris.every(isLoopback),
        scopes,
        resource: typeof params.resource === 'string' ? params.resource : endpoints.resource,
        approval: gate.approval(request, `${PATHS.interaction}/${interaction.uid}`),
        ...(error ? { error } : {}),
      }),
    );
  };

  app.get('/oauth2/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await load(request, reply);
    if (interaction) await render(request, reply, interaction);
  });

  app.post('/oauth2/interaction/:uid', async (request: UidRequest, reply) => {
    const interaction = await load(request, reply);
    if (!interaction) return;
    const form = request.body ?? {};
    if (!sessions.csrfValid(request, interaction.uid, form.csrf)) {
      sendPage(reply, 403, messagePage('Form expired', 'This form is no longer valid. Reload the page and try again.'));
      return;
    }
    if (form.decision === 'deny') {
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The operator denied the request.' },
        { mergeWithLastSubmission: false },
      );
      await reply.code(303).header('location', returnTo).send();
      return;
    }
    const proof = await gate.prove(request, reply, form.operator_key);
    if (proof !== 'signed-in') {
      const failure = proofFailure(proof);
      await render(request, reply, interaction, failure.status, failure.message);
      return;
    }
    const clientId = String(interaction.params.client_id);
    const grant = interaction.grantId
      ? ((await provider.Grant.find(interaction.grantId)) ??
        new provider.Grant({ accountId: OPERATOR_ACCOUNT, clientId }))
      : new provider.Grant({ accountId: OPERATOR_ACCOUNT, clientId });
    // The login prompt's details do not list scopes yet, so grant what the request asked for (unknown scopes were
    // dropped by the provider).
    const requested = String(interaction.params.scope ?? '')
      .split(' ')
      .filter((scope) => (SCOPES as readonly string[]).includes(scope));
    const resources = [interaction.params.resource ?? endpoints.resource].flat().map(String);
    for (const resource of resources) grant.addResourceScope(resource, requested.join(' '));
    // openid is the provider's own scope, granted apart; left out, the provider asks for consent again (a loop).
    if (
      String(interaction.params.scope ?? '')
        .split(' ')
        .includes('openid')
    )
      grant.addOIDCScope('openid');
    const grantId = await grant.save();
    request.log.info(
      { clientId, approver: sessions.approver(request) ?? 'the operator', scopes: requested },
      'authorization approved',
    );
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      {
        login: { accountId: OPERATOR_ACCOUNT },
        consent: { grantId },
      },
      { mergeWithLastSubmission: false },
    );
    await reply.code(303).header('location', returnTo).send();
  });
}
