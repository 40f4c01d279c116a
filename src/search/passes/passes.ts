// What a search is made of: passes (one walk of the space, depth-first or best-first, with its
// bounds and seeds) and the stages of a plan that run them (plan.ts lays them out, solver.ts
// runs them).
import { moveDst, moveSrc } from '../../engine/moves.js';
import { KIND_F, KIND_R, KIND_T, KIND_W, type GameTables } from '../../engine/tables.js';
import type { Weights } from './heuristic.js';

/**
 * Whether a move is a shuffle: it neither puts a tableau card home, nor takes a card from a
 * reserve or the waste, nor draws. Lines of many shuffles in a row are what the cheap passes cut.
 */
export function isShuffle(r: GameTables, m: number): boolean {
  const src = moveSrc(m);
  const kind = r.kindOf[src]!;
  return !(kind === KIND_R || kind === KIND_W || src === r.stock || (kind === KIND_T && r.kindOf[moveDst(m)] === KIND_F));
}

/** The shuffle bound of a pass that allows any number in a row. */
export const UNBOUNDED = Infinity;

/** A depth-first pass (depthfirst.ts). */
export interface DepthFirstPass {
  readonly kind: 'depth-first';
  /** Shuffle moves allowed in a row (UNBOUNDED: any number). */
  readonly shuffles: number;
  /** The only rank the first foundation card may have in this pass (0: any). */
  readonly base: number;
  /** A seed for the order of moves of equal score (order.ts; absent: the order they are generated). */
  readonly ties?: number;
  /** With a ties seed: every move's score gets 0..noise more, drawn from that seed (order.ts; absent: none). */
  readonly noise?: number;
}

/** A best-first pass (bestfirst.ts), with the weights of its score (heuristic.ts). */
export interface BestFirstPass extends Weights {
  readonly kind: 'best-first';
  /** Shuffle moves allowed in a row (UNBOUNDED: any number). */
  readonly shuffles: number;
  /** In rounds, the pass may enter its weight times the round's budget. */
  readonly weight: number;
  /** Where `noise` is given: every score gets 0..noise-1 more (one less than a depth-first pass's 0..noise), drawn from the position's key and this seed (bestfirst.ts). */
  readonly ties?: number;
  readonly noise?: number;
}

export type Pass = DepthFirstPass | BestFirstPass;

/** Whether the pass allows every move, so that searching all it allows proves a loss. */
export const allowsEveryMove = (pass: Pass): boolean => pass.shuffles === UNBOUNDED && (pass.kind === 'best-first' || pass.base === 0);

/** One step of a plan, with `share` of what is left of the limits. */
export type Stage = SingleStage | RoundsStage | RestartStage;

/** One pass. */
export interface SingleStage {
  readonly kind: 'single';
  readonly share: number;
  readonly pass: DepthFirstPass;
}

/**
 * Best-first passes taken in turn in rounds, each round doubling the positions a pass may enter
 * (from `firstRoundNodes` times its weight; a pass starts afresh each round); with `maxRounds`,
 * the stage ends undecided after that many rounds.
 */
export interface RoundsStage {
  readonly kind: 'rounds';
  readonly share: number;
  readonly rounds: readonly BestFirstPass[];
  readonly firstRoundNodes: number;
  readonly maxRounds?: number;
  /**
   * Where given: each pass's scores get 0..noise-1 more, drawn with a seed of its own in each
   * round (seeds.ts), so that a round does not begin by searching again what its pass searched
   * in the round before.
   */
  readonly noise?: number;
  /** Added to every noise seed of the stage (another thread's rounds draw other noise: threadPlan). */
  readonly seeds?: number;
}

/**
 * Restarts: the passes taken in turn, again and again, the i-th run (from 1) entering at most
 * `unitNodes` times luby(i) positions (restarts.ts), all within `share`. Stages with the same
 * `schedule` id share one schedule: a later one goes on where the earlier stopped.
 */
export interface RestartStage {
  readonly kind: 'restarts';
  readonly share: number;
  readonly schedule: string;
  readonly restarts: readonly DepthFirstPass[];
  readonly unitNodes: number;
}
