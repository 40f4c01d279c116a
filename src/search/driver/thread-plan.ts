// The plans of a search on several threads (`solve --threads K`): each thread makes the plan of
// one search (plan.ts) with seeds of its own.
import type { State } from '../../engine/state.js';
import type { DepthFirstPass, Stage } from '../passes/passes.js';
import { threadRoundSeeds, threadTies } from '../passes/seeds.js';
import { passPlan } from './plan.js';

/**
 * The plan of thread `thread` of a search on several threads (`solve --threads K`). Thread 0
 * makes the plan of a single-threaded search; every other thread makes its noisy best-first
 * rounds and its depth-first stages with seeds of its own (seeds.ts), so that no two threads walk
 * the space in the same order; the plain first pass is thread 0's alone.
 */
export function threadPlan(state: State, thread: number): Stage[] {
  const plan = passPlan(state);
  if (thread === 0) return plan;
  const shift = (pass: DepthFirstPass): DepthFirstPass => ({ ...pass, ties: (pass.ties ?? 0) + threadTies(thread) });
  return plan.flatMap((stage): Stage[] => {
    switch (stage.kind) {
      case 'single':
        return [{ ...stage, pass: shift(stage.pass) }];
      case 'restarts':
        return [{ ...stage, restarts: stage.restarts.map(shift) }];
      case 'rounds':
        // A rounds stage without noise walks the same tree on every thread: thread 0's alone.
        return stage.noise ? [{ ...stage, seeds: threadRoundSeeds(thread) }] : [];
    }
  });
}
