/**
 * Ids for words, looked up straight from the text they occur in (its UTF-16 code units): a word is hashed while it is
 * scanned and compared with the stored characters, so only a word not seen before becomes a string. A `Map` keyed by
 * string needs every occurrence cut out of the text and hashed again, which cost more than the rest of tokenising.
 */

import { FNV_OFFSET, FNV_PRIME } from '../fnv.ts';

/** FNV-1a's offset basis as a signed int32, as `Math.imul` gives its steps (`hashOf`). */
export const HASH_START = FNV_OFFSET | 0;

/** Code units turned into a string per call (`textOf`). */
const TEXT_PIECE = 4096;

/** Ints per slot of the open-addressing table: word id + 1 (0 for an empty slot), hash, start and length. */
const SLOT = 4;

export class WordTable {
  /**
   * Open addressing, each slot holding what a look-up compares (`SLOT`): one read of nearby memory per probe, where
   * separate arrays for the hashes, starts and lengths cost a cache miss each.
   */
  private slots: Int32Array;
  /** The number of slots less one (a power of two less one): a hash's slot is `hash & mask`. */
  private mask: number;
  /** Every word's characters, one after another. */
  private units: Uint16Array;
  private used = 0;
  private start: Int32Array;
  private length: Int32Array;
  size = 0;

  /** `capacity`: the words expected (a power of two), held before any array grows. */
  constructor(capacity = 2048) {
    this.slots = new Int32Array(capacity * 2 * SLOT);
    this.mask = capacity * 2 - 1;
    this.units = new Uint16Array(capacity * 16);
    this.start = new Int32Array(capacity);
    this.length = new Int32Array(capacity);
  }

  /** The id of the word `codes[from, to)` (hashed as `hash`), or -1 when the table does not hold it. */
  find(codes: Uint16Array, from: number, to: number, hash: number): number {
    const { slots, units, mask } = this;
    const length = to - from;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot * SLOT;
      const entry = slots[at] as number;
      if (entry === 0) return -1;
      if (slots[at + 1] === hash && slots[at + 3] === length) {
        const start = (slots[at + 2] as number) - from;
        let i = from;
        while (i < to && units[start + i] === codes[i]) i += 1;
        if (i === to) return entry - 1;
      }
    }
  }

  /** Adds `codes[from, to)`, which the table must not hold yet; returns its id (ids count up from 0). */
  add(codes: Uint16Array, from: number, to: number, hash: number): number {
    const id = this.size;
    this.size += 1;
    if (id === this.start.length) {
      this.start = grown(this.start, id * 2);
      this.length = grown(this.length, id * 2);
    }
    const length = to - from;
    if (this.used + length > this.units.length) {
      const chars = new Uint16Array((this.used + length) * 2);
      chars.set(this.units);
      this.units = chars;
    }
    for (let i = 0; i < length; i += 1) this.units[this.used + i] = codes[from + i] as number;
    this.start[id] = this.used;
    this.length[id] = length;
    this.used += length;
    // Kept at most half full, so a probe ends soon on an empty slot.
    if (this.size * 2 * SLOT > this.slots.length) this.rehash(this.slots.length * 2);
    this.place(id, hash);
    return id;
  }

  /** Empties the table, keeping its memory. */
  clear(): void {
    this.slots.fill(0);
    this.used = 0;
    this.size = 0;
  }

  /** The length of word `id`. */
  lengthOf(id: number): number {
    return this.length[id] as number;
  }

  /** Word `id` as a string: made only when asked for (most words never are). */
  textOf(id: number): string {
    const at = this.start[id] as number;
    const end = at + (this.length[id] as number);
    let text = '';
    // In pieces: a call takes only so many arguments, and a word can be a long run of characters.
    for (let from = at; from < end; from += TEXT_PIECE) {
      text += String.fromCharCode(...this.units.subarray(from, Math.min(end, from + TEXT_PIECE)));
    }
    return text;
  }

  /** Where word `id` starts in `chars` (it runs for `lengthOf(id)` code units). */
  startOf(id: number): number {
    return this.start[id] as number;
  }

  /** Every word's code units (see `startOf`). */
  get chars(): Uint16Array {
    return this.units;
  }

  /** Words `a` and `b` compared as strings are (by UTF-16 code unit): negative, 0 or positive. */
  compare(a: number, b: number): number {
    const aStart = this.start[a] as number;
    const bStart = this.start[b] as number;
    const aLength = this.length[a] as number;
    const bLength = this.length[b] as number;
    for (let i = 0; i < aLength && i < bLength; i += 1) {
      const difference = (this.units[aStart + i] as number) - (this.units[bStart + i] as number);
      if (difference !== 0) return difference;
    }
    return aLength - bLength;
  }

  /** Whether word `id` is ASCII digits only. */
  isDigits(id: number): boolean {
    const at = this.start[id] as number;
    for (let i = 0; i < (this.length[id] as number); i += 1) {
      const code = this.units[at + i] as number;
      if (code < 48 || code > 57) return false;
    }
    return true;
  }

  private place(id: number, hash: number): void {
    const { slots, mask } = this;
    let slot = hash & mask;
    while (slots[slot * SLOT] !== 0) slot = (slot + 1) & mask;
    const at = slot * SLOT;
    slots[at] = id + 1;
    slots[at + 1] = hash;
    slots[at + 2] = this.start[id] as number;
    slots[at + 3] = this.length[id] as number;
  }

  /** Moves every word to a table of `length` ints. */
  private rehash(length: number): void {
    const old = this.slots;
    this.slots = new Int32Array(length);
    this.mask = length / SLOT - 1;
    for (let at = 0; at < old.length; at += SLOT) {
      const entry = old[at] as number;
      if (entry !== 0) this.place(entry - 1, old[at + 1] as number);
    }
  }
}

/** A copy of `list` with room for `capacity` numbers. */
export function grown(list: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(capacity);
  next.set(list);
  return next;
}

/** The hash `WordTable` expects for the word `codes[from, to)`. */
export function hashOf(codes: Uint16Array, from: number, to: number): number {
  // The constants read once: an imported binding is loaded again on every use in a loop.
  const prime = FNV_PRIME;
  let hash = HASH_START;
  for (let i = from; i < to; i += 1) hash = Math.imul(hash ^ (codes[i] as number), prime);
  return hash;
}
