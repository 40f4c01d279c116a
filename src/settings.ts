// The settings of a search (solve, winrate, the players' rows): the table size and the limits.
import type { Limits } from './search/solver.js';

export interface SolveSettings {
  /** Transposition table size in megabytes. */
  memoryMb: number;
  /** Positions at most (0: none). */
  maxNodes: number;
  /** Seconds at most (0: none). */
  timeLimit: number;
}

export const DEFAULT_SETTINGS: SolveSettings = { memoryMb: 256, maxNodes: 0, timeLimit: 10 };

/** The search's limits from the settings (0: none). */
export const limitsOf = (settings: SolveSettings): Limits => ({ maxNodes: settings.maxNodes, timeLimitMs: settings.timeLimit * 1000 });
