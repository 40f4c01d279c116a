// Move ordering: the search tries first the moves that most often lead to a win. This is
// ordering only (every move is still searched), so it can never make an answer wrong.
import { isShiftHome, moveCount, moveDst, moveSrc, type CardSet } from '../../engine/moves.js';
import { KIND_F, KIND_R, KIND_T, KIND_W } from '../../engine/tables.js';
import type { State } from '../../engine/state.js';
import { mix32 } from '../../engine/zobrist.js';

/**
 * Scores the moves in `moves[at .. at+n)` and sorts them, best first (insertion sort: n is mostly
 * small). They are moves searchMoves wrote for the position `s` holds, with `home` the home set
 * that generation gave.
 * With a `ties` seed other than 0, moves of equal score come in an order drawn from the seed and
 * the position (the same every time), not in the order they were generated; with `noise` too,
 * each score gets 0..noise more, drawn alike, so that nearby scores trade places as well.
 */
export function orderMoves(
  s: State,
  home: CardSet,
  moves: Int32Array,
  at: number,
  n: number,
  scores: Int32Array,
  ties: number,
  noise: number,
): void {
  if (ties === 0) for (let i = 0; i < n; i++) scores[i] = score(s, home, moves[at + i]!);
  else {
    // score * 1024 plus a draw below 1024 * (noise + 1): the draw's high part is the noise, its low part breaks ties.
    const spread = 1024 * (noise + 1);
    for (let i = 0; i < n; i++)
      scores[i] = score(s, home, moves[at + i]!) * 1024 + (mix32((moves[at + i]! ^ ties ^ s.keyLo) >>> 0) % spread);
  }
  for (let i = 1; i < n; i++) {
    const m = moves[at + i]!;
    const v = scores[i]!;
    let j = i - 1;
    while (j >= 0 && scores[j]! < v) {
      moves[at + j + 1] = moves[at + j]!;
      scores[j + 1] = scores[j]!;
      j--;
    }
    moves[at + j + 1] = m;
    scores[j + 1] = v;
  }
}

/**
 * Best first: cards home (from the reserve, then the waste and tableau); a tableau move that
 * uncovers a card that can go home; reserve and waste cards onto the tableau; a tableau move
 * that empties a pile; other tableau moves; a move between foundations (where
 * foundations build both ways, trying it before the draw turned most undecided deals into quick wins);
 * the draw; a card back from a foundation; last a whole pile into an empty one. A stock play
 * comes just after the same move of the waste's top.
 */
function score(s: State, home: CardSet, m: number): number {
  const r = s.rules;
  const src = moveSrc(m);
  const dst = moveDst(m);
  // A stock play (stockplays.ts) just after the waste's own top, as the cards it turns up come later.
  if (src === r.stock) return dst === r.stock ? 90 : r.kindOf[dst] === KIND_F ? 1190 : 490;
  // A shift home (arrangements.ts): a card home from under a run, just after one from a pile's top.
  if (isShiftHome(m)) return 1240;
  const count = moveCount(m);
  const srcKind = r.kindOf[src]!;
  const dstKind = r.kindOf[dst]!;
  const left = s.len[src]! - count;
  if (dstKind === KIND_F) {
    if (srcKind === KIND_F) return 95;
    return 1000 + (srcKind === KIND_R ? 300 : srcKind === KIND_W ? 200 : left === 0 ? 280 : 250);
  }
  // To the tableau.
  if (srcKind === KIND_F) return 10;
  if (srcKind === KIND_R) return 600;
  if (srcKind === KIND_W) return 500;
  if (srcKind === KIND_T) {
    if (left === 0) return s.len[dst] === 0 ? 1 : 450;
    // A tableau move leaves the foundations as they are, so the position's home set says it.
    const exposed = s.cards[src * s.stride + left - 1]!;
    return home.has(exposed) ? 800 : 100;
  }
  return 0;
}
