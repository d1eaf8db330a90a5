import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

import { PAGE_SECURITY_HEADERS } from '../pages/security-headers.ts';
import type { Endpoints } from './endpoints.ts';
import { PATHS } from './endpoints.ts';
import { reviewRegistration } from './registration-policy.ts';
import { AGENT_CLIENT_ID, CLAIM_GRANT, JWT_BEARER_GRANT } from './vocabulary.ts';

/** What the provider serves, by path (everything else under /oauth2 is ours or a 404 problem). */
const PROVIDER_ROUTES: [string, HTTPMethods[]][] = [
  [PATHS.authorize, ['GET', 'POST']],
  [`${PATHS.authorize}/:uid`, ['GET', 'POST']],
  [PATHS.token, ['POST', 'OPTIONS']],
  [PATHS.jwks, ['GET', 'OPTIONS']],
  [PATHS.register, ['POST', 'OPTIONS']],
];

const AGENT_GRANTS = new Set([JWT_BEARER_GRANT, CLAIM_GRANT]);
const CLIENT_IP_HEADER = INTERNAL_HEADERS.clientIp;

type RawRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/**
 * Agent grants need no client: they run under our internal agent client whatever public client_id
 * the agent's library sends (oauth4webapi always sends one). A request that authenticates a client
 * (header, secret or assertion) is left alone and judged by the provider.
 */
function withAgentClient(request: FastifyRequest, body: Buffer): Buffer {
  const params = new URLSearchParams(body.toString('utf8'));
  const grantType = params.get('grant_type');
  if (!grantType || !AGENT_GRANTS.has(grantType)) return body;
  if (request.headers.authorization || params.has('client_secret') || params.has('client_assertion')) return body;
  params.set('client_id', AGENT_CLIENT_ID);
  return Buffer.from(params.toString());
}

/**
 * Hands the provider's paths to node-oidc-provider with the request unparsed: Fastify keeps the
 * body as bytes and the provider reads it from `req.body`. The public origin is the base URL, so
 * the forwarded host and protocol are set from it (the gateway's hop is plain HTTP on loopback),
 * and every page is unframeable and sends no referrer.
 */
export async function mountProvider(app: FastifyInstance, provider: Provider, endpoints: Endpoints): Promise<void> {
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  const base = new URL(endpoints.issuer);
  const basePath = base.pathname.replace(/\/+$/, '');

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const raw = request.raw as RawRequest;
    let body = request.body instanceof Buffer ? request.body : undefined;
    if (body && request.method === 'POST' && request.url.startsWith(PATHS.token)) body = withAgentClient(request, body);
    if (body && request.method === 'POST' && request.url.startsWith(PATHS.register)) {
      const review = reviewRegistration(body);
      if ('refusal' in review) {
        await reply.code(400).header('cache-control', 'no-store').send(review.refusal);
        return;
      }
      body = review.body;
    }
    if (body) {
      raw.body = body;
      raw.headers['content-length'] = String(body.length);
    }
    raw.originalUrl = `${basePath}${raw.url ?? ''}`;
    raw.headers['x-forwarded-host'] = base.host;
    raw.headers['x-forwarded-proto'] = base.protocol.replace(':', '');
    const clientIp = request.headers[CLIENT_IP_HEADER];
    raw.headers['x-forwarded-for'] = typeof clientIp === 'string' ? clientIp : request.ip;
    for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    reply.hijack();
    callback(raw, reply.raw);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const [url, methods] of PROVIDER_ROUTES) scope.route({ method: methods, url, handler });
  });
}
