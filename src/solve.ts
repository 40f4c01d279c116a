// Solving one position: the search, then the independent referee's replay of any win before it
// is reported. A win that fails replay is an engine bug and is thrown, never reported.
import type { Position } from './deal.js';
import { formatMove } from './engine/moves.js';
import { Solver, type Limit } from './search/solver.js';
import { compileGame } from './engine/game.js';
import { State } from './engine/state.js';
import { getGame } from './games/index.js';
import { replay } from './referee.js';
import type { Outcome } from './result.js';

export interface SolveSettings {
  /** Transposition table size in megabytes. */
  memoryMb: number;
  /** Positions at most (0: none). */
  maxNodes: number;
  /** Seconds at most (0: none). */
  timeLimit: number;
}

export const DEFAULT_SETTINGS: SolveSettings = { memoryMb: 256, maxNodes: 0, timeLimit: 10 };

export interface SolveReport {
  game: string;
  seed?: number;
  position: Position;
  result: Outcome;
  moves: string[];
  /** mostHome: the most cards on the foundations in any position the search entered. */
  stats: { nodes: number; ms: number; limit?: Limit; tableFull: boolean; mostHome: number };
}

/** Milliseconds to a tenth, as results report them. */
export const roundMs = (ms: number): number => Math.round(ms * 10) / 10;

let cached: { memoryMb: number; solver: Solver } | undefined;

/**
 * A solver of this table size kept for reuse by this thread: a search clears its table, so the
 * next search does not depend on the previous one, and the table is allocated once.
 */
export function reusableSolver(memoryMb: number): Solver {
  if (cached?.memoryMb !== memoryMb) {
    cached = undefined; // let the old table go before allocating the new one
    cached = { memoryMb, solver: new Solver(memoryMb) };
  }
  return cached.solver;
}

/** Solves with a solver that may be reused (its table is cleared, not reallocated). */
export function solvePosition(position: Position, settings: SolveSettings, solver = new Solver(settings.memoryMb)): SolveReport {
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  const found = solver.solve(state, { maxNodes: settings.maxNodes, timeLimitMs: settings.timeLimit * 1000 });
  const moves = found.moves.map((m) => formatMove(state.rules, m));
  if (found.result === 'won') {
    const verdict = replay(position, moves);
    if (!verdict.ok || !verdict.won) {
      const why = verdict.ok ? 'the line does not win' : `move ${verdict.index + 1} '${verdict.move}': ${verdict.reason}`;
      throw new Error(`engine bug: a win found for ${position.game}${position.seed !== undefined ? ` seed ${position.seed}` : ''} fails replay (${why})`);
    }
  }
  return {
    game: position.game,
    ...(position.seed !== undefined ? { seed: position.seed } : {}),
    position,
    result: found.result,
    moves,
    stats: {
      nodes: found.nodes,
      ms: roundMs(found.ms),
      ...(found.limit ? { limit: found.limit } : {}),
      tableFull: found.tableFull,
      mostHome: found.best,
    },
  };
}
