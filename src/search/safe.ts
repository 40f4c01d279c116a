// Moves the search makes at once, without trying the alternatives, because a proof shows that
// doing so never loses a win: only where the compiled rules meet the proof's conditions
// (src/search/dominance.ts).
import { drawMove, generateMoves, moveDst, moveSrc, redealMove, type CardSet } from '../engine/moves.js';
import { KIND_F } from '../engine/rules.js';
import type { State } from '../engine/state.js';
import { generateStockPlays } from './stockplays.js';

/**
 * A move home that is safe to make at once, with no alternative searched, or -1: a card whose
 * lower ranks are all home already, in games whose foundations build up in suit from the Ace.
 * The proof and its conditions are in src/search/dominance.ts.
 */
export function safeHomeMove(s: State, moves: Int32Array, at: number, n: number): number {
  const r = s.rules;
  let lowest = 13;
  for (let f = 0; f < r.nFoundations; f++) if (s.len[f]! < lowest) lowest = s.len[f]!;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = moveSrc(m);
    if (src === r.stock || r.kindOf[moveDst(m)] !== KIND_F || r.kindOf[src] === KIND_F || (src === r.waste && !r.safeHomeFromWaste))
      continue;
    if ((s.top(src) >> 2) + 1 <= lowest + 1) return m;
  }
  return -1;
}

/**
 * The moves a search tries from the position, written at `at`; returns how many: the canonical
 * moves (with stock plays for the draw and the redeal where the rules allow them), or the safe
 * move alone where the rules allow it and it applies; `home` as generateMoves sets it.
 */
export function searchMoves(s: State, moves: Int32Array, at: number, home?: CardSet): number {
  const r = s.rules;
  let n = generateMoves(s, moves, true, at, home);
  if (r.stockPlays) {
    // The draw or the redeal, where there is one, is the last move generated.
    const last = moves[at + n - 1];
    if (n > 0 && (last === drawMove(r) || last === redealMove(r))) n--;
    n += generateStockPlays(s, moves, at + n);
  }
  if (!r.safeHomeLowerRanks) return n;
  const safe = safeHomeMove(s, moves, at, n);
  if (safe < 0) return n;
  moves[at] = safe;
  return 1;
}
