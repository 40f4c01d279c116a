// The pass plan: which passes a search makes, in what order, with what share of the limits.
// Data and the one function that lays it out for a position; the solver (solver.ts) runs it.
import { moveDst, moveSrc } from '../engine/moves.js';
import { KIND_F, KIND_R, KIND_T, KIND_W, type Rules } from '../engine/rules.js';
import type { State } from '../engine/state.js';
import type { Weights } from './heuristic.js';

/**
 * Whether a move is a shuffle: it neither puts a tableau card home, nor takes a card from a
 * reserve or the waste, nor draws. Lines of many shuffles in a row are what the cheap passes cut.
 */
export function isShuffle(r: Rules, m: number): boolean {
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
  /** Where `noise` is given: every score gets 0..noise-1 more, drawn from the position's key and this seed (bestfirst.ts). */
  readonly ties?: number;
  readonly noise?: number;
}

export type Pass = DepthFirstPass | BestFirstPass;

/**
 * One step of the plan: a pass with `share` of what is left of the limits, or passes taken in
 * turn in rounds, each round doubling the positions a pass may enter (from `firstRoundNodes`
 * times its weight; a pass starts afresh each round), all of them within `share`.
 */
export type Stage =
  | { readonly share: number; readonly pass: DepthFirstPass }
  | RoundsStage
  | RestartStage;

/** Best-first passes in rounds; with `maxRounds`, the stage ends undecided after that many rounds. */
export interface RoundsStage {
  readonly share: number;
  readonly rounds: readonly BestFirstPass[];
  readonly firstRoundNodes: number;
  readonly maxRounds?: number;
  /**
   * Where `noise` is given: from round `noiseFrom` on (from 1), each pass's scores get 0..noise-1
   * more, drawn with a seed of its own in each round (BestFirstPass.ties), so that a round does
   * not begin by searching again what its pass searched in the round before.
   */
  readonly noise?: number;
  readonly noiseFrom?: number;
  /** Added to every noise seed of the stage (another thread's rounds draw other noise: threadPlan). */
  readonly seeds?: number;
}

/**
 * Restarts: the passes taken in turn, again and again, the i-th run (from 1) entering at most
 * `unitNodes` times luby(i) positions, all within `share`; a pass whose space was searched to
 * its end (it and every other pass with its bounds would only do the same again) is dropped.
 */
export interface RestartStage {
  readonly share: number;
  readonly restarts: readonly DepthFirstPass[];
  readonly unitNodes: number;
  /** Whether each Luby length takes the passes in turn on its own (RestartSchedule), or all runs together. */
  readonly perLevel: boolean;
}

/** Luby's universal restart sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (i from 1). */
export function luby(i: number): number {
  for (let k = 1; ; k++) {
    const end = 2 ** k - 1;
    if (i === end) return 2 ** (k - 1);
    if (i < end) return luby(i - (2 ** (k - 1) - 1));
  }
}

/**
 * Which pass each run of restarts makes, with what ties seed and how many units long, and which
 * passes are done. Taken all together (the schedule before the evening of 1 Dec 2026, kept for
 * comparison), run i makes pass i (mod the passes), so the few long runs fall on whichever
 * passes their places in Luby's sequence meet. Per level (`perLevel`), the k-th run of each
 * length makes pass k, so the runs of every length go round the passes (and so round the base
 * ranks and shuffle bounds) in turn; a pass met again at a length, after going round, or at
 * another length is made with its ties seed moved on, so that no run repeats another's order;
 * and a game's later restart stage over the same passes goes on with the same schedule (solver.ts).
 */
export class RestartSchedule {
  /** Whether a run ended DEPTH (its space searched but for lines cut too deep). */
  cut = false;
  private run = 0;
  /** The next place in the passes, per level (log2 of the length; one for all when not per level). */
  private readonly cursor = new Array<number>(32).fill(0);
  private readonly done: boolean[];

  constructor(
    private readonly restarts: readonly DepthFirstPass[],
    private readonly perLevel: boolean,
  ) {
    this.done = new Array<boolean>(restarts.length).fill(false);
  }

  /** The next run, or undefined once every pass is done. */
  next(): { index: number; pass: DepthFirstPass; length: number } | undefined {
    const n = this.restarts.length;
    const length = luby(++this.run);
    const level = this.perLevel ? 31 - Math.clz32(length) : 0;
    let place = this.cursor[level]!;
    for (let tried = 0; this.done[place % n] && tried < n; tried++) place++;
    const index = place % n;
    if (this.done[index]) return undefined;
    this.cursor[level] = place + 1;
    const pass = this.restarts[index]!;
    if (!this.perLevel) return { index, pass, length };
    const ties = (pass.ties ?? 0) + level * LEVEL_SEEDS + Math.floor(place / n) * ROUND_SEEDS;
    return { index, pass: { ...pass, ties }, length };
  }

