/**
 * The agent's side of registration, driven with oauth4webapi as a real OAuth client: discovery,
 * the jwt-bearer exchange and the claim-grant poll, plus the person's side of the claim page.
 */
import * as oauth from 'oauth4webapi';

import type { OAuthBrowser } from './oauth-browser.ts';
import { formField } from './oauth-browser.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const CLAIM_GRANT = 'urn:rankgate:agent-auth:grant-type:claim';

/** Our loopback origin is plain http; oauth4webapi insists on https unless told. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
}

/** Agents need no client of their own: the agent grants run under the service's agent client. */
export const AGENT_CLIENT: oauth.Client = { client_id: 'rankgate-agent' };

export async function exchangeAssertion(
  as: oauth.AuthorizationServer,
  assertion: string,
  resource: string,
): Promise<oauth.TokenEndpointResponse> {
  const response = await oauth.genericTokenEndpointRequest(
    as,
    AGENT_CLIENT,
    oauth.None(),
    JWT_BEARER,
    { assertion, resource },
    insecure,
  );
  return oauth.processGenericTokenEndpointResponse(as, AGENT_CLIENT, response);
}

/** One claim-grant poll: the token response, or the OAuth error code it was refused with. */
export async function pollClaim(
  as: oauth.AuthorizationServer,
  claimToken: string,
): Promise<oauth.TokenEndpointResponse | { error: string }> {
  const response = await oauth.genericTokenEndpointRequest(
    as,
    AGENT_CLIENT,
    oauth.None(),
    CLAIM_GRANT,
    { claim_token: claimToken },
    insecure,
  );
  try {
    return await oauth.processGenericTokenEndpointResponse(as, AGENT_CLIENT, response);
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { error: error.error };
    throw error;
  }
}

/** The person confirms a user code at /oauth2/claim with the operator key. */
export async function confirmClaim(
  person: OAuthBrowser,
  baseUrl: string,
  userCode: string,
  operatorKey: string,
): Promise<string> {
  const page = `${baseUrl}/oauth2/claim`;
  const entry = await person.get(`${page}?user_code=${encodeURIComponent(userCode)}`);
  const shown = await person.post(page, {
    csrf: formField(entry.text, 'csrf'),
    step: 'lookup',
    user_code: userCode,
    operator_key: operatorKey,
  });
  const done = await person.post(page, { csrf: formField(shown.text, 'csrf'), step: 'confirm', user_code: userCode });
  return done.text;
}
