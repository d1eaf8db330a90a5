/**
 * fast-check generators for hostile HTTP requests against one operation of the OpenAPI
 * description: random and malformed parameters, bodies, headers and encodings, and huge inputs.
 */
import fc from 'fast-check';

export interface Operation {
  method: string;
  /** The path template, e.g. `/errors/{slug}`. */
  template: string;
  /** Declared query parameter names. */
  query: string[];
  /** Declared request media types. */
  mediaTypes: string[];
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
}

/** Every operation the description publishes. */
export function operationsOf(openapi: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(openapi.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete', 'head'].includes(method)) continue;
      const operation = value as {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, unknown> };
      };
      operations.push({
        method: method.toUpperCase(),
        template,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        mediaTypes: Object.keys(operation.requestBody?.content ?? {}),
      });
    }
  }
  return operations;
}

const printable = fc.string({
  unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~'.split('')),
  maxLength: 40,
});
const nasty = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '-1',
      '0',
      '1e309',
      'NaN',
      'null',
      'true',
      '[]',
      '{}',
      '%00',
      '\u0000',
      '../../etc/passwd',
      '%2e%2e%2f',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '\u202e\u200b',
      '🙂'.repeat(50),
    ),
  },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  // Huge inputs: rare, or every request would stop at the header-size limit.
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(2_000), 'x'.repeat(20_000)) },
);

const queryString = (declared: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...(declared.length > 0 ? declared : ['q'])), printable), nasty), {
      maxLength: 6,
    })
    .map((pairs) =>
      pairs
        .map(([key, value]) => `${encodeURIComponent(key)}=${Math.random() < 0.1 ? value : encodeURIComponent(value)}`)
        .join('&'),
    );

const body = fc.oneof(
  fc.json({ maxDepth: 3 }).map((text) => ({ type: 'application/json', body: text as string | Uint8Array })),
  fc
    .record(
      {
        q: nasty,
        k: fc.oneof(fc.integer(), nasty),
        mode: nasty,
        rank: nasty,
        max_candidates: fc.oneof(fc.integer(), nasty),
        nocache: fc.oneof(fc.boolean(), nasty),
      },
      { requiredKeys: [] },
    )
    .map((value) => ({ type: 'application/json', body: JSON.stringify(value) as string | Uint8Array })),
  fc
    .constantFrom('{', '{"q":', '[1,2', 'null', '"string"', '\u0000\u0001', '{"q":"x"}garbage')
    .map((text) => ({ type: 'application/json', body: text as string | Uint8Array })),
  fc.constant({ type: 'application/json', body: JSON.stringify({ q: 'y'.repeat(300_000) }) as string | Uint8Array }),
  nasty.map((text) => ({
    type: 'application/x-www-form-urlencoded',
    body: `grant_type=${encodeURIComponent(text)}&token=${encodeURIComponent(text)}` as string | Uint8Array,
  })),
  nasty.map((text) => ({ type: 'text/plain; charset=latin1', body: text as string | Uint8Array })),
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => ({ type: 'application/octet-stream', body: bytes as string | Uint8Array })),
  fc
    .constantFrom('application/secevent+jwt', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16')
    .map((type) => ({ type, body: 'a.b.c' as string | Uint8Array })),
);

/** A hostile request for `operation`; `credential` is sometimes sent so protected code paths run too. */
export function fuzzRequest(operation: Operation, credential: string | undefined): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      pathParam: nasty,
      query: queryString(operation.query),
      withBody: fc.boolean(),
      body,
      auth: fc.constantFrom('none', 'operator', 'garbage-bearer', 'garbage-key', 'jwt-shaped'),
      accept: fc.constantFrom(
        undefined,
        '*/*',
        'application/json',
        'text/html',
        'application/json, text/event-stream',
        'image/png',
      ),
      encoding: fc.constantFrom(undefined, undefined, 'gzip', 'br', 'identity'),
      requestId: fc.oneof(fc.constant(undefined), printable),
      method: fc.oneof(fc.constant(operation.method), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH')),
    })
    .map(({ pathParam, query, withBody, body: chosen, auth, accept, encoding, requestId, method }) => {
      const path = operation.template.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathParam).slice(0, 3000));
      const headers: Record<string, string> = {};
      if (auth === 'operator' && credential) headers['x-api-key'] = credential;
      if (auth === 'garbage-bearer') headers.authorization = 'Bearer ' + 'A'.repeat(40);
      if (auth === 'garbage-key') headers['x-api-key'] = 'not-a-key';
      if (auth === 'jwt-shaped') headers.authorization = 'Bearer eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
      if (accept) headers.accept = accept;
      if (requestId) headers['x-request-id'] = requestId;
      const sendsBody = method !== 'GET' && method !== 'HEAD' && (withBody || operation.mediaTypes.length > 0);
      if (sendsBody) {
        headers['content-type'] = chosen.type;
        if (encoding) headers['content-encoding'] = encoding;
      }
      return { method, path: query ? `${path}?${query}` : path, headers, ...(sendsBody ? { body: chosen.body } : {}) };
    });
}
