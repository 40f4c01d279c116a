// The settings of a search (solve, winrate, the players' rows): the table size and the limits.
import type { Limits } from '../search/driver/solver.js';

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

/** Whether two runs' limits and table are the same. */
export const sameSettings = (a: SolveSettings, b: SolveSettings): boolean =>
  a.timeLimit === b.timeLimit && a.maxNodes === b.maxNodes && a.memoryMb === b.memoryMb;

/**
 * Whether a search under `have` goes at least as far as one under `need`: each limit at least as
 * large (0, none, is larger than any), and a table at least as large.
 */
export function settingsCover(have: SolveSettings, need: SolveSettings): boolean {
  const atLeast = (h: number, n: number): boolean => h === 0 || (n !== 0 && h >= n);
  return atLeast(have.timeLimit, need.timeLimit) && atLeast(have.maxNodes, need.maxNodes) && have.memoryMb >= need.memoryMb;
}
