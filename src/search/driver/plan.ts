// The pass plan: which passes a search makes, in what order, with what share of the limits.
// The chosen settings as data and the one function that lays them out for a position; the
// solver (solver.ts) runs the plan. docs/tuning.md has the measurement behind every setting.
import { searchProfile } from './profile.js';
import type { State } from '../../engine/state.js';
import { UNBOUNDED, type BestFirstPass, type DepthFirstPass, type RestartStage, type RoundsStage, type Stage } from '../passes/passes.js';
import { RESTART_SEEDS } from '../passes/seeds.js';

/** Shuffle moves allowed in a row in the cheap passes that come before the exact one. */
const SHUFFLE_BOUNDS = [1, 2, 3, 5, 8];
/** What share of the remaining limits a cheap pass may use, where they are made once each. */
const CHEAP_SHARE = 0.2;
/**
 * Where the first foundation card fixes the base rank, a cheap pass may first be made for each
 * base rank in turn (the choice is made once and decides the whole game), each with this share.
 */
const BASE_SHARE = 0.03;
/** The share of the limits the best-first rounds may use, before the depth-first passes. */
const BEST_FIRST_SHARE = 0.8;
/** The share of what is left of the limits the restarts may use. */
const RESTART_SHARE = 0.8;
/** Positions the stages before the last may enter (at their shares) when the search has no limits. */
export const UNLIMITED_CHEAP_NODES = 25_000_000;

/**
 * Seven best-first passes with a card home worth 100, taken in turn in rounds, each entering at
 * most its weight times the round's budget: different weights and shuffle bounds win different
 * deals, and no one of them wins most of what the seven win together.
 */
const SEVEN_PASSES: readonly BestFirstPass[] = [
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: 2, weight: 4 },
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: UNBOUNDED, weight: 4 },
  { kind: 'best-first', home: 100, wasteBlocker: 70, shuffles: UNBOUNDED, weight: 2 },
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: 1, weight: 1 },
  { kind: 'best-first', home: 100, wasteBlocker: 70, shuffles: 2, weight: 1 },
  { kind: 'best-first', home: 100, wasteBlocker: 120, shuffles: UNBOUNDED, weight: 1 },
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: 3, weight: 1 },
];
/**
 * The seven, then the seven again with a card home worth 60, so that a line that takes cards back
 * off the foundations to dig out the waste is not dropped at once.
 */
const BEST_FIRST_PASSES: readonly BestFirstPass[] = [...SEVEN_PASSES, ...SEVEN_PASSES.map((pass) => ({ ...pass, home: 60 }))];

/** The choices a plan is made of. */
export interface PlanChoices {
  /** The ties seed (order.ts) of the passes made once: base-rank passes, cheap passes, the exact pass. */
  readonly ties: number;
  /** Whether the cheap passes are restarted on Luby's schedule with new ties seeds, or made once each. */
  readonly restarts: boolean;
  /** Where the profile has restarts before its best-first rounds (src/search/driver/profile.ts): their share (0: none). */
  readonly restartsFirst: number;
  /** Where the base rank is open: whether one cheap pass per base rank comes before the rest. */
  readonly basePasses: boolean;
  /** Where the base rank is open: whether the restarted passes fix the base rank, rank after rank. */
  readonly restartBases: boolean;
  /** Positions of a restart of Luby length 1 (RestartStage.unitNodes). */
  readonly restartUnit: number;
  /** Where the game begins with best-first rounds: their passes. */
  readonly bestFirst: readonly BestFirstPass[];
  /** Positions a best-first pass may enter in the first round, times its weight (RoundsStage.firstRoundNodes). */
  readonly roundNodes: number;
  /** The noise on the move scores of every depth-first pass (DepthFirstPass.noise; absent: none). */
  readonly orderNoise?: number;
  /** The noise of the best-first rounds (RoundsStage.noise; absent: none). */
  readonly noise?: number;
  /** Whether the first best-first pass is made once, plain (no noise), at its first round's budget, before the rounds. */
  readonly plainFirstPass?: boolean;
  /** Where a search is keyed by arrangement (State.setArrangementKeyed): the exact pass's share of the limits first (0: none). */
  readonly exactFirst: number;
}

/** The plan of `solve` and `winrate`: the settings that decided most deals on the tuning sets (docs/tuning.md). */
export const CHOSEN: PlanChoices = {
  ties: 1,
  restarts: true,
  restartsFirst: 0.15,
  basePasses: false,
  restartBases: true,
  restartUnit: 5_000,
  bestFirst: BEST_FIRST_PASSES,
  roundNodes: 25_000,
  orderNoise: 60,
  noise: 300,
  plainFirstPass: true,
  exactFirst: 0.8,
};

