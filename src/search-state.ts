// The state a search of a position starts from, in the calling thread or a search thread.
import type { Position } from './position.js';
import { compileGame } from './engine/game.js';
import { State } from './engine/state.js';
import { getGame } from './games/index.js';

/** The state a search starts from, keyed as a search keys it (useSearchKeys). */
export function searchState(position: Position): State {
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  useSearchKeys(state);
  return state;
}

/**
 * Keys a state as a search does, each key where the compiler finds its proof's conditions met.
 * A position and its suit images are won or lost together (src/engine/symmetry.ts): one key for
 * all, where neither host swaps nor arrangement keys are on. Mamy Susan, measured: seed 28 won in
 * 51 s with it, unknown at 120 s without; of 12 deals unknown at 10 s, 1 won with it, none
 * without; at 19 % fewer positions a second. Where the waste is redealt without limit, positions
 * that differ only in where the stock ends and the waste begins are one where draws from an empty
 * waste reach both (State.setStockAsSet); where a pile's face-up cards above its lowest are a built run,
 * positions that differ only in where those cards lie (State.setArrangementKeyed).
 */
export function useSearchKeys(state: State): void {
  const r = state.rules;
  // Host swaps and arrangement keys need each position keyed without its suit images
  // (src/search/dominance.ts). Klondike seeds 0..39 at 1M positions: host swaps decided the same
  // 36 in 5.19M positions as suit images in 7.05M (docs/tuning.md).
  state.setSymmetric(!r.hostSwaps && !r.arrangements);
  state.setStockAsSet(true);
  state.setArrangementKeyed(true);
}