  /**
   * `pass` searched its whole space (it ended EXHAUSTED, or DEPTH if `cut`): every pass with its
   * bounds is done, as another order of the same moves would search the same space again.
   */
  searched(pass: DepthFirstPass, cut: boolean): void {
    this.cut ||= cut;
    this.restarts.forEach((other, j) => {
      if (other.shuffles === pass.shuffles && other.base === pass.base) this.done[j] = true;
    });
  }
}

/** How far one thread's noise seeds in the best-first rounds lie from the next thread's (a round's seeds are 64 * round + pass + 1). */
const THREAD_ROUND_SEEDS = 1 << 24;
/** How far a level's ties seeds lie from the next level's (above every thread's seeds: threadPlan). */
const LEVEL_SEEDS = 1 << 16;
/**
 * How far a round of the passes at one level lies from the next (above every level's, 32 at
 * most). order.ts mixes the low 32 bits, so the seeds repeat after 2,048 rounds.
 */
const ROUND_SEEDS = 1 << 21;

/** Whether the pass allows every move, so that searching all it allows proves a loss. */
export const allowsEveryMove = (pass: Pass): boolean => pass.shuffles === UNBOUNDED && (pass.kind === 'best-first' || pass.base === 0);

/** Shuffle moves allowed in a row in the cheap passes that come before the exact one. */
const SHUFFLE_BOUNDS = [1, 2, 3, 5, 8];
/** What share of the remaining limits a cheap pass may use, where they are made once each. */
const CHEAP_SHARE = 0.2;
/**
 * Where the first foundation card fixes the base rank, a cheap pass is first made for each base
 * rank in turn (the choice is made once and decides the whole game), each with this share.
 */
const BASE_SHARE = 0.03;
/**
 * The best-first passes as they were until 2 Dec 2026, with a card home worth 100, taken in turn
 * in rounds, each pass entering at most its weight times the round's budget. Different weights
 * and bounds win different deals: of 12 Mamy Susan deals left unknown at 10 s, at 1.5M nodes
 * each, at most 1 shuffle in a row won seeds 69 and 74, 2 with waste blockers at 70 seeds 28
 * and 87, unbounded with waste blockers at 120 seeds 112 and 114. Mamy Susan seeds 0..49 at 2M
 * nodes: the first three alone, one after the other, won 42; all seven in equal parts 39; in
 * rounds from 20k nodes each 37, in these weighted rounds 41. The 26 deals of seeds 0..199 the
 * first three left unknown at 10 s, at 8M nodes: rounds from 20k won 8, these weighted rounds 7.
 */
export const SEVEN_PASSES: readonly BestFirstPass[] = [
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: 2, weight: 4 },
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: UNBOUNDED, weight: 4 },
  { kind: 'best-first', home: 100, wasteBlocker: 70, shuffles: UNBOUNDED, weight: 2 },
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: 1, weight: 1 },
  { kind: 'best-first', home: 100, wasteBlocker: 70, shuffles: 2, weight: 1 },
  { kind: 'best-first', home: 100, wasteBlocker: 120, shuffles: UNBOUNDED, weight: 1 },
  { kind: 'best-first', home: 100, wasteBlocker: 40, shuffles: 3, weight: 1 },
];
/**
 * The best-first passes: the seven, then the seven again with a card home worth 60, so that a
 * line that takes cards back off the foundations to dig out the waste is not dropped at once
 * (in Solvitaire's win of Mamy Susan 28, after the stock is out, the cards home fall from 33 to
 * 22 over some 20,000 moves before the last 112 moves win). Measured on 2 Dec 2026
 * with bench/tail.ts at a node budget a deal (MS: Mamy Susan; won, and the positions of the
 * whole set where they tell). The sets picked for hardness (tail, fresh: deals the seven left
 * unknown) favour any change, so the choice was made on MS seeds 0..199 at 6M (`--set first200`):
 * - the seven alone (`--plan seven`): 178 (219.5M positions); tail 2 of 15, fresh 2 of 20,
 *   first50 at 2M 42.
 * - all seven at home 60 alone, with a King on another tableau card at -100: 172, winning 8 deals
 *   the seven leave (28 29 45 58 61 87 120 163) and leaving 14 they win; tail 5, fresh 5; at
 *   home 80 with the King 174; at home 60 without it first50 39, tail 5, fresh 5; at home 40
 *   first50 36, tail 4, fresh 7.
 * - the seven, then the seven again at home 40, 60 or 80: 181, 185, 182. At 60 (kept): every
 *   deal the seven win but seed 196, and 28 29 58 61 68 87 120 163 (196.1M positions); tail 5
 *   (28 29 54 55 68, 77.7M positions against 82.0M), fresh 4 (160 163 234 353), control 10 of 10
 *   (15.0M positions against 16.3M). Double Aces and Kings: tail 11 of 16 (10 before), first50
 *   at 2M 50 in 2.18M positions, as before; control 10 of 10.
 * - the seven, then four more (home 40 or 60, a King weighed or not, one each): 182; the seven,
 *   then three at home 60 with the King (weights 2, 2, 1): 181; the seven, then the seven at home
 *   60 with the King: 184 (tail 5, fresh 3); the seven, then the seven at home 100 with the King:
 *   176; the seven, then the seven at home 60 with the King, then the seven at home 40: 181; the
 *   seven three times (then at 60 with the King, then at 100 with the King): 178.
 * A King weighed apart (it leaves a tableau card only for home or an empty pile: half the deals
 * with four Kings on top of piles were not won at 10 s, README "Hard deals") added nothing, so
 * the score does not count it. The first seven have the same budgets as before, so a deal they
 * win in the first round is won in the same positions as before.
 */