/**
 * The plan of the players' many small searches (sampling.ts): generation order, each cheap pass
 * once, no noise, so that a decision is the same whenever it is asked again.
 */
export const PLAYER_PLAN: PlanChoices = {
  ties: 0,
  restarts: false,
  restartsFirst: 0,
  basePasses: true,
  restartBases: false,
  restartUnit: 0,
  bestFirst: SEVEN_PASSES,
  roundNodes: 100_000,
  exactFirst: 0,
};

/**
 * The plan for a search from `state`: where it is keyed by arrangement, an exact pass cut at a
 * share of the limits comes first; games marked for it begin with the best-first rounds (after
 * a few restarts where the game has them first, and after one plain pass); then cheap depth-first
 * passes that can find wins but prove nothing, each allowing only a few shuffles between two moves
 * that make progress, so that a win that needs little rearranging is found before the search
 * sinks into the vast space of rearrangements; restarting them with new orders cuts the heavy
 * tail of deals that one order wins at once and another only after millions of positions (Gomes,
 * Selman & Kautz). The last pass allows every move and is exact.
 */
export function passPlan(state: State, choices: PlanChoices = CHOSEN): Stage[] {
  const { ties } = choices;
  const orderNoise = choices.orderNoise ? { noise: choices.orderNoise } : {};
  const plan: Stage[] = [];
  const openBase = state.rules.usesBaseRank && state.base === 0;
  // Where the base rank is open, the restarted passes fix one run after run (the open base first).
  const bases = openBase && choices.restartBases ? [0, ...baseRanksToTry(state)] : [0];
  const restarts: DepthFirstPass[] = [];
  for (let seed = ties, i = 0; seed < ties + RESTART_SEEDS; seed++) {
    for (const shuffles of SHUFFLE_BOUNDS)
      restarts.push({ kind: 'depth-first', shuffles, base: bases[i++ % bases.length]!, ties: seed, ...orderNoise });
  }
  // Every restart stage goes on with one schedule.
  const restartStage = (share: number): RestartStage => ({
    kind: 'restarts',
    share,
    schedule: 'cheap',
    restarts,
    unitNodes: choices.restartUnit,
  });
  const profile = searchProfile(state.rules);
  const exact: DepthFirstPass = { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties, ...orderNoise };
  // Keyed by arrangement, the exact pass decides most of what the rounds leave, and the rounds
  // after it keep their quick wins (docs/tuning.md, the exact pass first). A position typed in
  // that arrangement keys cannot take is searched with exact keys, and as such.
  if (state.arrangementKeyed && choices.exactFirst > 0) plan.push({ kind: 'single', share: choices.exactFirst, pass: exact });
  if (profile.bestFirst) {
    const restartsFirst = profile.restartsBeforeBestFirst ? choices.restartsFirst : 0;
    if (restartsFirst > 0) plan.push(restartStage(restartsFirst));
    if (choices.plainFirstPass)
      plan.push({
        kind: 'rounds',
        share: BEST_FIRST_SHARE,
        rounds: choices.bestFirst.slice(0, 1),
        firstRoundNodes: choices.roundNodes,
        maxRounds: 1,
      });
    const rounds: RoundsStage = {
      kind: 'rounds',
      share: BEST_FIRST_SHARE,
      rounds: choices.bestFirst,
      firstRoundNodes: choices.roundNodes,
      ...(choices.noise ? { noise: choices.noise } : {}),
    };
    plan.push(rounds);
  }
  if (openBase && choices.basePasses) {
    for (const base of baseRanksToTry(state))
      plan.push({ kind: 'single', share: BASE_SHARE, pass: { kind: 'depth-first', shuffles: 2, base, ties, ...orderNoise } });
  }
  if (choices.restarts) plan.push(restartStage(RESTART_SHARE));
  else
    for (const shuffles of SHUFFLE_BOUNDS)
      plan.push({ kind: 'single', share: CHEAP_SHARE, pass: { kind: 'depth-first', shuffles, base: 0, ties, ...orderNoise } });
  plan.push({ kind: 'single', share: 1, pass: exact });
  return plan;
}

/**
 * Every rank, those of the reserve cards nearest the top first: reserve cards play only home,
 * so a base rank that lets the reserve unwind early is the likeliest to win.
 */
function baseRanksToTry(state: State): number[] {
  const r = state.rules;
  const ranks: number[] = [];
  const add = (card: number): void => {
    const rank = (card >> 2) + 1;
    if (!ranks.includes(rank)) ranks.push(rank);
  };
  for (let p = r.firstReserve; p < r.firstReserve + r.nReserves; p++) {
    for (let d = state.len[p]! - 1; d >= 0; d--) add(state.cards[p * state.stride + d]!);
  }
  for (let rank = 1; rank <= 13; rank++) if (!ranks.includes(rank)) ranks.push(rank);
  return ranks;
}
