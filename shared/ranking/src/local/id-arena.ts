/**
 * Lists of ids kept for the length of a batch, as views on shared blocks. A typed array of over 64 bytes gets memory of
 * its own outside the JavaScript heap, which cost more to allocate and collect than reading the ids did (several lists
 * per candidate); a view on a block is a small heap object.
 */

/** Ids per block: a few blocks hold a batch of 100 long abstracts. */
const BLOCK = 1 << 14;

export class IdArena {
  private block = new Int32Array(BLOCK);
  private used = 0;

  /** A list holding `source[0, count)`, valid for the arena's life (blocks are never written again once handed out). */
  copy(source: Int32Array, count: number): Int32Array {
    const list = this.room(count);
    list.set(source.subarray(0, count));
    return this.keep(count);
  }

  /** Room for a list of at most `count` ids, to write from index 0 and then hand out with `keep`. */
  room(count: number): Int32Array {
    if (this.used + count > this.block.length) {
      this.block = new Int32Array(Math.max(BLOCK, count));
      this.used = 0;
    }
    return this.block.subarray(this.used, this.used + count);
  }

  /** The first `count` ids written to the last `room`, as a list (see `copy`). */
  keep(count: number): Int32Array {
    const list = this.block.subarray(this.used, this.used + count);
    this.used += count;
    return list;
  }
}
