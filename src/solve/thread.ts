// A search thread of `solve --threads K` (solve.ts, solvePositionOnThreads; a piscina worker):
// searches the position with the plan of its thread number.
import { UsageError } from '../errors.js';
import { searchState } from '../search/start.js';
import { threadPlan } from '../search/driver/thread-plan.js';
import { Solver } from '../search/driver/solver.js';
import { limitsOf } from './settings.js';
import type { ThreadAnswer, ThreadTask } from './protocol.js';
import { workerData } from 'node:worker_threads';
import { addGames, type Game } from '../games/index.js';

// The games the parent added for this run (a rules file, --rule changes), under their ids.
addGames((workerData as { games?: Game[] } | null)?.games ?? []);

export default function searchThread(task: ThreadTask): ThreadAnswer {
  try {
    const state = searchState(task.position);
    const solver = new Solver(task.settings.memoryMb, { stop: task.stop });
    return { found: solver.solve(state, limitsOf(task.settings), threadPlan(state, task.thread)) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e), usage: e instanceof UsageError };
  }
}
