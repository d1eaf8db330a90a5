/**
 * The MCP revisions this server negotiates. The SDK also knows 2024-11-05 and 2024-10-07, but
 * those predate Streamable HTTP, and the server card lists exactly what we answer, so they are
 * treated like any unknown revision.
 */
export const OFFERED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
export type ProtocolVersion = (typeof OFFERED_PROTOCOL_VERSIONS)[number];

const LATEST_OFFERED_VERSION: ProtocolVersion = '2025-11-25';

/** Without `MCP-Protocol-Version` a server assumes 2025-03-26 (transports, 2025-06-18 and later). */
export const ASSUMED_VERSION_WITHOUT_HEADER: ProtocolVersion = '2025-03-26';

export const isOfferedVersion = (value: unknown): value is ProtocolVersion =>
  typeof value === 'string' && (OFFERED_PROTOCOL_VERSIONS as readonly string[]).includes(value);

/** JSON-RPC batches exist only in 2025-03-26; later revisions removed them. */
export const allowsBatches = (version: ProtocolVersion): boolean => version === '2025-03-26';

interface InitializeMessage {
  method: 'initialize';
  params: { protocolVersion?: unknown } & Record<string, unknown>;
}

const isInitialize = (message: unknown): message is InitializeMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { method?: unknown }).method === 'initialize' &&
  typeof (message as { params?: unknown }).params === 'object' &&
  (message as { params?: unknown }).params !== null;

/**
 * An `initialize` asking for a revision we do not offer is answered with our latest, as the
 * lifecycle rules say; the SDK would echo any revision it knows, so the request is narrowed first.
 * Returns the message unchanged when nothing needs narrowing.
 */
export function narrowInitialize(message: unknown): unknown {
  if (!isInitialize(message) || isOfferedVersion(message.params.protocolVersion)) return message;
  return { ...message, params: { ...message.params, protocolVersion: LATEST_OFFERED_VERSION } };
}
