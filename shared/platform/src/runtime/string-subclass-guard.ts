/**
 * Keeps V8's fast string methods in every process that loads ioredis (the Redis stores, BullMQ).
 *
 * ioredis declares `class VerbatimString extends String` (its RESP3 decoder). Declaring any subclass of String
 * makes V8 (Node 24) give up a fast path for good: from then on every `text.charCodeAt(i)`, `text.indexOf(…)`,
 * `text.slice(…)` in the process is 2–7 times slower (measured: a charCodeAt loop 0.6 → 4.2 µs per 500
 * characters; the injection detector 38 → 59 µs per snippet, its 20 KB page 1.9 → 2.9 ms). This module swaps that
 * one file, as Node loads it, for the same class without `extends String`: `format`, `toString()` and `valueOf()`
 * as before. ioredis builds it only for RESP3 verbatim replies; Rankgate speaks RESP2 (ioredis's default), where the
 * class is never used.
 *
 * It must be evaluated before ioredis: the package entries that load ioredis or BullMQ import it first.
 */
import { registerHooks } from 'node:module';

const TARGET = '/ioredis/built/resp/verbatim-string.js';
/** What the file declares today; a different file (a new ioredis) is loaded as it is, and the test says so. */
const EXPECTED = 'class VerbatimString extends String';

const REPLACEMENT = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.VerbatimString = void 0;
class VerbatimString {
    constructor(format, value) {
        this.format = format;
        this.value = String(value);
    }
    toString() {
        return this.value;
    }
    valueOf() {
        return this.value;
    }
}
exports.VerbatimString = VerbatimString;
`;

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith(TARGET)) return loaded;
    const source = loaded.source === undefined ? '' : Buffer.from(loaded.source as Uint8Array | string).toString();
    return source.includes(EXPECTED) ? { ...loaded, source: REPLACEMENT } : loaded;
  },
});
