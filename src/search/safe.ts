// Moves the search makes at once, without trying the alternatives, because a proof shows that
// doing so never loses a win. Only where a game's file gives the proof.
import { generateMoves, moveDst, moveSrc } from '../engine/moves.js';
import { KIND_F } from '../engine/rules.js';
import type { State } from '../engine/state.js';
import { dropHeldMoves } from './holds.js';

/**
 * A move home that is safe to make at once, with no alternative searched, or -1. For games whose
 * foundations build up in suit from the Ace (Mamy Susan): a card whose lower ranks are all home
 * already. The proof is in the game's file (src/games/mamy-susan.ts).
 */
export function safeHomeMove(s: State, moves: Int32Array, at: number, n: number): number {
  const r = s.rules;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = moveSrc(m);
    if (src === r.stock || r.kindOf[moveDst(m)] !== KIND_F || r.kindOf[src] === KIND_F) continue;
    if (s.lowerRanksHome(s.top(src))) return m;
  }
  return -1;
}

/**
 * The moves a search tries from the position, written at `at`; returns how many: the canonical
 * moves that the take-back rule allows (holds.ts), or the safe move alone where the game has one
 * and it applies (it ends every hold: holds.ts says why that order is sound).
 */
export function searchMoves(s: State, moves: Int32Array, at: number): number {
  const n = generateMoves(s, moves, true, at);
  const safe = s.rules.safeHomeLowerRanks ? safeHomeMove(s, moves, at, n) : -1;
  if (safe < 0) return dropHeldMoves(s, moves, at, n);
  moves[at] = safe;
  return 1;
}