const BEST_FIRST_PASSES: readonly BestFirstPass[] = [
  ...SEVEN_PASSES,
  ...SEVEN_PASSES.map((pass) => ({ ...pass, home: 60 })),
];
/** The share of the limits the best-first rounds may use, before the depth-first passes. */
const BEST_FIRST_SHARE = 0.8;
/** Positions the cheap passes may enter in all (at their shares) when the search has no limits. */
export const UNLIMITED_CHEAP_NODES = 25_000_000;
/** Restarts (RestartStage): the cheap passes, each bound with ties seeds ties..ties+RESTART_SEEDS-1 in turn. */
export const RESTART_SEEDS = 64;
/** The share of what is left of the limits the restarts may use. */
const RESTART_SHARE = 0.8;

/** The choices a plan is made of: passPlan's were measured best (below); bench/tail.ts compares others. */
export interface PlanChoices {
  /** The ties seed (order.ts) of the passes made once: base-rank passes, cheap passes, the exact pass. */
  readonly ties: number;
  /** Whether the cheap passes are restarted on Luby's schedule with new ties seeds, or made once each. */
  readonly restarts: boolean;
  /** Where the game has restarts before its best-first rounds (Game.restartsBeforeBestFirst): their share (0: none). */
  readonly restartsFirst: number;
  /**
   * For comparisons: restarts before the best-first rounds in every game with rounds, after
   * this many plain rounds (absent: as the game says, after none).
   */
  readonly roundsBeforeRestarts?: number;
  /** Where the base rank is open: whether one cheap pass per base rank comes before the rest. */
  readonly basePasses: boolean;
  /** Where the base rank is open: whether the restarted passes fix the base rank, rank after rank. */
  readonly restartBases: boolean;
  /** Positions of a restart of Luby length 1 (RestartStage.unitNodes). */
  readonly restartUnit: number;
  /** Whether each Luby length takes the restarted passes in turn on its own (RestartSchedule). */
  readonly restartsPerLevel: boolean;
  /** Where the game begins with best-first rounds: their passes. */
  readonly bestFirst: readonly BestFirstPass[];
  /** Positions a best-first pass may enter in the first round, times its weight (RoundsStage.firstRoundNodes). */
  readonly roundNodes: number;
  /** The noise on the move scores of every depth-first pass (DepthFirstPass.noise; absent or 0: none). */
  readonly orderNoise?: number;
  /** The noise of the best-first rounds (RoundsStage.noise; absent or 0: none). */
  readonly noise?: number;
  /** With noise: the first round that has it (RoundsStage.noiseFrom; absent: every round). */
  readonly noiseFrom?: number;
  /** Whether the first best-first pass is made once, plain (no noise), at its first round's budget, before the rounds. */
  readonly plainFirstPass?: boolean;
}

