// The best player measured (docs/players.md), at five thinking budgets from a
// glance (1) to a long think (5), its plan chosen from features of the rules, never a game's
// name: where the first foundation card fixes a base rank (Double Signora) the rollout player,
// whose greedy base policy wins some deals there; elsewhere the sampling player, since there the
// greedy policy wins next to nothing, so rollouts of it cannot tell moves apart, while the solver
// wins most samples within a small budget. Its samples are kept from one decision to the next
// except where a draw deals onto every tableau pile (Double Dot), where keeping them cost
// strength: at budget 3, seeds 0..399, 384 won with kept samples and 390 with fresh ones.
import { dealsFaceDown } from '../games/deal-order.js';
import { getGame, type Game } from '../games/index.js';
import type { DecisionReport, Player } from './types.js';
import { rolloutPlayer, type RolloutSettings } from './rollout.js';
import { DEFAULT_SAMPLING, samplingPlayer, type SamplingSettings } from './sampling.js';

export const BUDGETS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_BUDGET = 3;

type Plan = { kind: 'rollout'; samples: number; width: number } | { kind: 'sampling'; samples: number; nodes: number; keep: boolean };

const rollouts = (samples: number, width: number): Plan => ({ kind: 'rollout', samples, width });
const solves = (samples: number, nodes: number): Plan => ({ kind: 'sampling', samples, nodes, keep: true });
const freshSolves = (samples: number, nodes: number): Plan => ({ kind: 'sampling', samples, nodes, keep: false });

/**
 * The plans at budgets 1..5. Budget 3, the default, is what fits 1000 deals of each of the four
 * seed games into an hour on 2 cores (docs/players.md has the measurements). Base rank
 * (Double Signora, seeds 0..59): 16 won with 4 samples of 3 candidate moves, 18 with 4 of 4 at a
 * fifth more cost. One-card slots (Double Aces and Kings, seeds 0..19): about as many with 2
 * samples of 1000 positions (16) as with 4 of 1500 (17) or 8 of 3000 (18), at a seventh of the
 * cost of the last. A building tableau (Mamy Susan, seeds 0..39): 6 with 2 x 1000 and 4 x 1500,
 * 7 with 4 x 3000, 9 with 8 x 2000, 10 with 6 x 3000.
 */
const BASE_RANK = [rollouts(1, 2), rollouts(2, 3), rollouts(4, 3), rollouts(8, 6), rollouts(16, 8)];
const DEALT_ONTO_EVERY_PILE = [
  freshSolves(1, 300),
  freshSolves(2, 1000),
  freshSolves(8, 3000),
  freshSolves(16, 6000),
  freshSolves(32, 12000),
];
const SLOTS = [solves(1, 300), solves(1, 1000), solves(2, 1000), solves(4, 1500), solves(8, 3000)];
const BUILDING = [solves(1, 300), solves(2, 1000), solves(6, 3000), solves(8, 4000), solves(16, 6000)];
/**
 * Face-down tableau cards (Klondike draw 3, seeds 0..99): the solver wins few samples within a
 * small budget while many cards are hidden (22 of 100 deals at 3,000 positions, 48 at 20,000, all
 * cards known), so more of them count: 25 won with 6 samples of 3,000, 29 with 16 x 3,000, 31
 * with 32 x 3,000, 35 with 16 x 6,000 (about 2 s a game), 31 with 32 x 6,000.
 */
const FACE_DOWN = [solves(2, 1000), solves(6, 3000), solves(16, 6000), solves(32, 6000), solves(32, 12000)];

function plans(game: Game): Plan[] {
  if (game.foundations.some((g) => g.start === 'base-rank')) return BASE_RANK;
  if (game.stock.draw === 'to-every-tableau-pile') return DEALT_ONTO_EVERY_PILE;
  if (dealsFaceDown(game)) return FACE_DOWN;
  return game.tableau.capacity === 1 ? SLOTS : BUILDING;
}

/** What the best player does in a game at a budget, in words for tables and help. */
export function describeBest(game: string, budget: number): string {
  const p = plans(getGame(game))[budget - 1]!;
  return p.kind === 'rollout'
    ? `rollouts of greedy play, ${p.samples} samples x ${p.width} moves`
    : `solver on ${p.samples} ${p.keep ? 'kept' : 'fresh'} samples of ${p.nodes} positions`;
}

/** The best player for one deal of a game; `seed` seeds its sampling, `dealSeed` tells deals apart. */
export function bestPlayer(game: string, budget: number, seed: number, dealSeed: number, report?: DecisionReport): Player {
  const p = plans(getGame(game))[budget - 1];
  if (!p) throw new Error(`no budget ${budget} (budgets ${BUDGETS[0]}..${BUDGETS.at(-1)})`);
  if (p.kind === 'rollout') {
    const settings: RolloutSettings = { samples: p.samples, width: p.width, seed };
    return rolloutPlayer(settings, dealSeed, report);
  }
  const settings: SamplingSettings = { samples: p.samples, nodes: p.nodes, seed, memoryMb: DEFAULT_SAMPLING.memoryMb, keep: p.keep };
  return samplingPlayer(settings, dealSeed, report);
}
