// The transposition table: the positions the search has entered, as 64-bit keys in open
// addressing with linear probing on typed arrays. It starts small and doubles (rehashing its
// keys) each time it is 75 % full, up to the size `--memory` allows; then it refuses new keys
// (it never evicts one), so every key it holds stays recognised. Starting small keeps a short
// search in the cache and spares it the page faults of touching hundreds of megabytes (Mamy
// Susan seed 1, 43,542 positions, took 230 ms from a cold start with a 256 MB table made whole
// at once, 130 ms with a 16 MB one). Clearing between searches costs nothing: a slot is in use
// only if it carries the current epoch.
import { UsageError } from '../errors.js';

const INSERTED = 0;
export const FOUND = 1;
export const FULL = 2;

/** Bytes one slot takes: two 32-bit key lanes and a 16-bit epoch. */
const BYTES_PER_SLOT = 10;
/** Slots a table starts with (at most its full size). */
const FIRST_SLOTS = 1 << 16;

export class Table {
  /** Slots now; the table may grow to `maxSlots`. */
  slots: number;
  maxSlots: number;
  private mask: number;
  private lo: Uint32Array;
  private hi: Uint32Array;
  private epoch: Uint16Array;
  private current = 1;
  /** Keys it holds at most (75 % of its full size). */
  limit: number;
  /** Keys it holds before it doubles. */
  private growAt: number;
  count = 0;

  /** A table that may grow to fit in `megabytes` (a power-of-two number of slots). */
  constructor(megabytes: number) {
    let slots = 1024;
    while (slots * 2 * BYTES_PER_SLOT <= megabytes * 1024 * 1024) slots *= 2;
    this.maxSlots = slots;
    this.limit = Math.floor(slots * 0.75);
    this.slots = Math.min(slots, FIRST_SLOTS);
    this.mask = this.slots - 1;
    this.growAt = Math.floor(this.slots * 0.75);
    try {
      this.lo = new Uint32Array(this.slots);
      this.hi = new Uint32Array(this.slots);
      this.epoch = new Uint16Array(this.slots);
    } catch {
      throw new UsageError(`cannot allocate a transposition table of ${megabytes} MB: give a smaller --memory`);
    }
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
    if (this.count >= this.growAt) {
      if (this.count >= this.limit || !this.grow()) return FULL;
      return this.insert(keyLo, keyHi);
    }
    this.lo[i] = keyLo;
    this.hi[i] = keyHi;
    this.epoch[i] = cur;
    this.count++;
    return INSERTED;
  }

  /**
   * Doubles the table and puts its keys back; false if it is at its full size, or if the memory
   * cannot be had (then it stays as it is and full: the search goes on without it).
   */
  private grow(): boolean {
    if (this.slots >= this.maxSlots) return false;
    const slots = this.slots * 2;
    let lo: Uint32Array;
    let hi: Uint32Array;
    let epoch: Uint16Array;
    try {
      lo = new Uint32Array(slots);
      hi = new Uint32Array(slots);
      epoch = new Uint16Array(slots);
    } catch {
      this.maxSlots = this.slots;
      this.limit = this.growAt;
      return false;
    }
    const cur = this.current;
    const mask = slots - 1;
    for (let j = 0; j < this.slots; j++) {
      if (this.epoch[j] !== cur) continue;
      const keyLo = this.lo[j]!;
      const keyHi = this.hi[j]!;
      let i = (keyLo ^ Math.imul(keyHi, 0x9e3779b1)) & mask;
      while (epoch[i] === cur) i = (i + 1) & mask;
      lo[i] = keyLo;
      hi[i] = keyHi;
      epoch[i] = cur;
    }
    this.lo = lo;
    this.hi = hi;
    this.epoch = epoch;
    this.slots = slots;
    this.mask = mask;
    this.growAt = Math.floor(slots * 0.75);
    return true;
  }
}
