// The transposition table: the positions the search has entered, as 64-bit keys in open
// addressing with linear probing on two typed arrays (8 bytes a slot, the all-zero key marking
// an empty slot). It starts small and doubles (rehashing its keys) each time it is 75 % full, up
// to the size `--memory` allows; then it refuses new keys (it never evicts one), so every key it
// holds stays recognised. Starting small keeps a short search in the cache and spares it the page
// faults of touching hundreds of megabytes (a short search took nearly twice as long with the
// whole table made at once). Clearing puts a
// grown table back to its first size, so each pass (every restart is one) starts small too.
import { UsageError } from '../../errors.js';

const INSERTED = 0;
export const FOUND = 1;
/** What Table.add answers for a new key it has no room for. */
export const NO_ROOM = 2;

/** Bytes one slot takes: two 32-bit key lanes. */
export const BYTES_PER_SLOT = 8;
/** Slots a table starts with (at most its full size). */
const FIRST_SLOTS = 1 << 16;
/** Most slots: a typed array holds at most 2^32 - 1 elements here, and a slot index fits in 31 bits. */
const MAX_SLOTS = 2 ** 31;

export class Table {
  /** Slots now; the table may grow to `maxSlots`. */
  slots: number;
  maxSlots: number;
  private mask: number;
  /** 32 - log2(slots): a slot index is the top bits of a multiplicative hash of the key. */
  private shift: number;
  private lo: Uint32Array;
  private hi: Uint32Array;
  /** Keys it holds at most (75 % of its full size). */
  limit: number;
  /** Keys it holds before it doubles. */
  private growAt: number;
  count = 0;
  /** Whether some slot may be in use (a clear of an empty table writes nothing). */
  private dirty = false;

  /** A table that may grow to fit in `megabytes` (a power-of-two number of slots). */
  constructor(megabytes: number) {
    let slots = 1024;
    while (slots * 2 * BYTES_PER_SLOT <= megabytes * 1024 * 1024 && slots < MAX_SLOTS) slots *= 2;
    this.maxSlots = slots;
    this.limit = Math.floor(slots * 0.75);
    this.slots = Math.min(slots, FIRST_SLOTS);
    this.mask = this.slots - 1;
    this.shift = 32 - Math.log2(this.slots);
    this.growAt = Math.floor(this.slots * 0.75);
    try {
      this.lo = new Uint32Array(this.slots);
      this.hi = new Uint32Array(this.slots);
    } catch {
      throw new UsageError(`cannot allocate a transposition table of ${megabytes} MB: give a smaller --memory`);
    }
  }

  /**
   * Empties the table. One that has grown starts small again: a pass that follows a big one
   * (each restart does) would otherwise zero hundreds of megabytes and then probe them at
   * random, one cache and TLB miss a position, however few it enters.
   */
  clear(): void {
    this.count = 0;
    if (!this.dirty) return;
    this.dirty = false;
    if (this.slots > FIRST_SLOTS) {
      this.resize(FIRST_SLOTS);
      return;
    }
    this.lo.fill(0);
    this.hi.fill(0);
  }

  private resize(slots: number): void {
    this.lo = new Uint32Array(slots);
    this.hi = new Uint32Array(slots);
    this.slots = slots;
    this.mask = slots - 1;
    this.shift = 32 - Math.log2(slots);
    this.growAt = Math.floor(slots * 0.75);
  }

  /**
   * Adds a key: INSERTED if new, FOUND if already there, NO_ROOM if new but the table is full. The
   * key 0:0 marks an empty slot, so it is stored as 1:0 (one more key pair that may collide).
   */
  insert(keyLo: number, keyHi: number): number {
    if (keyLo === 0 && keyHi === 0) keyLo = 1;
    let i = slotOf(keyLo, keyHi, this.shift);
    for (;;) {
      const lo = this.lo[i]!;
      const hi = this.hi[i]!;
      if (lo === 0 && hi === 0) break;
      if (lo === keyLo && hi === keyHi) return FOUND;
      i = (i + 1) & this.mask;
    }
    if (this.count >= this.growAt) {
      if (this.count >= this.limit || !this.grow()) return NO_ROOM;
      return this.insert(keyLo, keyHi);
    }
    this.lo[i] = keyLo;
    this.hi[i] = keyHi;
    this.count++;
    this.dirty = true;
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
    try {
      lo = new Uint32Array(slots);
      hi = new Uint32Array(slots);
    } catch {
      this.maxSlots = this.slots;
      this.limit = this.growAt;
      return false;
    }
    const mask = slots - 1;
    const shift = 32 - Math.log2(slots);
    for (let j = 0; j < this.slots; j++) {
      const keyLo = this.lo[j]!;
      const keyHi = this.hi[j]!;
      if (keyLo === 0 && keyHi === 0) continue;
      let i = slotOf(keyLo, keyHi, shift);
      while (lo[i] !== 0 || hi[i] !== 0) i = (i + 1) & mask;
      lo[i] = keyLo;
      hi[i] = keyHi;
    }
    this.lo = lo;
    this.hi = hi;
    this.slots = slots;
    this.mask = mask;
    this.shift = shift;
    this.growAt = Math.floor(slots * 0.75);
    return true;
  }
}

/**
 * The first slot to probe: the top bits of a multiplicative hash of both lanes, so keys that
 * differ only in a few low bits (or in a pattern) do not pile up in one run of linear probing.
 */
function slotOf(keyLo: number, keyHi: number, shift: number): number {
  return Math.imul(keyLo ^ Math.imul(keyHi ^ (keyLo >>> 15), 0x9e3779b1), 0x85ebca6b) >>> shift;
}