/** The plan before restarts (1 Dec 2026), for comparison: generation order, each cheap pass once. */
export const ONCE_EACH: PlanChoices = { ties: 0, restarts: false, restartsFirst: 0, basePasses: true, restartBases: false, restartUnit: 0, restartsPerLevel: false, bestFirst: SEVEN_PASSES, roundNodes: 100_000 };
/**
 * Measured with `npx tsx bench/tail.ts --plan P --set tail|control` (6M positions a deal, one
 * core): the first 15 Double Signora and 15 Mamy Susan seeds and all 16 Double Aces and Kings
 * seeds results/thoughtful.csv has unknown at 10 s (made before 1 Dec 2026), and 10 won seeds a
 * game as a control. Decided (DS, MS, DAK of 15, 15, 16), positions of the whole tail set:
 * - once-each (ONCE_EACH): 0, 0, 0; 276M. Control: 38 of 40 won, 66.1M (DD 7.8M).
 * - ties1 (ties 1, cheap passes once each): 8, 2, 6; 230M.
 * - luby (ties 1, restarts, none before the best-first rounds): 9, 2, 7; 225M. Control 38 of
 *   40 (another Double Signora deal unknown: 626 for 397), 54.8M (DD 0.49M).
 * - luby-pre (these choices until the base-rank change below): 9, 2, 7; 182M (the Mamy Susan
 *   and Double Aces and Kings wins in 0.7M positions or less, not after 4.8M of best-first
 *   rounds). Control 38 of 40, 33.9M (Mamy
 *   Susan 16.5M against 13.5M: up to 0.9M of restarts in deals the best-first rounds win).
 * - luby-pre5 (5 % of restarts before the best-first rounds): 9, 2, 7 (Mamy Susan 54 and 55 at
 *   5.2-5.5M, past what 10 s gives; control 34.5M: Mamy Susan 12.3M, Double Aces and Kings
 *   5.6M against 0.7M).
 * Mamy Susan seeds 0..49 at 2M (`--set first50 --nodes 2000000`): 43 won by luby, luby-pre5 and
 * luby-pre alike; positions of the wins 11.7M, 11.2M, 14.8M; median of seeds 0..19 109k, 138k,
 * 328k. The depth-first stages alone (thread1) won 26: the best-first rounds stay.
 * Not kept: the exact pass among the restarted ones (Double Signora: the same 9); take-backs
 * tried with the tableau moves in every second seed's passes (Mamy Susan: the same 2); half
 * the limits, not 80 %, for the best-first rounds (Mamy Susan: the same 2); 30 % (Double Aces
 * and Kings, with restarts before: 8, seed 942 too, at 4.8M).
 * Random order among moves of equal score does most of it (ties1); restarts add a few and cut
 * the positions of the wins. On deals not picked for hardness (`--set first60 --nodes 3000000`,
 * seeds 0..59) the plans tie: Double Signora won 53 once-each, 52 luby-pre, 53 with the same
 * restarts from seed 0 (generation order first, `luby-pre-ties0`); Mamy Susan 47, 50, 50; each
 * order wins a few deals the others leave (Double Signora 28, 31, 53 only with generation
 * order). On the tail set luby-pre-ties0 decided 4 of the 15 Double Signora deals, so seed 1.
 * Where the restarts that come first go (luby-mid: after one best-first round, 1.4M positions at
 * most; measured 1 Dec 2026, so a game could choose, Game.roundsBeforeRestarts then): Mamy Susan tail 2
 * of 15 as luby-pre (54, 55, at 2.1M and 1.8M instead of 0.7M), control 14.5M against 16.5M,
 * seeds 0..49 at 2M 42 won against 43 (seed 5 left: luby-pre's restarts win it at 0.2M), the wins
 * 9.7M against 14.8M, the median of seeds 0..19 109k against 328k: Mamy Susan takes it. Double
 * Aces and Kings tail 7 of 16 as luby-pre, seeds 0..49 at 2M all 50, but control 7.7M against
 * 0.7M (five deals the restarts win at once wait for a 1.4M-position round): it keeps luby-pre.
 *
 * Where the base rank is open (Double Signora), measured 1 Dec 2026 evening: before, one cheap
 * pass per base rank came first (3 % of the limits each, a third in all) and the restarts left
 * the base open (`base-passes`); now the restarted passes fix the base rank, run after run: the
 * open base, then the ranks in baseRanksToTry's order, one after another (`unit-50k`, the unit
 * as it then was). Double Signora, decided before / now: `--set ds500 --nodes 8000000` (20
 * deals unknown at 10 s in results/thoughtful.csv of 1 Dec afternoon, seeds 508..671, not used
 * before) 2 / 10; tail at 6M 9 / 9; fresh at 6M 11 / 13; control at 6M 8 / 9 (16.2M / 11.2M
 * positions); first60 at 3M 52 / 57 (35.7M / 26.5M positions; median of seeds 0..19 139k /
 * 101k). Also tried on ds500: the base passes and the base-fixing restarts together (`base-passes-and-restarts`), 8; base passes
 * dropped and the restarts leaving the base open (`no-base-choice`), 1; only fixed bases in the
 * restarts (no open-base run), 8 (and fresh 7). The first foundation card decides the base for
 * the whole game, so a run kept to one base does not spread its positions over 13 games, and
 * every base gets many short runs in new orders instead of one.
 *
 * The restart unit (positions of a run of Luby length 1), measured the same evening: 50k before,
 * 5k now. Double Signora (bench/tail.ts, `--plan chosen` with the unit at 50k, 25k, 15k, 10k,
 * 5k): ds500 at 8M 10, 8, 10, 11, 11 of 20; first60 at 3M 57, 57, 58, 58, 58 of 60 (26.5M,
 * 21.7M, 16.6M, 13.3M, 10.9M positions; median of seeds 0..19 101k, 76k, 61k, 41k, 24k); at 50k
 * and 5k, tail at 6M 9 and 11 of 15, fresh at 6M 13 and 14 of 20 (10k: 11 and 11). Its median
 * deals were won at once by the third run, after two runs at the open base and the reserve's top
 * rank that failed: shorter runs reach the base that wins sooner. With 5k the other games lose
 * nothing: Mamy Susan first50 at 2M the same 42 won in 9.7M positions, tail at 6M the same 2 (54
 * and 55, 3.0M instead of 3.9M); Double Aces and Kings tail at 6M the same 7 of 16, control 0.71M
 * (0.7M), first50 at 2M all 50 (3.8M).
 *
 * Per Luby length (RestartSchedule, `chosen`) against all runs together (`in-turn`, before),
 * measured the evening of 1 Dec 2026, decided (Double Signora unless said): ds10k at 8M 3 / 0
 * of 20 (4892 5468 5544), ds10kb at 8M 1 / 0 (9552) (both sets new: unknown at 10 s in the 10k
 * study); ds500 at 8M 11 / 11 (85.3M / 90.5M positions); tail at 6M 11 / 11; fresh at 6M 13 /
 * 14 (303 left); first60 at 3M 58 / 58 (11.1M / 10.9M; median of seeds 0..19 33k / 24k);
 * control at 6M 10 / 10 (3.62M / 3.31M). Double Aces and Kings: tail at 6M 10 / 7 of 16 (459
 * 700 942 more); first50 at 2M 50 / 50 in 2.18M / 3.84M; control 0.06M / 0.08M. Mamy Susan (its
 * wins come mostly from the best-first rounds): fresh at 6M 2 / 1 (316 more; 1 without the
 * second restart stage going on with the first's schedule), first50 at 2M and control alike
 * (25.74M, 16.25M), tail 2 / 2 (81.96M / 81.03M). Double Dot control 0.10M / 0.08M. More ties
 * seeds alone (1024 instead of 64, RESTART_SEEDS edited) changed nothing: ds10k 0 of 20.
 *
 * Noise in the best-first rounds after the first (`noise`), measured 2 Dec 2026 with `--plan
 * chosen --noise N`. A best-first pass is deterministic, so each round began by searching again
 * the whole of what the pass had searched in the round before, and only then went further. With
 * 0..N-1 added to each score (drawn from the position's key, a new seed each pass and round),
 * each round walks a new tree. The first round (the only one Mamy Susan makes before its
 * restarts) has none, so the deals it wins are won in the same positions. Mamy Susan seeds 0..199
 * at 6M, won with N = 0 (before), 5, 20, 60, 150, 400, 1000: 185, 186, 187, 187, 188, 189, 187;
 * the 71 Mamy Susan deals unknown at 10 s (`--set now10s --nodes 12000000`, about the positions
 * 10 s gives; a set picked for hardness) with N = 20, 60, 150: 25, 30, 35; with 400, 19 of the
 * first 44 where 150 won 24. Scores step by 5 (heuristic.ts), so N = 5 reorders only equal
 * scores; N = 150 is worth one to three cards home: the noise works as a perturbation of the
 * weights, not a tie-break. Of seeds 0..199, 150 left unknown 5 and 56 (won before at 4.5M and
 * 5.3M) and won 45 105 187 196 197 that were unknown; first50 at 2M 43 (42 before; seeds 0..19
 * in the same positions), control 9 of 10 (seed 5 as above). Double Aces and Kings, with 60 and
 * 150 alike: tail 11 of 16 in the same 33.25M positions, first50 at 2M all 50 in the same 2.18M,
 * control alike; now10s at 12M 2 of 3 (211, 648). The cost: with the noise the next node popped
 * lies further from the last in the tree, so the state walks further between them (Mamy Susan
 * tail at 4M, side by side: 1.12M positions a second against 1.24M). At 10 s a deal, Mamy Susan
 * seeds 0..999 unknown 71 -> 48.
 *
 * The rounds after Mamy Susan's restarts begin small again (`laterRoundNodes` then), measured 2
 * Dec 2026 at bc62314 with `--later-round-nodes N` (N times each pass's weight, 28 in all, in the
 * first of them; doubling from there). With the noise every round is a new tree, so the rounds are
 * restarts of a randomized search, and on a heavy tail short runs pay. Before, they went on
 * doubling from the first round (200k, so 5.6M positions for the first of them: at 10 s Mamy
 * Susan's unknown deals never got past it). Won (`--set left10s`, the 48 Mamy Susan deals
 * unknown at 10 s with the noise, at 12M; by 8M / 10M / 12M positions) and `--set first200` at
 * 6M (a set not picked for hardness), N = 200k (before), 50k, 25k, 12.5k, 6.25k:
 * - left10s: 0/9/12, 12/13/14, 11/14/17, 14/17/20, 13/14/18 (25k: 35 114 129 159 288 289 303
 *   327 355 373 402 578 638 740 850 890 917; 12.5k also wins 42, one of the issue's hard deals);
 * - first200: 188, 187, 188, 185, 185 (25k: 35 56 129 won, 70 187 197 not; 185.2M / 185.0M
 *   positions; the deals the first round wins are searched alike, median of seeds 0..19 109k).
 * 25k is kept: the shorter starts win more of the hard set but lose deals of first200. Double
 * Aces and Kings makes no round before its restarts, so its noisy rounds (from its second)
 * went on doubling from its first; now, as Mamy Susan's, they are a stage of their own after one
 * plain round, from 25k. Double Aces and Kings before / after: `--set dak10s` (its 18 deals of
 * 0..9999 unknown at 10 s) at 12M 2 / 6 won (556 2326 3879 5500 6362 6434; 6443 no longer);
 * tail at 6M 11 / 14 of 16 (211 556 909 besides; 33.25M / 28.89M positions); control 10 / 10
 * (0.06M); first50 at 2M 50 / 50 (2.18M, searched alike).
 *
 * No plain round, and no restarts before Mamy Susan's rounds (`roundNodes` 25k with noise from
 * the first round; Game.restartsBeforeBestFirst), measured 2 Dec 2026 (at aa15858 and in scratch
 * copies of it) against the plan of aa15858 (one plain round at 100k, then the noisy rounds from
 * 25k; in Mamy Susan the restarts after the plain round, in Double Aces and Kings before it).
 * Mamy Susan, won, kept / without its restarts first / and without the plain round (now):
 * - left10s at 12M, by 6M / 8M / 10M / 12M: 5/11/14/17 (494.4M positions), 10/13/19/19 (465.9M),
 *   16/19/21/21 (405.6M; 42 617 557 753 besides);
 * - first200 at 6M: 188 (185.0M), 189 (181.6M), 188 (143.2M: 114 won, 120 156 not); the median
 *   of seeds 0..19 109k, 109k, 110k: the noise costs the deals the first round wins nothing.
 * Double Aces and Kings, kept / without its restarts first (not kept) / without the plain round
 * (now): dak10s at 12M 6 / 8 / 8 of 18 (178.4M, 163.1M, 155.1M; 6900 9906 besides); tail at 6M
 * 14 / 15 / 15 of 16 (28.9M, 54.0M, 15.8M; 648 besides); control at 6M 10 / 10 / 10 (0.06M,
 * 13.0M, 0.06M: the restarts win these at once); first50 at 2M 50 / 50 / 49 (2.18M, 7.27M,
 * 4.13M; seed 26 left, won by the plain round at 1.1M); first200 at 2M 200 / - / 199 (5.53M,
 * 6.52M; seed 26). Not kept: the rounds' budgets on Luby's sequence (25k times 1, 1, 2, 1, 1,
 * 2, 4, ...) instead of doubling, Mamy Susan first200 185. Double Signora gains nothing from
 * best-first rounds (with them first, first60 at 3M: of its first 17 deals none won within the
 * rounds' 2.4M; 12 won after them, by the restarts).
 *
 * Noise in the depth-first passes' move order (`orderNoise`), measured 2 Dec 2026 with
 * `--order-noise N`: with a ties seed every move's score gets 0..N more (order.ts), so a restart
 * walks a new order not only among equal moves. Double Signora, won: now10s (its 18 deals of
 * 0..999 unknown at 10 s) at 12M and first200 (seeds 0..199) at 6M, N = 0 (before), 5, 20, 30,
 * 60, 100, 150, 400:
 * - now10s: 0, 2, 2, 4, 8, 9, 10, 9 (60: 0 116 426 487 565 663 669 938; seed 0 is one of the
 *   issue's hard deals; 100 and 400 win 36, another);
 * - first200: 195, -, -, 196, 196, 193, 191, 193 (61.7M, 64.3M at 60, 119.3M at 150);
 * - at 60: ds10k at 8M 4 of 20 (3 before), ds10kb at 8M 10 of 20 (1 before); first60 at 3M 58
 *   (0 won, 52 not; 17.2M positions against 11.1M).
 * Draw 90, a move between foundations 95 and other tableau moves 100 (order.ts) trade places at
 * any N above 10; at 60 also emptying a pile (450) and a waste card to the tableau (500), and
 * cards home from different piles. Mamy Susan and Double Aces and Kings at 60 (their restarts
 * have it too): Mamy Susan first200 at 6M 189 (188 before; 141.7M positions against 143.2M; the
 * median of seeds 0..19 110k as before), left10s at 12M 22 (21 before: 864 besides); Double
 * Aces and Kings tail at 6M 15 of 16 (18.7M against 15.8M), control 10 (0.24M against 0.06M),
 * first200 at 2M 200 (199 before: seed 26 now won by the restarts at 0.2M; 4.88M against
 * 6.52M), dak10s at 12M the same 8 of 18 (150.6M against 155.1M).
 *
 * The best-first noise again, now that the rounds are short (`--noise N`, 2 Dec 2026, with the
 * order noise above): Mamy Susan, won, N = 150 (before), 300, 600: ms31 (its 31 deals of 0..999
 * unknown at 10 s with 150) at 12M 5, 10, 10 (300: 145 213 409 528 740 890 894 941 979 991);
 * first200 at 6M 189, 193, 188 (300: 120 145 156 187 197 besides, seed 3 not, won at 86k with
 * 150; 137.2M positions against 141.7M; the median of seeds 0..19 123k against 110k). Double
 * Aces and Kings, 150 / 300: dak10s at 12M 8 / 7 of 18 (4205 5734 won, 3879 6434 6900 not),
 * tail at 6M 15 / 15 of 16, control 10 / 10, first200 at 2M 200 / 199 (seed 45). 300 is kept
 * for both: Mamy Susan gains on both sets, Double Aces and Kings, whose deals of 0..999 are all
 * won, moves by a deal or two either way.
 *
 * A plain first pass (`plainFirstPass`), measured 2 Dec 2026 evening with `--plain-first-pass
 * yes`: the first best-first pass made once at its first round's budget (100k positions), with
 * no noise, before the noisy rounds. Most Mamy Susan deals are won by that pass, and a plain
 * pass walks its tree far less between the positions it expands (it expands mostly the child of
 * the last one; with the noise the state walks about 12 moves between two, measured on seeds
 * 0..19 at 300k), so its easy deals come faster. Before / with it, won:
 * - Mamy Susan ms21 (its 21 deals of 0..999 unknown at 10 s with 2e1921e) at 12M: 0 / 0;
 *   first200 at 6M: 193 / 193 (140.6M positions; 3 5 16 42 77 115 159 left); seeds 0..19 at 2 s
 *   one after another (bench's set): the median deal 122.9k / 88.6k positions. `npm run bench`
 *   against the code before, three pairs in turn on a machine whose speed wandered (Double
 *   Signora, whose search did not change, x0.93, x1.49, x1.00): Mamy Susan's median x0.76,
 *   x1.11, x0.63.
 * - Double Aces and Kings (the pass after its restarts): dak10s at 12M 7 / 7 of 18 (556 2326
 *   4205 5500 5734 6362 9906); first200 at 2M 199 / 200 (3.81M positions).
 * Tried on the same sets and not kept: noise 450 (Mamy Susan ms21 4 of 21: 326 402 463 557;
 * first200 188); noise in the weights instead of the positions (each round's passes with each
 * weight moved by up to half of itself, drawn per pass and round, so that a pass stays plain and
 * walks little: ms21 2, first200 184; with the noise of 300 as well, ms21 2, first200 186);
 * the noise of each pass in each round 150, 300 or 600 in turn (pass i of round k the (i + k)-th
 * of them; a scratch variant): ms21 3 (42 402 792), first200 189. Between them these variants
 * won 7 of ms21 (42 326 402 463 557 701 792), each at most 4: the deals left are won, if at all,
 * by the draw of the noise, not by any one setting.
 */
