/** The public origin, errors and the request boundary. */
import type { Requirement } from './requirement.ts';
import { SPEC } from './requirement.ts';

export const PLATFORM_REQUIREMENTS = [
  // The public origin's own documents.
  {
    id: 'FOUND-HEALTH-1',
    text: 'GET /health answers 200 {ok: true, service_version}',
    source: `${SPEC} § Endpoints; § Health response`,
  },
  {
    id: 'FOUND-DISCOVERY-1',
    text: 'GET /v1 and GET /api answer the same discovery document',
    source: `${SPEC} § Endpoints; § API discovery response`,
  },
  {
    id: 'FOUND-VERSION-1',
    text: 'health service_version, OpenAPI info.version and sandbox meta.service_version are equal',
    source: `${SPEC} § Versioning`,
  },
  {
    id: 'FOUND-OPENAPI-1',
    text: 'GET /openapi.json is OpenAPI 3.1 with info.x-api-versioning {strategy url, current v1, policy /docs/versioning.md}',
    source: `${SPEC} § Versioning`,
  },
  {
    id: 'FOUND-SANDBOX-1',
    text: 'GET /v1/sandbox answers a canned search response',
    source: `${SPEC} § Endpoints; § Search response`,
  },

  // Errors.
  {
    id: 'FOUND-PROBLEM-1',
    text: 'every REST error is application/problem+json with all members, status equal to the HTTP status and type {base_url}/errors/<slug>',
    source: `${SPEC} § Problem details; § Errors`,
  },
  {
    id: 'FOUND-PROBLEM-2',
    text: 'the type URL of a problem answers a human-readable HTML page',
    source: `${SPEC} § Problem details; docs/architecture.md § Errors`,
  },
  {
    id: 'FOUND-VERSION-2',
    text: 'an unpublished version path (/v2, /v2/...) answers problem UNSUPPORTED_VERSION whose hint points to the versioning page',
    source: `${SPEC} § Versioning; § Errors`,
  },
  {
    id: 'FOUND-NOTFOUND-1',
    text: 'an unknown path answers 404 problem NOT_FOUND',
    source: 'docs/errors.md § NOT_FOUND',
  },
  {
    id: 'FOUND-METHOD-1',
    text: 'a wrong method on a known path answers 405 problem METHOD_NOT_ALLOWED with Allow',
    source: 'docs/errors.md § METHOD_NOT_ALLOWED',
  },
  {
    id: 'FOUND-VALIDATION-1',
    text: 'k outside 1-25 answers 422 VALIDATION_ERROR naming the field',
    source: `${SPEC} § Errors; § Limits`,
  },
  {
    id: 'FOUND-BADREQ-1',
    text: 'an invalid option value (mode not snip/deep) answers 400 BAD_REQUEST naming the problem',
    source: `${SPEC} § Errors`,
  },
  {
    id: 'FOUND-BADREQ-2',
    text: 'POST /v1/search with malformed JSON answers 400 BAD_REQUEST',
    source: 'docs/errors.md § BAD_REQUEST',
  },
  {
    id: 'FOUND-MEDIA-1',
    text: 'POST /v1/search with a non-JSON body answers 415 UNSUPPORTED_MEDIA_TYPE',
    source: 'docs/errors.md § UNSUPPORTED_MEDIA_TYPE',
  },

  // Request ids and the internal boundary.
  {
    id: 'FOUND-REQID-1',
    text: 'a well-formed X-Request-Id is echoed, and a problem carries it as request_id',
    source: 'docs/errors.md (request_id, X-Request-Id)',
  },
  {
    id: 'FOUND-REQID-2',
    text: 'a malformed X-Request-Id is replaced by a generated one',
    source: 'docs/errors.md (request_id, X-Request-Id)',
  },
  {
    id: 'FOUND-INTERNAL-1',
    text: 'a service port refuses a call without the internal token (401 problem); the token opens it',
    source: 'docs/architecture.md § Calls between the gateway and the services',
  },
] as const satisfies readonly Requirement[];
