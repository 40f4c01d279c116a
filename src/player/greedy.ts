// The greedy player, a baseline: it looks only at the visible piles and plays, in this order,
//   1. a card home (from the reserve first, then the tableau, then the waste);
//   2. a move that frees a card: reserve to tableau, or a tableau card (or run) that does not sit
//      on a card it builds on, moved onto a pile (not merely into an empty one);
//   3. a waste card to the tableau;
//   4. a draw;
//   5. a redeal (the game loop offers none that brings back a position already met);
// and gives up when none is left. Foundation take-backs, moves of a built card onto another
// pile, and tableau or waste cards into an empty pile it never makes.
import { parseCard } from '../cards.js';
import { follows } from '../games/build.js';
import { getGame } from '../games/index.js';
import type { Player } from './types.js';
import type { View } from './view.js';

/** The greedy player's rank of a move (higher first); 0 for a move it never makes. */
export function greedyRank(view: View, move: string): number {
  if (move === 'draw') return 10;
  if (move === 'redeal') return 5;
  const m = /^([ftrw])(\d*)(?::(\d+))?>([ft])(\d+)$/.exec(move);
  if (!m) return 0;
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
  if (srcKind === 'f') return 0;
  if (dstKind === 'f') return srcKind === 'r' ? 50 : srcKind === 't' ? 45 : 40;
  const dstEmpty = view.tableau[Number(dstIndex)]!.length === 0;
  if (srcKind === 'r') return 30;
  if (srcKind === 'w') return dstEmpty ? 0 : 20;
  // A tableau move: worth it if it frees the card beneath (or empties the pile onto a card).
  const below = pile[pile.length - count - 1];
  if (below === undefined) return dstEmpty ? 0 : 25;
  const moved = pile[pile.length - count]!;
  const sitsOnBuild = follows(getGame(view.game).tableau.build, parseCard(below), parseCard(moved));
  return sitsOnBuild || dstEmpty ? 0 : 25;
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
