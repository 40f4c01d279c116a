// The games the page tests show, solved with a node budget (so the same line every run), and the
// positions the engine computes along a line of moves.
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { applyMove, parseMove } from '../../src/engine/moves.js';
import { getGame } from '../../src/games/index.js';
import type { SolveResult } from '../../src/solve/result.js';
import { solvePosition } from '../../src/solve/solve.js';
import { stateOf } from './helpers.js';

/** One deal of each game that the solver wins within a fraction of a second. */
export const SHOWN_DEALS = [
  ['double-signora', 1],
  ['double-aces-and-kings', 1],
  ['double-dot', 2],
  ['mamy-susan', 1],
] as const;

export function solve(position: Position, maxNodes = 5_000_000): SolveResult {
  return solvePosition(position, { memoryMb: 64, maxNodes, timeLimit: 0 });
}

const solved = new Map<string, SolveResult>();

/** A deal solved once per test file (callers must not change the report). */
export function solveDeal(game: string, seed: number): SolveResult {
  const key = `${game} ${seed}`;
  if (!solved.has(key)) solved.set(key, solve(dealGame(getGame(game), seed)));
  return solved.get(key)!;
}

/** positions[k]: the engine's position after the first k moves (the engine, not the referee). */
export function enginePositions(position: Position, moves: readonly string[]): Position[] {
  const state = stateOf(position);
  const out = [state.toPosition()];
  for (const text of moves) {
    const m = parseMove(state.rules, text);
    if (m < 0) throw new Error(`the engine cannot read the move '${text}'`);
    applyMove(state, m);
    out.push(state.toPosition());
  }
  return out;
}
