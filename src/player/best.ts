// The best player measured (docs/players.md), at five thinking budgets from a
// glance (1) to a long think (5), its method chosen from features of the rules, never a game's
// name: where the first foundation card fixes a base rank, the rollout player, whose greedy base
// policy wins some deals there; elsewhere the sampling player, since there the greedy policy wins
// next to nothing, so rollouts of it cannot tell moves apart, while the solver wins most samples
// within a small budget. Its samples are kept from one decision to the next except where a draw
// deals onto every tableau pile, where fresh samples played better. Where the tableau is dealt
// face down, the committing player, which scores whole lines up to the next card shown rather
// than voting for single moves.
import { dealsFaceDown } from '../games/deal-order.js';
import { getGame, type Game } from '../games/index.js';
import type { DecisionReport, Player } from './types.js';
import { commitPlayer } from './commit.js';
import { rolloutPlayer, type RolloutSettings } from './rollout.js';
import { DEFAULT_SAMPLING, samplingPlayer, type SamplingSettings } from './sampling.js';

export const BUDGETS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_BUDGET = 3;

type Method =
  | { kind: 'rollout'; samples: number; width: number }
  | { kind: 'sampling'; samples: number; nodes: number; keep: boolean }
  | { kind: 'commit'; samples: number; nodes: number; scoreNodes: number; candidates: number };

const rollouts = (samples: number, width: number): Method => ({ kind: 'rollout', samples, width });
const solves = (samples: number, nodes: number): Method => ({ kind: 'sampling', samples, nodes, keep: true });
const freshSolves = (samples: number, nodes: number): Method => ({ kind: 'sampling', samples, nodes, keep: false });
const commits = (samples: number, nodes: number, scoreNodes: number, candidates: number): Method => ({
  kind: 'commit',
  samples,
  nodes,
  scoreNodes,
  candidates,
});

/**
 * The methods at budgets 1..5. Budget 3, the default, is what fits 1000 deals of each of the four
 * seed games into an hour on 2 cores; at each budget, the settings that won most for their cost
 * on the measured seeds (docs/players.md).
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
 * Face-down tableau cards: commitments scored on kept samples (commit.ts), which won more than
 * voting on the same samples; at budget 3, more samples paid where more commitments scored did
 * not (docs/players.md).
 */
const FACE_DOWN = [
  commits(2, 1000, 500, 2),
  commits(6, 3000, 2000, 3),
  commits(32, 6000, 3000, 4),
  commits(32, 12000, 6000, 4),
  commits(64, 12000, 6000, 4),
];

function methods(game: Game): Method[] {
  if (game.foundations.some((g) => g.start === 'base-rank')) return BASE_RANK;
  if (game.stock.draw === 'to-every-tableau-pile') return DEALT_ONTO_EVERY_PILE;
  if (dealsFaceDown(game)) return FACE_DOWN;
  return game.tableau.capacity === 1 ? SLOTS : BUILDING;
}

/** What the best player does in a game at a budget, in words for tables and help. */
export function describeBest(game: string, budget: number): string {
  const p = methods(getGame(game))[budget - 1]!;
  if (p.kind === 'rollout') return `rollouts of greedy play, ${p.samples} samples x ${p.width} moves`;
  if (p.kind === 'commit')
    return `commitments on ${p.samples} kept samples of ${p.nodes} positions, the ${p.candidates} most proposed scored at ${p.scoreNodes}`;
  return `solver on ${p.samples} ${p.keep ? 'kept' : 'fresh'} samples of ${p.nodes} positions`;
}

/** The best player for one deal of a game; `seed` seeds its sampling, `dealSeed` tells deals apart. */
export function bestPlayer(game: string, budget: number, seed: number, dealSeed: number, report?: DecisionReport): Player {
  const p = methods(getGame(game))[budget - 1];
  if (!p) throw new Error(`no budget ${budget} (budgets ${BUDGETS[0]}..${BUDGETS.at(-1)})`);
  if (p.kind === 'rollout') {
    const settings: RolloutSettings = { samples: p.samples, width: p.width, seed };
    return rolloutPlayer(settings, dealSeed, report);
  }
  if (p.kind === 'commit') {
    const { samples, nodes, scoreNodes, candidates } = p;
    return commitPlayer({ samples, nodes, scoreNodes, candidates, seed, memoryMb: DEFAULT_SAMPLING.memoryMb }, dealSeed, report);
  }
  const settings: SamplingSettings = { samples: p.samples, nodes: p.nodes, seed, memoryMb: DEFAULT_SAMPLING.memoryMb, keep: p.keep };
  return samplingPlayer(settings, dealSeed, report);
}
