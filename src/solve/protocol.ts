// The messages between `solve --threads` (solve.ts, solvePositionOnThreads) and its search
// threads (thread.ts, piscina workers): what a thread is given and what it answers.
import type { Position } from '../position/position.js';
import type { SearchResult } from '../search/driver/solver.js';
import type { SolveSettings } from './settings.js';

/** What a search thread is given. */
export interface ThreadTask {
  position: Position;
  settings: SolveSettings;
  thread: number;
  /** Shared: set to 1 to stop the thread's search (it then answers at once, as at its time limit). */
  stop: Int32Array;
}
/** What it answers: the search's result, or the error that stopped it (a UsageError's message is the user's fault). */
export type ThreadAnswer = { found: SearchResult } | { error: string; usage: boolean };
