// The state a search of a position starts from, in the calling thread or a search thread.
import type { Position } from '../position/position.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame } from '../games/index.js';
import { pruningsFor } from './prunings/prunings.js';

/** The state a search starts from, keyed as a search keys it (useSearchKeys). */
export function searchState(position: Position): State {
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  useSearchKeys(state);
  return state;
}

/**
 * Keys a state as a search does, each key where the search's prunings allow it
 * (src/search/prunings/prunings.ts): a position and its suit images as one (src/engine/symmetry.ts), which
 * decides deals that are unknown without it, though each position costs more (docs/tuning.md);
 * where the waste is redealt without limit, positions that differ only in where the stock ends and
 * the waste begins as one where draws from an empty waste reach both (State.setStockAsSet); where
 * a pile's face-up cards above its lowest are a built run, positions that differ only in where
 * those cards lie (State.setArrangementKeyed).
 */
export function useSearchKeys(state: State): void {
  const prunings = pruningsFor(state.rules);
  state.setSymmetric(prunings.suitImages);
  state.setStockAsSet(prunings.stockAsSet);
  state.setArrangementKeyed(prunings.arrangements);
}