export const CHOSEN: PlanChoices = { ties: 1, restarts: true, restartsFirst: 0.15, basePasses: false, restartBases: true, restartUnit: 5_000, restartsPerLevel: true, bestFirst: BEST_FIRST_PASSES, roundNodes: 25_000, orderNoise: 60, noise: 300, plainFirstPass: true };

/**
 * The plan for a search from `state`: games marked for it (Mamy Susan, Double Aces and Kings)
 * begin with the best-first rounds, noisy and short at first, doubling (after a few restarts
 * where the game has them first, and after one plain pass); then cheap depth-first passes that
 * can find wins but prove nothing (the shuffle bounds; where the base rank is open, each run
 * fixes one, or one pass per base rank comes first): each allows only a few shuffles between
 * two moves that make progress, so a win that needs little rearranging is found before the search sinks into the vast space of
 * rearrangements. Restarting them with new orders cuts the heavy tail of deals that one order
 * wins at once and another only after millions of positions (Gomes, Selman & Kautz; Luby's
 * schedule, within a constant factor of the best fixed restart length for any distribution of
 * run lengths). The last pass allows every move and is exact.
 */
export function passPlan(state: State, choices: PlanChoices = CHOSEN): Stage[] {
  const { ties } = choices;
  const orderNoise = choices.orderNoise ? { noise: choices.orderNoise } : {};
  const plan: Stage[] = [];
  const openBase = state.rules.usesBaseRank && state.base === 0;
  const bases = openBase && choices.restartBases ? [0, ...baseRanksToTry(state)] : [0];
  const restarts: DepthFirstPass[] = [];
  for (let seed = ties, i = 0; seed < ties + RESTART_SEEDS; seed++) {
    for (const shuffles of SHUFFLE_BOUNDS) restarts.push({ kind: 'depth-first', shuffles, base: bases[i++ % bases.length]!, ties: seed, ...orderNoise });
  }
  if (state.rules.bestFirst) {
    const restartsFirst = state.rules.restartsBeforeBestFirst || choices.roundsBeforeRestarts !== undefined ? choices.restartsFirst : 0;
    const early = restartsFirst > 0 ? (choices.roundsBeforeRestarts ?? 0) : 0;
    const noiseFrom = choices.noiseFrom ?? 1;
    const rounds = (first: number): RoundsStage => ({
      share: BEST_FIRST_SHARE,
      rounds: choices.bestFirst,
      firstRoundNodes: choices.roundNodes * 2 ** (first - 1),
      ...(choices.noise ? { noise: choices.noise, noiseFrom: Math.max(1, noiseFrom - first + 1) } : {}),
    });
    if (early > 0) plan.push({ ...rounds(1), maxRounds: early });
    if (restartsFirst > 0) plan.push({ share: restartsFirst, restarts, unitNodes: choices.restartUnit, perLevel: choices.restartsPerLevel });
    if (choices.plainFirstPass) plan.push({ share: BEST_FIRST_SHARE, rounds: choices.bestFirst.slice(0, 1), firstRoundNodes: choices.roundNodes, maxRounds: 1 });
    // The rounds go on after the restarts where they stopped (round early + 1).
    plan.push(rounds(early + 1));
  }
  if (openBase && choices.basePasses) {
    for (const base of baseRanksToTry(state)) plan.push({ share: BASE_SHARE, pass: { kind: 'depth-first', shuffles: 2, base, ties, ...orderNoise } });
  }
  if (choices.restarts) plan.push({ share: RESTART_SHARE, restarts, unitNodes: choices.restartUnit, perLevel: choices.restartsPerLevel });
  else for (const shuffles of SHUFFLE_BOUNDS) plan.push({ share: CHEAP_SHARE, pass: { kind: 'depth-first', shuffles, base: 0, ties, ...orderNoise } });
  plan.push({ share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties, ...orderNoise } });
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

