// The best player measured (README "Choosing the player"), at five thinking budgets from a
// glance (1) to a long think (5): in Double Signora the rollout player, whose base policy wins
// some deals there; in the other games the sampling player with kept samples, since there the
// greedy base policy wins next to nothing, so rollouts of it cannot tell moves apart, while the
// solver wins most samples within a small budget.
import type { GameId } from '../games/index.js';
import type { DecisionReport, Player } from './greedy.js';
import { rolloutPlayer, type RolloutSettings } from './rollout.js';
import { DEFAULT_SAMPLING, samplingPlayer, type SamplingSettings } from './sampling.js';

export const BUDGETS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_BUDGET = 3;

type Plan = { kind: 'rollout'; samples: number; width: number } | { kind: 'sampling'; samples: number; nodes: number };

const ROLLOUTS: Plan[] = [
  { kind: 'rollout', samples: 1, width: 3 },
  { kind: 'rollout', samples: 2, width: 4 },
  { kind: 'rollout', samples: 4, width: 4 },
  { kind: 'rollout', samples: 8, width: 6 },
  { kind: 'rollout', samples: 16, width: 8 },
];
const SAMPLES: Plan[] = [
  { kind: 'sampling', samples: 2, nodes: 500 },
  { kind: 'sampling', samples: 4, nodes: 1000 },
  { kind: 'sampling', samples: 8, nodes: 3000 },
  { kind: 'sampling', samples: 16, nodes: 6000 },
  { kind: 'sampling', samples: 32, nodes: 12000 },
];

/** Each game's plan at each budget (index budget - 1). */
const PLANS: Record<GameId, Plan[]> = {
  'double-signora': ROLLOUTS,
  'double-aces-and-kings': SAMPLES,
  'double-dot': SAMPLES,
  'mamy-susan': SAMPLES,
};

/** What the best player does in a game at a budget, in words for tables and help. */
export function describeBest(game: GameId, budget: number): string {
  const p = PLANS[game][budget - 1]!;
  return p.kind === 'rollout' ? `rollouts of greedy play, ${p.samples} samples x ${p.width} moves` : `solver on ${p.samples} kept samples of ${p.nodes} positions`;
}

/** The best player for one deal of a game; `seed` seeds its sampling, `dealSeed` tells deals apart. */
export function bestPlayer(game: GameId, budget: number, seed: number, dealSeed: number, report?: DecisionReport): Player {
  const p = PLANS[game][budget - 1];
  if (!p) throw new Error(`no budget ${budget} (budgets ${BUDGETS[0]}..${BUDGETS.at(-1)})`);
  if (p.kind === 'rollout') {
    const settings: RolloutSettings = { samples: p.samples, width: p.width, seed };
    return rolloutPlayer(settings, dealSeed, report);
  }
  const settings: SamplingSettings = { samples: p.samples, nodes: p.nodes, seed, memoryMb: DEFAULT_SAMPLING.memoryMb, keep: true };
  return samplingPlayer(settings, dealSeed, report);
}
