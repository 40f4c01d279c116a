// Arrangement keys: where the rules allow them (arrangementConditions in dominance.ts, with the
// proof), a search keys each tableau pile by its face-down cards and its lowest face-up card
// (State.setArrangementKeyed), so positions that differ only in where the other face-up cards lie
// are one class. Its moves leave out those that keep the class, and add the shift home, without
// which a card covered here but free elsewhere in the class would never go home.
import { foundationAccepts, moveCount, moveDst, moveSrc, shiftCount, shiftHomeMove, type CardSet } from '../../engine/moves.js';
import { KIND_T, tableauTakes } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';

/**
 * The moves searched among the `n` written at `at` (returns how many, written from `at`): all but
 * the runs moved from a card that is not its pile's lowest face-up card onto another pile (the
 * class stays), and per face-up card that some foundation takes and a run covers, a shift home:
 * that run onto the first other free card that takes it (of the covered card's host type, so the
 * class stays), then the card home, to each foundation that takes it. `home` is the set of cards a
 * foundation takes now.
 */
export function arrangementMoves(s: State, moves: Int32Array, at: number, n: number, home: CardSet): number {
  const r = s.rules;
  let kept = at;
  for (let i = at; i < at + n; i++) {
    const m = moves[i]!;
    const src = moveSrc(m);
    const rearranges = r.kindOf[src] === KIND_T && r.kindOf[moveDst(m)] === KIND_T && s.len[src]! - moveCount(m) > s.down[src]!;
    if (!rearranges) moves[kept++] = m;
  }
  const ft = r.firstTableau;
  const end = ft + r.nTableau;
  for (let p = ft; p < end; p++) {
    const len = s.len[p]!;
    const base = p * s.stride;
    for (let d = s.down[p]!; d < len - 1; d++) {
      const card = s.cards[base + d]!;
      if (!home.has(card)) continue;
      const via = freePileTaking(s, p, s.cards[base + d + 1]!);
      // Of identical foundations (canonical generation) the first; each other one that takes it too.
      for (let f = 0; f < r.nFoundations && via >= 0; f++) {
        if (s.twinOf[f] !== f || !foundationAccepts(s, f, card)) continue;
        if (kept >= moves.length) throw new Error(`a position of ${r.game.id} has more moves than the places given for them`);
        moves[kept++] = shiftHomeMove(p, f, via, len - d - 1);
      }
    }
  }
  return kept - at;
}

/** The first tableau pile but p whose top takes `card` (of the covered card's host type), or -1. */
function freePileTaking(s: State, p: number, card: number): number {
  const r = s.rules;
  for (let t = r.firstTableau; t < r.firstTableau + r.nTableau; t++) {
    if (t !== p && s.len[t]! > 0 && tableauTakes(r, s.top(t), card)) return t;
  }
  return -1;
}

/** The card a shift home `m` sends home: the one under the run it moves across. */
export const shiftHomeCard = (s: State, m: number): number => {
  const src = moveSrc(m);
  return s.cards[src * s.stride + s.len[src]! - shiftCount(m) - 1]!;
};
