// Zobrist keys in two 32-bit lanes. A pile's hash is the XOR of one random value per
// (pile class, depth, card identity); the position key is the sum of the mixed pile hashes, so
// piles of one class (interchangeable piles) give the same key in any order, and two equal
// piles do not cancel out as they would under XOR.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { GameTables } from './tables.js';
import { KIND_F, KIND_R, KIND_S, KIND_T } from './tables.js';

export interface Zobrist {
  lo: Uint32Array;
  hi: Uint32Array;
  /** Index of (class, depth, identity) is (cls * depth stride + depth) * identities + identity. */
  stride: number;
  identities: number;
  /** Keys for the base rank the first foundation card fixes, by rank (index 0: none fixed). */
  baseLo: Uint32Array;
  baseHi: Uint32Array;
  /** Keys for a pile's face-down count, [cls * stride + count] (0 for none, so that games without face-down cards keep their keys). */
  downLo: Uint32Array;
  downHi: Uint32Array;
  /** Keys for the redeals made, by count (0 for none), where the rules limit them. */
  redealLo: Uint32Array;
  redealHi: Uint32Array;
  /**
   * Keys for the waste's size, read where the stock is keyed as a set (State.setStockAsSet) and
   * several cards are turned at a time: 0 for the sizes a redeal and draws reach, a multiple of the draw.
   */
  splitLo: Uint32Array;
  splitHi: Uint32Array;
  /** Class of each pile when tableau piles are interchangeable, and when they are told apart. */
  sharedClass: Uint8Array;
  ownClass: Uint8Array;
}

/**
 * The high half of a pile hash, spread as the low half is but first salted with the golden-ratio
 * constant, so that the two halves of the key are not the same function of their pile hashes (an
 * empty pile, hash 0, adds 0 to the low half and a constant to the high).
 */
export const mix32Hi = (hi: number): number => mix32((hi ^ 0x9e3779b9) >>> 0);

/** Murmur3's finaliser: spreads a pile hash before it is summed into the key. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function makeZobrist(rules: GameTables): Zobrist {
  const groups = rules.groupStart.length;
  const tableauClass = groups;
  const reserveClass = groups + 1 + rules.nTableau;
  const classes = reserveClass + 3;
  const sharedClass = new Uint8Array(rules.nPiles);
  const ownClass = new Uint8Array(rules.nPiles);
  for (let p = 0; p < rules.nPiles; p++) {
    const kind = rules.kindOf[p]!;
    const cls =
      kind === KIND_F
        ? rules.groupOf[p]!
        : kind === KIND_T
          ? tableauClass
          : kind === KIND_R
            ? reserveClass
            : kind === KIND_S
              ? reserveClass + 1
              : reserveClass + 2;
    sharedClass[p] = cls;
    ownClass[p] = kind === KIND_T ? groups + 1 + (p - rules.firstTableau) : cls;
  }
  const stride = rules.totalCards;
  const size = classes * stride * rules.identities;
  const rng = xoroshiro128plus(0x5eed);
  const lo = new Uint32Array(size);
  const hi = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    lo[i] = rng.next() >>> 0;
    hi[i] = rng.next() >>> 0;
  }
  const baseLo = new Uint32Array(14);
  const baseHi = new Uint32Array(14);
  for (let r = 1; r < 14; r++) {
    baseLo[r] = rng.next() >>> 0;
    baseHi[r] = rng.next() >>> 0;
  }
  // Drawn after the others, so that the keys above stay as they are for every game.
  const downLo = new Uint32Array(classes * stride);
  const downHi = new Uint32Array(classes * stride);
  if (rules.faceDown) {
    for (let i = 0; i < downLo.length; i++) {
      if (i % stride === 0) continue;
      downLo[i] = rng.next() >>> 0;
      downHi[i] = rng.next() >>> 0;
    }
  }
  const redealLo = new Uint32Array(256);
  const redealHi = new Uint32Array(256);
  if (Number.isFinite(rules.redeals)) {
    for (let i = 1; i <= rules.redeals; i++) {
      redealLo[i] = rng.next() >>> 0;
      redealHi[i] = rng.next() >>> 0;
    }
  }
  const splitLo = new Uint32Array(stride + 1);
  const splitHi = new Uint32Array(stride + 1);
  // Wherever several cards are turned at a time: whether a search keys the stock as a set is the
  // search's to say (State.setStockAsSet), and drawn last these leave every other key as it is.
  if (rules.drawCount > 1) {
    for (let i = 1; i <= stride; i++) {
      if (i % rules.drawCount === 0) continue;
      splitLo[i] = rng.next() >>> 0;
      splitHi[i] = rng.next() >>> 0;
    }
  }
  return {
    ...{ lo, hi, stride, identities: rules.identities, baseLo, baseHi, downLo, downHi, redealLo, redealHi, splitLo, splitHi },
    ...{ sharedClass, ownClass },
  };
}
