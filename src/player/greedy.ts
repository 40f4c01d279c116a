// The greedy player, a baseline: it looks only at the visible piles and plays, in this order,
//   1. a card home (from the reserve first, then the tableau, then the waste);
//   2. a move that frees a card: reserve to tableau, or a tableau card (or run) that does not sit
//      on a card it builds on, moved onto a pile (not merely into an empty one);
//   3. a waste card to the tableau;
//   4. a draw;
//   5. a redeal (the game loop offers none that brings back a position already met);
// and gives up when none is left. Foundation take-backs, moves of a built card onto another
// pile, and tableau or waste cards into an empty pile it never makes.
import { parseCard } from '../notation/cards.js';
import { follows } from '../games/build.js';
import { getGame } from '../games/index.js';
import type { Player } from './types.js';
import type { View } from './view.js';

/**
 * The greedy player's ranks (higher first; 0 for a move it never makes), read by this file on
 * move text and by the rollouts' base policy (policy.ts) on engine moves.
 */
export const RANK = {
  reserveHome: 50,
  tableauHome: 45,
  wasteHome: 40,
  reserveToTableau: 30,
  freesACard: 25,
  wasteToTableau: 20,
  draw: 10,
  redeal: 5,
  never: 0,
} as const;

/** The greedy player's rank of a move (RANK). */
export function greedyRank(view: View, move: string): number {
  if (move === 'draw') return RANK.draw;
  if (move === 'redeal') return RANK.redeal;
  const m = /^([ftrw])(\d*)(?::(\d+))?>([ft])(\d+)$/.exec(move);
  if (!m) return RANK.never;
  const [, srcKind, srcIndex, countText, dstKind, dstIndex] = m;
  const count = Number(countText ?? 1);
  const pile =
    srcKind === 'w'
      ? view.waste
      : srcKind === 't'
        ? view.tableau[Number(srcIndex)]!
        : srcKind === 'r'
          ? view.reserves[Number(srcIndex)]!
          : view.foundations[Number(srcIndex)]!;
  if (srcKind === 'f') return RANK.never;
  if (dstKind === 'f') return srcKind === 'r' ? RANK.reserveHome : srcKind === 't' ? RANK.tableauHome : RANK.wasteHome;
  const dstEmpty = view.tableau[Number(dstIndex)]!.length === 0;
  if (srcKind === 'r') return RANK.reserveToTableau;
  if (srcKind === 'w') return dstEmpty ? RANK.never : RANK.wasteToTableau;
  // A tableau move: worth it if it frees the card beneath (or empties the pile onto a card).
  const below = pile[pile.length - count - 1];
  if (below === undefined) return dstEmpty ? RANK.never : RANK.freesACard;
  const moved = pile[pile.length - count]!;
  const sitsOnBuild = follows(getGame(view.game).tableau.build, parseCard(below), parseCard(moved));
  return sitsOnBuild || dstEmpty ? RANK.never : RANK.freesACard;
}

export const greedyPlayer: Player = (view, legal) => {
  let best: string | null = null;
  let bestRank = 0;
  for (const move of legal) {
    const rank = greedyRank(view, move);
    if (rank > bestRank) {
      best = move;
      bestRank = rank;
    }
  }
  return best;
};
