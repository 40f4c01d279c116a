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
 * all, where neither host swaps nor arrangement keys are on: it decides deals that are unknown
 * without it, though each position costs more (docs/tuning.md). Where the waste is redealt without limit, positions
 * that differ only in where the stock ends and the waste begins are one where draws from an empty
 * waste reach both (State.setStockAsSet); where a pile's face-up cards above its lowest are a built run,
 * positions that differ only in where those cards lie (State.setArrangementKeyed).
 */
export function useSearchKeys(state: State): void {
  const r = state.rules;
  // Host swaps and arrangement keys need each position keyed without its suit images
  // (src/search/dominance.ts); where both could hold, they search fewer positions than suit
  // images do (docs/tuning.md).
  state.setSymmetric(!r.hostSwaps && !r.arrangements);
  state.setStockAsSet(true);
  state.setArrangementKeyed(true);
}
