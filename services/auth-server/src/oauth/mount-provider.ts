import { INTERNAL_HEADERS } from '@rankgate/contracts/internal-headers';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type Provider from 'oidc-provider';

import { PAGE_SECURITY_HEADERS } from '../pages/security-headers.ts';
import type { Endpoints } from './endpoints.ts';
import { PATHS } from './endpoints.ts';
import { reviewRegistration } from './registration-policy.ts';
import { AGENT_CLIENT_ID, CLAIM_GRANT, JWT_BEARER_GRANT } from './vocabulary.ts';

/**
 * What the provider serves, by path and method (everything else under /oauth2 is ours or a 404
 * problem). Only methods it answers: its POST form of the authorization endpoint is off.
 */
const PROVIDER_ROUTES: [string, HTTPMethods[]][] = [
  [PATHS.authorize, ['GET']],
  [`${PATHS.authorize}/:uid`, ['GET']],
  [PATHS.token, ['POST', 'OPTIONS']],
  [PATHS.jwks, ['GET', 'OPTIONS']],
  [PATHS.register, ['POST', 'OPTIONS']],
];

const AGENT_GRANTS = new Set([JWT_BEARER_GRANT, CLAIM_GRANT]);

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
 * The request again, with the body Fastify read (and we may have rewritten) readable once more:
 * the provider reads bodies from the stream itself, and warns on every start when handed a
 * consumed one.
 */
function replayable(raw: RawRequest, body: Buffer): RawRequest {
  const stream = new Readable({ read() {} });
  stream.push(body);
  stream.push(null);
  // The provider (Koa) reads the request line, headers and socket; the body comes from the stream.
  return Object.assign(stream, {
    method: raw.method,
    url: raw.url,
    socket: raw.socket,
    connection: raw.socket,
    httpVersion: raw.httpVersion,
    httpVersionMajor: raw.httpVersionMajor,
    httpVersionMinor: raw.httpVersionMinor,
    headers: { ...raw.headers, 'content-length': String(body.length) },
  }) as unknown as RawRequest;
}

/**
 * The provider answers CORS preflights only (a plain OPTIONS gets its 404); a plain OPTIONS is
 * answered here with the methods the path takes (RFC 9110 §9.3.7).
 */
function answerPlainOptions(
  methods: HTTPMethods[],
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  const allow = [...new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : [])])].sort().join(', ');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] === undefined) {
      await reply.code(204).header('allow', allow).send();
      return;
    }
    await handler(request, reply);
  };
}

/**
 * Hands the provider's paths to node-oidc-provider: Fastify keeps the body as bytes and the
 * provider reads them again from a replayed request. The public origin is the base URL, so
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
    const forwarded = body ? replayable(raw, body) : raw;
    forwarded.originalUrl = `${basePath}${raw.url ?? ''}`;
    forwarded.headers['x-forwarded-host'] = base.host;
    forwarded.headers['x-forwarded-proto'] = base.protocol.replace(':', '');
    const clientIp = request.headers[INTERNAL_HEADERS.clientIp];
    forwarded.headers['x-forwarded-for'] = typeof clientIp === 'string' ? clientIp : request.ip;
    for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    reply.hijack();
    callback(forwarded, reply.raw);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const [url, methods] of PROVIDER_ROUTES) {
      scope.route({
        method: methods,
        url,
        handler: methods.includes('OPTIONS') ? answerPlainOptions(methods, handler) : handler,
      });
    }
  });
}
