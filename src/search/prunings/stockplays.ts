// Stock plays: where the rules allow it (stockPlayConditions in dominance.ts, with its proof), the
// search never draws or redeals alone. It plays any card the draws can turn up, with at most one
// redeal, as one move (src/engine/moves.ts applies it), so that the positions between draws are
// never entered: where several cards are turned at a time and the waste is redealt, the tableau
// would otherwise be searched again after every draw.
// A winning line is written back as the draws, redeals and moves a player makes.
import {
  applyMove,
  type CardSet,
  drawMove,
  encodeMove,
  foundationAccepts,
  isShiftHome,
  isStockPlay,
  MAX_MOVES,
  pilesTaking,
  moveDst,
  moveSrc,
  shiftCount,
  shiftVia,
  redealMove,
  stockPlayMove,
  stockPlayRedeals,
  stockPlaySplit,
} from '../../engine/moves.js';
import { KIND_F, KIND_T, KIND_W } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';

/**
 * Most moves a search may have in one position: the generated ones, a stock play for every
 * waste size (pile lengths are bytes) and pile (at most 32 foundations and 32 tableau piles),
 * and a shift home per card (src/search/prunings/arrangements.ts).
 */
export const MAX_SEARCH_MOVES = MAX_MOVES + 255 * 64 + 52;

/**
 * Writes at `at` the stock plays of the position and returns how many: for every waste size the
 * draws reach (from the waste's size now on, and from an empty waste after a redeal where one is
 * left and it reaches another size), every pile the card turned up there may go to. The waste's
 * top now is not among them (it is an ordinary move). Expects `s.twinOf`, `home` and the piles
 * that take each card (pilesTaking) as generateMoves left them for this position: of identical
 * piles only the first is a destination.
 */
export function generateStockPlays(s: State, out: Int32Array, at: number, home: CardSet): number {
  const r = s.rules;
  const now = s.len[r.waste]!;
  const total = now + s.len[r.stock]!;
  const d = r.drawCount;
  let n = at;
  if (now < total) {
    for (let size = now + d; ; size += d) {
      const split = Math.min(size, total);
      n = playsAt(s, out, n, split, false, home);
      if (split === total) break;
    }
  }
  if (s.redeals < r.redeals && total > 0) {
    for (let size = d; ; size += d) {
      const split = Math.min(size, total);
      // Sizes reached without the redeal are played without it; the size now is the waste's top.
      const reachedAlready = split === now || (split > now && (split === total || (split - now) % d === 0));
      if (!reachedAlready) n = playsAt(s, out, n, split, true, home);
      if (split === total) break;
    }
  }
  return n - at;
}

/** The card a stock play plays. */
export const stockPlayCard = (s: State, m: number): number => cardAt(s, stockPlaySplit(m));

/** The card in the waste's top once it holds `split` cards (the stock's top is drawn first). */
function cardAt(s: State, split: number): number {
  const r = s.rules;
  const inWaste = s.len[r.waste]!;
  return split <= inWaste
    ? s.cards[r.waste * s.stride + split - 1]!
    : s.cards[r.stock * s.stride + s.len[r.stock]! - 1 - (split - 1 - inWaste)]!;
}

/** Writes the stock plays of the card at `split`; returns the new end of `out`. */
function playsAt(s: State, out: Int32Array, n: number, split: number, redeal: boolean, home: CardSet): number {
  const r = s.rules;
  const card = cardAt(s, split);
  const twin = s.twinOf;
  if (r.canMove[KIND_W * 5 + KIND_F] === 1 && home.has(card)) {
    for (let f = 0; f < r.nFoundations; f++) {
      if (twin[f] === f && foundationAccepts(s, f, card)) out[n++] = stockPlayMove(r, f, split, redeal);
    }
  }
  if (r.canMove[KIND_W * 5 + KIND_T] === 1) {
    // In ascending order, as a loop over every tableau pile would give them.
    for (let piles = pilesTaking(s, card); piles !== 0; piles &= piles - 1) {
      const t = r.firstTableau + 31 - Math.clz32(piles & -piles);
      if (twin[t] === t) out[n++] = stockPlayMove(r, t, split, redeal);
    }
  }
  return n;
}

/**
 * Applies `m` to `s` as a player makes it and pushes those moves to `line`: a stock play as its
 * draws (the stock drawn out and a redeal first where it has one) and the move of the waste's top;
 * a shift home (src/search/prunings/arrangements.ts) as the run's move and the card's.
 */
export function applyAsPlayed(s: State, m: number, line: number[]): void {
  const r = s.rules;
  const step = (move: number): void => {
    applyMove(s, move);
    line.push(move);
  };
  if (isShiftHome(m)) {
    step(encodeMove(moveSrc(m), shiftVia(m), shiftCount(m)));
    step(encodeMove(moveSrc(m), moveDst(m), 1));
    return;
  }
  if (!isStockPlay(r, m)) {
    step(m);
    return;
  }
  if (stockPlayRedeals(m)) {
    while (s.len[r.stock]! > 0) step(drawMove(r));
    step(redealMove(r));
  }
  const split = stockPlaySplit(m);
  while (s.len[r.waste]! < split) step(drawMove(r));
  if (s.len[r.waste] !== split) throw new Error(`a stock play to a waste of ${split} cards that the draws pass over`);
  step(encodeMove(r.waste, moveDst(m), 1));
}

/** The first move a player makes of `m` in the position `s` holds: for a stock play, a draw or a redeal; for a shift home, the run's move. */
export function firstAsPlayed(s: State, m: number): number {
  const r = s.rules;
  if (m >= 0 && isShiftHome(m)) return encodeMove(moveSrc(m), shiftVia(m), shiftCount(m));
  if (m < 0 || !isStockPlay(r, m)) return m;
  return stockPlayRedeals(m) && s.len[r.stock] === 0 ? redealMove(r) : drawMove(r);
}
