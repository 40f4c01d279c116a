// The prunings a search of a game runs with, in words, as the compiler derives them from its
// rules (each where its proof's conditions hold): what `solve` names beside a proved loss, so
// that a reader knows what the proof leans on and can re-decide it with `solve --plain`.
import {
  arrangementConditions,
  deadlockConditions,
  hostSwapConditions,
  looseSafeHomeLags,
  safeHomeConditions,
  safeHomeFromWasteConditions,
  stockAsSetConditions,
} from './dominance.js';
import { cardIdentity, suitSwaps } from '../engine/symmetry.js';
import type { Game } from '../games/types.js';
import { takesStockPlays } from './profile.js';

export function prunings(game: Game): string[] {
  const identity = cardIdentity(game);
  const imagesKeyed = suitSwaps(game).length > 0 && hostSwapConditions(game).length > 0 && arrangementConditions(game).length > 0;
  return [
    'positions kept in a table by key, identical piles counted once',
    ...(identity === 'card' ? [] : [`cards of one ${identity === 'rank' ? 'rank' : 'rank and colour'} interchangeable`]),
    // A search keys suit images only where host swaps and arrangement keys are off (useSearchKeys).
    ...(imagesKeyed ? ['a position and its suit swaps (clubs with spades, diamonds with hearts) one'] : []),
    ...(safeHomeConditions(game).length === 0
      ? [
          `a card goes home at once when its suit's lower cards and every card that could be built on it are home${looseSafeHomeLags(game) ? ", or its suit's lower cards, the other colour's up to two ranks below it and its colour's other suit up to three" : ''}${safeHomeFromWasteConditions(game).length ? ' (not a waste card)' : ''}, and such a card is never taken back${game.moves.includes('w>f') ? ' nor laid from the waste on the tableau' : ''}`,
        ]
      : []),
    ...(takesStockPlays(game) ? ['no draw searched alone: draws joined to the play of the card they turn up'] : []),
    // Under a draw of several the stock is keyed exactly where suit images are (State.setStockAsSet).
    ...(stockAsSetConditions(game).length === 0 && (game.stock.drawCount === 1 || !imagesKeyed)
      ? [
          "positions that differ only in where the stock ends and the waste begins taken for one where draws from the stock's start reach both, and for one that reaches the other by draws (redealt without limit)",
        ]
      : []),
    ...(arrangementConditions(game).length === 0
      ? [
          "positions that differ only in where the face-up cards above each pile's lowest lie taken for one, a card home from under a run searched with the run moved onto another card it may lie on",
        ]
      : hostSwapConditions(game).length === 0
        ? ['a run that could lie on either of two free cards kept on the lower, the moves the other allows searched from there']
        : []),
    ...(deadlockConditions(game).length === 0 ? ['a position with tableau cards that can never move counted lost'] : []),
  ];
}
