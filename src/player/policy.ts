// The greedy player's order of preference on engine moves, and games played with it to the end
// on a full (sampled) state: the base policy of the rollout player. It reads only what a person
// sees (pile tops, the cards under a moved card, whether a pile is empty); the stock it never
// looks at, so on a sampled state it plays exactly as it would on the real one.
import { applyMove, generateMoves, MAX_MOVES, moveCount, moveDst, moveSrc, redealMove, undoMove } from '../engine/moves.js';
import { KIND_F, KIND_R, KIND_T, KIND_W } from '../engine/tables.js';
import type { State } from '../engine/state.js';
import { RANK } from './greedy.js';

/** The rank greedyRank (greedy.ts) gives the same move, on the engine's move code. */
export function baseRank(s: State, m: number): number {
  const r = s.rules;
  const src = moveSrc(m);
  const dst = moveDst(m);
  if (src === r.stock) return RANK.draw;
  if (src === r.waste && dst === r.waste) return RANK.redeal;
  const from = r.kindOf[src]!;
  if (from === KIND_F) return RANK.never;
  if (r.kindOf[dst] === KIND_F) return from === KIND_R ? RANK.reserveHome : from === KIND_T ? RANK.tableauHome : RANK.wasteHome;
  const dstEmpty = s.len[dst] === 0;
  if (from === KIND_R) return RANK.reserveToTableau;
  if (from === KIND_W) return dstEmpty ? RANK.never : RANK.wasteToTableau;
  const count = moveCount(m);
  const l = s.len[src]!;
  // Nothing seen beneath (an empty pile left, or a face-down card uncovered): as greedyRank, which sees no card there.
  if (l - count <= s.down[src]!) return dstEmpty ? RANK.never : RANK.freesACard;
  const at = src * s.stride + l - count;
  return r.tableauFollows[s.cards[at - 1]! * 52 + s.cards[at]!] === 1 || dstEmpty ? RANK.never : RANK.freesACard;
}

let buffer = new Int32Array(MAX_MOVES);

/** The base policy's move in this state, or -1 when it gives up. */
function baseMove(s: State): number {
  if (buffer.length < s.rules.maxMoves) buffer = new Int32Array(s.rules.maxMoves);
  const n = generateMoves(s, buffer, true);
  let best = -1;
  let bestRank = 0;
  for (let i = 0; i < n; i++) {
    const rank = baseRank(s, buffer[i]!);
    if (rank > bestRank) {
      best = buffer[i]!;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * Plays the base policy from `s` for at most `steps` moves (it ends sooner: each of its moves
 * brings a card home, takes one from the reserve or waste, draws, or puts a tableau card that
 * did not sit on a card it builds on onto one, from where the policy only ever moves it home;
 * a redeal after a pass that took no card out of the stock and waste ends it too), returns the
 * cards home at the end, and undoes its moves.
 */
export function rolloutHome(s: State, steps: number): number {
  const root = s.depth;
  const r = s.rules;
  // Cards in the stock and waste at the last redeal: a pass that took none of them out would
  // only be turned again, so the policy gives up there.
  let turned = -1;
  for (let i = 0; i < steps; i++) {
    const m = baseMove(s);
    if (m < 0) break;
    if (m === redealMove(r)) {
      const left = s.len[r.stock]! + s.len[r.waste]!;
      if (left === turned) break;
      turned = left;
    }
    applyMove(s, m);
  }
  const home = s.foundationCards();
  while (s.depth > root) undoMove(s);
  return home;
}
