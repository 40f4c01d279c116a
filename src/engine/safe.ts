// Moves the search makes at once, without trying the alternatives, because a proof shows that
// doing so never loses a win. Only where a game's file gives the proof.
import { KIND_F } from './rules.js';
import type { State } from './state.js';

/**
 * A move home that is safe to make at once, with no alternative searched, or -1. For games whose
 * foundations build up in suit from the Ace (Mamy Susan): a card whose lower ranks are all home
 * already. The proof is in the game's file (src/games/mamy-susan.ts).
 */
export function safeHomeMove(s: State, moves: Int32Array, at: number, n: number): number {
  const r = s.rules;
  let lowest = 13;
  for (let f = 0; f < r.nFoundations; f++) if (s.len[f]! < lowest) lowest = s.len[f]!;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = m & 255;
    if (src === r.stock || r.kindOf[(m >>> 8) & 255] !== KIND_F || r.kindOf[src] === KIND_F) continue;
    if ((s.top(src) >> 2) + 1 <= lowest + 1) return m;
  }
  return -1;
}
