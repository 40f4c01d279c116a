// The transposition table: the positions the search has entered, as 64-bit keys in open
// addressing with linear probing on typed arrays. Its size is fixed when made; when it is 75 %
// full it refuses new keys (it never evicts one), so every key it holds stays recognised.
// Clearing between searches costs nothing: a slot is in use only if it carries the current epoch.
import { UsageError } from '../errors.js';

const INSERTED = 0;
export const FOUND = 1;
export const FULL = 2;

/** Bytes one slot takes: two 32-bit key lanes and a 16-bit epoch. */
const BYTES_PER_SLOT = 10;

export class Table {
  readonly slots: number;
  private readonly mask: number;
  private readonly lo: Uint32Array;
  private readonly hi: Uint32Array;
  private readonly epoch: Uint16Array;
  private current = 1;
  /** Keys it holds at most. */
  readonly limit: number;
  count = 0;

  /** A table that fits in `megabytes` (a power-of-two number of slots). */
  constructor(megabytes: number) {
    let slots = 1024;
    while (slots * 2 * BYTES_PER_SLOT <= megabytes * 1024 * 1024) slots *= 2;
    this.slots = slots;
    this.mask = slots - 1;
    try {
      this.lo = new Uint32Array(slots);
      this.hi = new Uint32Array(slots);
      this.epoch = new Uint16Array(slots);
    } catch {
      throw new UsageError(`cannot allocate a transposition table of ${megabytes} MB: give a smaller --memory`);
    }
    this.limit = Math.floor(slots * 0.75);
  }

  clear(): void {
    this.count = 0;
    if (++this.current === 0x10000) {
      this.epoch.fill(0);
      this.current = 1;
    }
  }

  /** Adds a key: INSERTED if new, FOUND if already there, FULL if new but the table is full. */
  insert(keyLo: number, keyHi: number): number {
    const cur = this.current;
    let i = (keyLo ^ Math.imul(keyHi, 0x9e3779b1)) & this.mask;
    while (this.epoch[i] === cur) {
      if (this.lo[i] === keyLo && this.hi[i] === keyHi) return FOUND;
      i = (i + 1) & this.mask;
    }
    if (this.count >= this.limit) return FULL;
    this.lo[i] = keyLo;
    this.hi[i] = keyHi;
    this.epoch[i] = cur;
    this.count++;
    return INSERTED;
  }
}
