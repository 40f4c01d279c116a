// The worker thread of the win-rate pool (piscina): plays one deal a task. Each thread keeps one
// Solver and reuses it for every deal (its table is cleared, not reallocated), so a deal's result
// depends only on the task, never on which thread ran it or what it ran before.
import { dealGame } from '../deal.js';
import { getGame } from '../games/index.js';
import { reusableSolver, roundMs, solvePosition } from '../solve.js';
import type { DealOutcome, DealTask } from './types.js';
import { playGame } from '../player/play.js';
import { playerOfLabel } from '../player/players.js';

function thoughtful(task: DealTask): DealOutcome {
  const report = solvePosition(dealGame(getGame(task.game), task.seed), task.settings, reusableSolver(task.settings.memoryMb));
  return {
    result: report.result,
    moves: report.moves.length,
    nodes: report.stats.nodes,
    ms: report.stats.ms,
    ...(report.stats.limit ? { limit: report.stats.limit } : {}),
    tableFull: report.stats.tableFull,
  };
}

/** A player that sees only what a person sees plays the deal to the end (the referee checks it). */
function playing(task: DealTask): DealOutcome {
  const played = playGame(dealGame(getGame(task.game), task.seed), playerOfLabel(task.mode, task.game, task.sampling, task.seed));
  return { result: played.result, moves: played.moves.length, nodes: 0, ms: roundMs(played.ms), tableFull: false };
}

export default function playDeal(task: DealTask): DealOutcome {
  testOnlyCrash(task);
  if (task.mode === 'thoughtful') return thoughtful(task);
  return playing(task);
}

/**
 * TEST-ONLY fault injection, for the tests of crash isolation (test/winrate.cli.test.ts): when
 * the environment variable PATIENCE_TEST_CRASH_SEED equals the task's seed, the worker fails on
 * that deal instead of playing it: it throws, or with PATIENCE_TEST_CRASH_MODE=exit it calls
 * process.exit(1) (the thread dies), or with PATIENCE_TEST_CRASH_MODE=oom it fills its heap until
 * the pool's heap limit kills the thread. Not for normal use.
 */
function testOnlyCrash(task: DealTask): void {
  const seed = process.env.PATIENCE_TEST_CRASH_SEED;
  if (seed === undefined || seed.trim() === '' || Number(seed) !== task.seed) return;
  const mode = process.env.PATIENCE_TEST_CRASH_MODE;
  if (mode === 'exit') process.exit(1);
  if (mode === 'oom') {
    const hoard: unknown[] = [];
    for (;;) hoard.push(new Array(4096).fill(task.seed));
  }
  throw new Error(`test crash on seed ${task.seed} (PATIENCE_TEST_CRASH_SEED)`);
}
