import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCRequest,
  JSONRPCResultResponse,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/*
 * Messages reaching this transport are valid JSON-RPC already (the client's were checked against the SDK's schema
 * before `exchange`; the server's are its own), so their kind is read from their members: the SDK's type guards
 * are a schema parse each, and a reply carries a whole search response.
 */
const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest => 'method' in message && 'id' in message;
const isReply = (message: JSONRPCMessage): message is JSONRPCResultResponse | JSONRPCErrorResponse =>
  !('method' in message);
/** A client's cancellation or reply names a request of another POST, which a stateless server never knew. */
const isForwardedNotification = (message: JSONRPCMessage): boolean =>
  'method' in message && !('id' in message) && message.method !== 'notifications/cancelled';

/** One POST's requests in flight: their replies, in the order the client sent the requests. */
interface Exchange<C> {
  context: C;
  replies: (JSONRPCMessage | undefined)[];
  remaining: number;
  /** Event-stream mode: every message for this POST is written as it comes (progress, then the replies). */
  onEvent: ((message: JSONRPCMessage) => void) | undefined;
  finish: (replies: JSONRPCMessage[] | undefined) => void;
}

/** Where an internal request id leads: its exchange, the reply's slot and the id the client chose. */
interface Route<C> {
  exchange: Exchange<C>;
  slot: number;
  clientId: RequestId;
}

export interface PendingExchange {
  /** The replies to the POST's requests in their order; undefined when the exchange was abandoned. */
  done: Promise<JSONRPCMessage[] | undefined>;
  /** The client left: its requests' handlers are cancelled and their replies dropped. */
  abandon(reason: string): void;
}

/**
 * A transport that lets one long-lived SDK `Server` answer every HTTP POST at once (a stateless server has no
 * per-client state to keep apart). Each request is handed to the server under an internal id that is unique in
 * this process, so concurrent clients that choose the same id never meet; its reply is mapped back to the POST it
 * came in and given the client's id again. Per-call context (the caller) travels beside the id, read by handlers
 * with `contextOf(extra.requestId)`. Building a server and the SDK's web-standard transport per POST (with a
 * WHATWG Request and Response around each message) cost more than the rest of the service's work on a cached
 * search; the HTTP rules that transport applied are checked before `exchange` (./post-checks.ts).
 */
export class MultiplexTransport<C> implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];

  // Starts at 1: the SDK ignores a cancellation whose request id is falsy.
  private nextId = 1;
  private readonly routes = new Map<number, Route<C>>();

  async start(): Promise<void> {}

  /** Cancels every request in flight and ends its exchange unanswered. */
  async close(): Promise<void> {
    const exchanges = new Set([...this.routes.values()].map((route) => route.exchange));
    for (const id of [...this.routes.keys()]) this.cancel(id, 'The server is shutting down.');
    for (const exchange of exchanges) exchange.finish(undefined);
    this.onclose?.();
  }

  /** The context of the call behind an internal request id (undefined once it is answered or abandoned). */
  contextOf(id: RequestId): C | undefined {
    return typeof id === 'number' ? this.routes.get(id)?.exchange.context : undefined;
  }

  /** Gives the server a POST that carries no request (answered 202). */
  notify(messages: readonly JSONRPCMessage[]): void {
    for (const message of messages) if (isForwardedNotification(message)) this.onmessage?.(message);
  }

  /** Hands a POST's messages to the server; its requests' replies settle `done`. */
  exchange(messages: readonly JSONRPCMessage[], context: C, onEvent?: (message: JSONRPCMessage) => void) {
    let finish!: Exchange<C>['finish'];
    const done = new Promise<JSONRPCMessage[] | undefined>((resolve) => {
      finish = resolve;
    });
    const exchange: Exchange<C> = { context, replies: [], remaining: 0, onEvent, finish };
    const ids: number[] = [];
    const forwarded: JSONRPCMessage[] = [];
    for (const message of messages) {
      if (!isRequest(message)) {
        if (isForwardedNotification(message)) forwarded.push(message);
        continue;
      }
      const id = this.nextId++;
      this.routes.set(id, { exchange, slot: exchange.replies.length, clientId: message.id });
      exchange.replies.push(undefined);
      exchange.remaining += 1;
      ids.push(id);
      forwarded.push({ ...message, id });
    }
    for (const message of forwarded) this.onmessage?.(message);
    const pending: PendingExchange = {
      done,
      abandon: (reason) => {
        let abandoned = false;
        for (const id of ids) abandoned = this.cancel(id, reason) || abandoned;
        if (abandoned) finish(undefined);
      },
    };
    return pending;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isReply(message)) {
      const route = typeof message.id === 'number' ? this.routes.get(message.id) : undefined;
      // A reply to an abandoned request has nowhere to go.
      if (!route) return;
      this.routes.delete(message.id as number);
      const { exchange } = route;
      const reply = { ...message, id: route.clientId };
      exchange.replies[route.slot] = reply;
      exchange.onEvent?.(reply);
      exchange.remaining -= 1;
      if (exchange.remaining === 0) exchange.finish(exchange.replies as JSONRPCMessage[]);
      return;
    }
    // Progress and other messages about a request travel on its event stream; a JSON reply has no room for them,
    // and a stateless server has no stream of its own for anything else.
    const related = options?.relatedRequestId;
    const route = typeof related === 'number' ? this.routes.get(related) : undefined;
    route?.exchange.onEvent?.(message);
  }

  /** Cancels one request in the server (its handler's signal aborts); false when it was already answered. */
  private cancel(id: number, reason: string): boolean {
    if (!this.routes.delete(id)) return false;
    this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } });
    return true;
  }
}
