// How promising a position looks, for the best-first search. It only orders the search, so it
// can never make an answer wrong. The weights are the first ones tried: no others won clearly
// more on the tuning sets (docs/tuning.md); a card home weighs what the pass says (plan.ts,
// BEST_FIRST_PASSES).
import { parseCard } from '../../notation/cards.js';
import { KIND_S, KIND_T, KIND_W, START_BASE, START_NEVER, type GameTables } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';

/** A card lying above one that must go home before it, in the tableau or a reserve. */
const BLOCKER = 40;
/** An empty tableau pile. */
const EMPTY = 30;
/** Each card above the least buried copy of a card some foundation takes now. */
const DIG = 5;
/**
 * A face-down tableau card: where the deal lies face down, turning cards up is what opens it, and
 * counting them wins more deals within a small budget (docs/tuning.md).
 */
const FACE_DOWN = 400;

const orders = new WeakMap<GameTables, Uint8Array>();

/**
 * [base * 52 + card]: how many cards must go onto a foundation before this card can (the fewest
 * over the foundation groups), for each base rank (index 0 alone where there is no base rank;
 * all 0 while the base rank is open, as then nothing is known to block).
 */
export function homeOrder(r: GameTables): Uint8Array {
  let order = orders.get(r);
  if (order) return order;
  order = new Uint8Array(14 * 52);
  const bases = r.usesBaseRank ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] : [0];
  for (const base of bases) {
    const dist = order.subarray(base * 52, base * 52 + 52).fill(255);
    r.game.foundations.forEach((group, g) => {
      const start = r.groupStart[g]!;
      const first = (group.firstCards ?? []).map(parseCard);
      let frontier: number[] = [];
      for (let c = 0; c < 52; c++) {
        if (start === START_NEVER ? first.includes(c) : (c >> 2) + 1 === (start === START_BASE ? base : start)) frontier.push(c);
      }
      for (let d = 0; frontier.length > 0; d++) {
        const next: number[] = [];
        for (const c of frontier) {
          if (dist[c]! <= d) continue;
          dist[c] = d;
          for (let b = 0; b < 52; b++) if (r.foundationFollows[g * 2704 + c * 52 + b] === 1 && dist[b]! > d + 1) next.push(b);
        }
        frontier = next;
      }
    });
  }
  orders.set(r, order);
  return order;
}

/** Per card: the fewest cards above a copy of it (scratch for `evaluate`). */
const buried = new Int32Array(52);
const NOWHERE = 1000;

/** How a pass weighs what the score counts (the other weights are fixed). */
export interface Weights {
  /** A card home. */
  readonly home: number;
  /** A blocker in the waste. */
  readonly wasteBlocker: number;
}

/** The position's score: higher is more promising. */
export function evaluate(s: State, order: Uint8Array, w: Weights): number {
  const r = s.rules;
  const cards = s.cards;
  const stride = s.stride;
  const off = s.base * 52;
  let blockers = 0;
  let wasteBlockers = 0;
  let empty = 0;
  buried.fill(NOWHERE);
  // The foundations come first (piles 0..nFoundations-1): the state counts their cards.
  for (let p = r.nFoundations; p < r.nPiles; p++) {
    const kind = r.kindOf[p]!;
    const l = s.len[p]!;
    if (kind === KIND_S) {
      // A card still in the stock will turn up in its turn: it counts as not buried.
      for (let i = p * stride, end = i + l; i < end; i++) buried[cards[i]!] = 0;
      continue;
    }
    if (l === 0) {
      if (kind === KIND_T) empty++;
      continue;
    }
    let low = 255;
    for (let i = p * stride, end = i + l; i < end; i++) {
      const c = cards[i]!;
      const o = order[off + c]!;
      if (o > low) {
        if (kind === KIND_W) wasteBlockers++;
        else blockers++;
      } else low = o;
      const above = end - 1 - i;
      if (above < buried[c]!) buried[c] = above;
    }
  }
  let dig = 0;
  for (let f = 0; f < r.nFoundations; f++) {
    const l = s.len[f]!;
    let lo = 0;
    let hi = 0;
    if (l === 0) {
      const start = r.groupStart[r.groupOf[f]!]!;
      const rank = start === START_BASE ? s.base : start;
      if (rank > 0) {
        lo = r.rankLo[rank]!;
        hi = r.rankHi[rank]!;
      }
    } else if (l < r.capacity[f]!) {
      const g = r.groupOf[f]! * 52 + cards[f * stride + l - 1]!;
      lo = r.foundationNextLo[g]!;
      hi = r.foundationNextHi[g]!;
    }
    for (; lo !== 0; lo &= lo - 1) dig += depthOf(31 - Math.clz32(lo & -lo));
    for (; hi !== 0; hi &= hi - 1) dig += depthOf(63 - Math.clz32(hi & -hi));
  }
  let faceDown = 0;
  for (let p = r.firstTableau; p < r.firstTableau + r.nTableau; p++) faceDown += s.down[p]!;
  return (
    w.home * s.foundationCards() - FACE_DOWN * faceDown - BLOCKER * blockers - w.wasteBlocker * wasteBlockers + EMPTY * empty - DIG * dig
  );
}

const depthOf = (card: number): number => (buried[card]! < NOWHERE ? buried[card]! : 0);
