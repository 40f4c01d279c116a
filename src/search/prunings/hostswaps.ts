// Host swaps: where a tableau card could lie on either of two cards (one deck, built down in
// alternate colour), a run that lies on one while the other is free may move across and back at
// will. The search keeps each such run on the lower-numbered host, moving it there at once, and
// makes the moves that need the other host free from the position with the run moved across
// (the proof and the conditions on the rules are in src/search/prunings/dominance.ts).
import type { State } from '../../engine/state.js';
import { KIND_T, tableauTakes } from '../../engine/tables.js';
import { moveCount, moveDst, moveSrc } from '../../engine/moves.js';

/** The other card a host's card could lie on: same rank, the other suit of its colour. */
const twin = (card: number): number => card ^ 3;

/** Per card: the tableau pile it tops, or -1 (entries reset after each use). */
const topPile = new Int8Array(52).fill(-1);
/** Per group (the lower card of its two hosts): 1 the run lies on the lower host, 2 on the higher, 0 no swap. */
const swap = new Uint8Array(52);
/** Per pile: the index where its longest built run from the top begins. */
const builtFrom = new Int32Array(32);

/** The group a move needs free, as its two hosts' lower card, or -1: the card it lands on, or the top that leaves alone. */
function needs(s: State, m: number): number {
  const r = s.rules;
  const dst = moveDst(m);
  const src = moveSrc(m);
  let card = -1;
  if (r.kindOf[dst] === KIND_T) {
    if (s.len[dst]! > 0) card = s.top(dst);
  } else if (r.kindOf[src] === KIND_T) card = s.top(src);
  if (card < 0) return -1;
  return Math.min(card, twin(card));
}

/**
 * The moves searched from the position among the `n` written at `at` (returns how many are
 * kept): where every swappable run lies on its lower host, all of them; otherwise the move of
 * one such run back to its lower host and the moves that need a higher host's run where it is.
 */
export function hostSwapMoves(s: State, moves: Int32Array, at: number, n: number): number {
  const r = s.rules;
  const ft = r.firstTableau;
  const end = ft + r.nTableau;
  for (let p = ft; p < end; p++) {
    const len = s.len[p]!;
    if (len === 0) continue;
    topPile[s.top(p)] = p;
    let i = len - 1;
    const base = p * s.stride;
    while (i > s.down[p]! && tableauTakes(r, s.cards[base + i - 1]!, s.cards[base + i]!)) i--;
    builtFrom[p - ft] = i;
  }
  // A run from a card resting on host h whose twin tops another pile can swap.
  let away = 0;
  for (let p = ft; p < end; p++) {
    const base = p * s.stride;
    for (let i = builtFrom[p - ft]! + 1; i < s.len[p]!; i++) {
      const host = s.cards[base + i - 1]!;
      if (topPile[twin(host)]! < 0) continue;
      const lower = host < twin(host);
      swap[Math.min(host, twin(host))] = lower ? 1 : 2;
      if (!lower) away++;
    }
  }
  let kept = n;
  let back = -1;
  for (let i = at; i < at + n && away > 0 && back < 0; i++) {
    const m = moves[i]!;
    const g = needs(s, m);
    if (g >= 0 && swap[g] === 2 && isSwap(s, m) && twin(s.top(moveDst(m))) > s.top(moveDst(m))) back = m;
  }
  // Without the swap back among the moves (none is left out by the generator), all are kept.
  if (back >= 0) {
    kept = 0;
    for (let i = at; i < at + n; i++) {
      const m = moves[i]!;
      const g = needs(s, m);
      if (g >= 0 && swap[g] === 2 && !isSwap(s, m)) moves[at + kept++] = m;
    }
    moves[at + kept++] = back;
  }
  for (let p = ft; p < end; p++) {
    if (s.len[p] === 0) continue;
    topPile[s.top(p)] = -1;
    const base = p * s.stride;
    for (let i = builtFrom[p - ft]! + 1; i < s.len[p]!; i++) swap[Math.min(s.cards[base + i - 1]!, twin(s.cards[base + i - 1]!))] = 0;
  }
  return kept;
}

/** Whether the move takes a run off one host onto its twin (builtFrom and topPile filled). */
function isSwap(s: State, m: number): boolean {
  const r = s.rules;
  const src = moveSrc(m);
  const dst = moveDst(m);
  if (r.kindOf[src] !== KIND_T || r.kindOf[dst] !== KIND_T || src === dst || s.len[dst] === 0) return false;
  const i = s.len[src]! - moveCount(m);
  if (i <= builtFrom[src - r.firstTableau]!) return false;
  return s.top(dst) === twin(s.cards[src * s.stride + i - 1]!);
}