/**
 * The plan of thread `thread` of a search on several threads (`solve --threads K`). Thread 0
 * makes the plan of a single-threaded search (`passPlan`); every other thread makes its noisy
 * best-first rounds and its depth-first stages (restarts included), every ties seed moved on by
 * RESTART_SEEDS times its thread number and every noise seed by THREAD_ROUND_SEEDS times it, so
 * that no two threads walk the space in the same order; the plain first pass is thread 0's alone.
 * Measured (before the restarts) on the first 10 Mamy Susan and 10 Double Signora deals unknown
 * at 10 s in results/thoughtful.csv, each plan alone at 8M nodes: the plan of that time decided
 * none; its depth-first passes alone with equal scores ordered by seed 1, 8 (Mamy Susan 54, 55,
 * 112; Double Signora 81, 83, 86, 89, 91), by seed 2, 8 (the same with Double Signora 52 for 81).
 * The other threads made the depth-first stages alone until 2 Dec 2026 evening; with the noisy
 * rounds, their own noise on every thread, `npx tsx bench/tail.ts --plan thread1` against
 * `thread1-depth-first` (thread 1's plan alone, at 12M; thread 0's plan won the 0 and 7 below):
 * Mamy Susan ms21 3 of 21 (402 557 792) against 0; Double Aces and Kings dak10s 8 of 18 (556 2326
 * 4205 5734 6362 6434 6900 9906) against 2 (2326 6362). With thread 0's 7 (556 2326 4205 5500
 * 5734 6362 9906) two threads decide 9 of 18 instead of 7. Double Signora has no rounds: alike.
 */
export function threadPlan(state: State, thread: number): Stage[] {
  const plan = passPlan(state);
  if (thread === 0) return plan;
  const shift = (pass: DepthFirstPass): DepthFirstPass => ({ ...pass, ties: (pass.ties ?? 0) + thread * RESTART_SEEDS });
  // Stages over the same passes keep one shifted list, so that the later goes on with the earlier's schedule.
  const shifted = new Map<readonly DepthFirstPass[], DepthFirstPass[]>();
  const shiftAll = (passes: readonly DepthFirstPass[]): DepthFirstPass[] => {
    let list = shifted.get(passes);
    if (!list) shifted.set(passes, (list = passes.map(shift)));
    return list;
  };
  return plan.flatMap((stage): Stage[] =>
    'pass' in stage ? [{ share: stage.share, pass: shift(stage.pass) }] :
    'restarts' in stage ? [{ ...stage, restarts: shiftAll(stage.restarts) }] :
    stage.noise ? [{ ...stage, seeds: thread * THREAD_ROUND_SEEDS }] :
    [],
  );
}
