// The state a search of a position starts from, in the calling thread or a search thread.
import type { Position } from './position.js';
import { compileGame } from './engine/game.js';
import { State } from './engine/state.js';
import { getGame } from './games/index.js';

/**
 * The state a search starts from. A position and its suit images are won or lost together (the
 * compiler turns the swaps on where src/engine/symmetry.ts proves it): one key for all, where
 * host swaps are off. Mamy Susan, measured: seed 28 won in 51 s with it,
 * unknown at 120 s without; of 12 deals unknown at 10 s, 1 won with it, none without; at 19 %
 * fewer positions a second. Where one card is turned at a time and the waste is redealt without
 * limit, positions that differ only in where the stock ends and the waste begins are too
 * (State.setStockAsSet).
 */
export function searchState(position: Position): State {
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  // Host swaps need each position keyed alone (src/search/dominance.ts); where both apply they
  // are kept: Klondike seeds 0..39 at 1M positions, the same 36 decided in 5.19M positions with
  // them against 7.05M with suit images (docs/tuning.md).
  state.setSymmetric(!state.rules.hostSwaps);
  state.setStockAsSet(true);
  return state;
}
