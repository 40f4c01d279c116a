// The hard-tail measurement: a plan variant over a fixed set of deals at a node budget (exact and
// repeatable, whatever the machine's load), one deal after another on one core. Prints a line a
// deal, then per game how many hard deals were decided and how many control deals were won,
// with their positions. The set: the first 15 Double Signora and 15 Mamy Susan seeds and all 16
// Double Aces and Kings seeds that results/thoughtful.csv (made before 1 Dec 2026) has unknown
// at 10 s ("tail"); 10 won seeds a game, the 5 first and the 5 won with most positions under 3M
// there ("control"); the next 20 unknown seeds a game, not used for tuning ("fresh"); seeds 0..49
// of the games with best-first rounds ("first50"); seeds 0..59 of Double Signora and Mamy Susan
// ("first60"); seeds 0..199 of every game but Double Dot, a set not picked for hardness
// ("first200"); the Double Signora seeds 508..671 unknown at 10 s on 1 Dec afternoon ("ds500");
// the first 40 Double Signora seeds of the 10k study's shard 0 unknown at 10 s with the solver of
// dbcca33, in two sets of 20 ("ds10k", "ds10kb"); the seeds of 0..999 results/thoughtful.csv has
// unknown at 10 s on 2 Dec 2026 (made by 7284649), every game ("now10s": at --nodes 12000000,
// about what 10 s gives); the Mamy Susan seeds of 0..999 it has unknown at 10 s after the noise
// (made by c0ca3af, "left10s"), after the depth-first order noise (made by c467abb, "ms31") and
// after the best-first noise of 300 (made by 2e1921e, "ms21");
// the Double Aces and Kings seeds of 0..9999 unknown at 10 s after the noise, in thoughtful.csv
// and the 10k study's shards ("dak10s"); or `--seeds` of one `--game`. `--plan exact` is the exact
// pass alone (every move, no cut): it answers lost only when it has searched every line;
// `--plan threadK` is thread K's plan of `solve --threads` alone (a machine with more cores).
// --noise, --plain-first-pass, --order-noise, --round-nodes, --restarts-first and --rounds-before-restarts change
// those choices of the chosen plan (plan.ts, CHOSEN).
//   npx tsx bench/tail.ts [--plan chosen] [--seeds 1,2 --game G] [--memory 256] [--set tail|control|fresh|ds500|ds10k|ds10kb|now10s|left10s|ms31|ms21|dak10s|first50|first60|first200|all] [--nodes 6000000] [--game G] [--noise N] [--plain-first-pass yes|no] [--order-noise N] [--round-nodes N] [--restarts-first S] [--rounds-before-restarts N]
import { parseArgs } from 'node:util';
import { dealGame } from '../src/deal.js';
import { formatMove } from '../src/engine/moves.js';
import { getGame, type GameId } from '../src/games/index.js';
import { replay } from '../src/referee.js';
import { CHOSEN, ONCE_EACH, passPlan, SEVEN_PASSES, threadPlan, UNBOUNDED, type PlanChoices, type Stage } from '../src/search/plan.js';
import { Solver } from '../src/search/solver.js';
import { searchState } from '../src/solve.js';
import type { State } from '../src/engine/state.js';

const SETS: Record<string, Partial<Record<GameId, number[]>>> = {
  tail: {
    'double-signora': [0, 36, 52, 81, 83, 84, 86, 89, 91, 116, 130, 150, 176, 205, 216],
    'mamy-susan': [16, 28, 29, 42, 45, 54, 55, 68, 77, 112, 114, 115, 129, 145, 159],
    'double-aces-and-kings': [94, 123, 198, 211, 309, 351, 459, 556, 566, 648, 700, 756, 773, 909, 910, 942],
  },
  control: {
    'double-signora': [1, 2, 3, 4, 5, 626, 804, 619, 324, 397],
    'mamy-susan': [0, 1, 2, 3, 4, 829, 5, 149, 533, 70],
    'double-aces-and-kings': [0, 1, 2, 3, 4, 114, 216, 764, 330, 546],
    'double-dot': [0, 1, 2, 3, 4, 229, 594, 548, 484, 423],
  },
  fresh: {
    'double-signora': [228, 234, 265, 271, 300, 303, 312, 316, 327, 342, 347, 363, 385, 391, 426, 447, 450, 459, 479, 487],
    'mamy-susan': [160, 163, 187, 197, 207, 213, 234, 241, 275, 286, 288, 289, 296, 303, 316, 326, 327, 351, 353, 355],
  },
  ds10k: {
    'double-signora': [4360, 4860, 4892, 4900, 5224, 5468, 5544, 5992, 6076, 6544, 6568, 6788, 6896, 6928, 6996, 7392, 7404, 7440, 8084, 8116],
  },
  ds10kb: {
    'double-signora': [8132, 8304, 8592, 8672, 8944, 8972, 9040, 9068, 9088, 9196, 9264, 9304, 9420, 9428, 9504, 9552, 9588, 9632, 9684, 9940],
  },
  ds500: {
    'double-signora': [508, 538, 543, 560, 565, 571, 573, 574, 575, 591, 597, 626, 629, 643, 648, 655, 663, 668, 669, 671],
  },
  now10s: {
    'mamy-susan': [16, 35, 42, 45, 77, 105, 114, 115, 129, 145, 159, 187, 197, 207, 213, 238, 241, 267, 275, 286, 288, 289, 303, 304, 326, 327, 351, 355, 373, 382, 402, 409, 434, 463, 464, 476, 525, 528, 531, 543, 557, 576, 578, 583, 598, 617, 638, 640, 647, 701, 724, 727, 730, 740, 753, 792, 811, 848, 850, 864, 869, 875, 890, 894, 910, 917, 932, 941, 964, 979, 991],
    'double-signora': [0, 36, 116, 385, 426, 459, 487, 565, 597, 629, 648, 663, 669, 671, 712, 727, 938, 986],
    'double-aces-and-kings': [211, 556, 648],
  },
  left10s: {
    'mamy-susan': [16, 35, 42, 77, 114, 115, 129, 145, 159, 207, 213, 275, 286, 288, 289, 303, 326, 327, 355, 373, 402, 409, 463, 464, 528, 531, 557, 576, 578, 583, 617, 638, 701, 740, 753, 792, 850, 864, 869, 875, 890, 894, 910, 917, 941, 964, 979, 991],
  },
  ms31: {
    'mamy-susan': [16, 42, 77, 115, 145, 207, 213, 275, 286, 326, 402, 409, 463, 464, 528, 531, 557, 576, 583, 701, 740, 792, 869, 875, 890, 894, 910, 941, 964, 979, 991],
  },
  ms21: {
    'mamy-susan': [16, 42, 77, 115, 207, 275, 286, 326, 402, 463, 464, 531, 557, 576, 583, 701, 792, 869, 875, 910, 964],
  },
  dak10s: {
    'double-aces-and-kings': [556, 2326, 2684, 3879, 4205, 4440, 5500, 5734, 6362, 6434, 6443, 6839, 6900, 7431, 7669, 8084, 9714, 9906],
  },
  first50: {
    'mamy-susan': Array.from({ length: 50 }, (_, seed) => seed),
    'double-aces-and-kings': Array.from({ length: 50 }, (_, seed) => seed),
  },
  first200: {
    'mamy-susan': Array.from({ length: 200 }, (_, seed) => seed),
    'double-aces-and-kings': Array.from({ length: 200 }, (_, seed) => seed),
    'double-signora': Array.from({ length: 200 }, (_, seed) => seed),
  },
  first60: {
    'double-signora': Array.from({ length: 60 }, (_, seed) => seed),
    'mamy-susan': Array.from({ length: 60 }, (_, seed) => seed),
  },
};

const { values } = parseArgs({
  options: {
    plan: { type: 'string', default: 'chosen' },
    set: { type: 'string', default: 'all' },
    nodes: { type: 'string', default: '6000000' },
    memory: { type: 'string', default: '256' },
    game: { type: 'string' },
    /** A comma list of seeds of --game to run instead of a set. */
    seeds: { type: 'string' },
    /** The noise of the best-first rounds in the chosen plan (plan.ts, CHOSEN; 0: none). */
    noise: { type: 'string' },
    /** yes or no: whether the chosen plan makes its first best-first pass once, plain, before the rounds. */
    'plain-first-pass': { type: 'string' },
    /** The noise on the depth-first passes' move scores in the chosen plan (0: none). */
    'order-noise': { type: 'string' },
    /** The first round's positions a best-first pass, times its weight, in the chosen plan. */
    'round-nodes': { type: 'string' },
    /** The share of restarts before the best-first rounds in the chosen plan (0: none). */
    'restarts-first': { type: 'string' },
    /** Restarts before the best-first rounds in every game with rounds, after N plain rounds. */
    'rounds-before-restarts': { type: 'string' },
  },
});

const noise = values.noise === undefined ? CHOSEN.noise ?? 0 : Number(values.noise);
const orderNoise = values['order-noise'] === undefined ? CHOSEN.orderNoise ?? 0 : Number(values['order-noise']);
const plainFirstPass = values['plain-first-pass'] === undefined ? CHOSEN.plainFirstPass ?? false : values['plain-first-pass'] === 'yes';
const roundNodes = values['round-nodes'] === undefined ? CHOSEN.roundNodes : Number(values['round-nodes']);
const restartsFirst = values['restarts-first'] === undefined ? CHOSEN.restartsFirst : Number(values['restarts-first']);
const roundsBefore = values['rounds-before-restarts'] === undefined ? undefined : Number(values['rounds-before-restarts']);

/** The chosen plan as it was before the second seven best-first passes, the noise and the plain first pass (laid out by past, below). */
const SEVEN: PlanChoices = { ...CHOSEN, bestFirst: SEVEN_PASSES, roundNodes: 100_000, noise: 0, orderNoise: 0, plainFirstPass: false };
/** ... and before the restarts took the passes in turn per Luby length (the plans measured before build on it). */
const IN_TURN = { ...SEVEN, restartsPerLevel: false };
/** ... and before the restarts fixed the base rank and got shorter. */
const BEFORE_BASES = { ...IN_TURN, basePasses: true, restartBases: false, restartUnit: 50_000 };

/**
 * A plan of the past: until 2 Dec 2026 the restarts came before the best-first rounds in every
 * game with rounds, after one round in Mamy Susan (the game without restarts first now).
 */
const past = (choices: PlanChoices) => (state: State): Stage[] =>
  passPlan(state, { roundsBeforeRestarts: state.rules.restartsBeforeBestFirst ? 0 : 1, ...choices });

/** The plans compared (src/search/plan.ts, CHOSEN, has the comparison). */
const PLANS: Record<string, (state: State) => Stage[]> = {
  'once-each': past(ONCE_EACH),
  ties1: past({ ...ONCE_EACH, ties: 1 }),
  luby: past({ ...BEFORE_BASES, restartsFirst: 0 }),
  'luby-pre': past({ ...BEFORE_BASES, roundsBeforeRestarts: 0 }),
  'luby-pre-ties0': past({ ...BEFORE_BASES, ties: 0 }),
  'luby-pre5': past({ ...BEFORE_BASES, restartsFirst: 0.05 }),
  'luby-mid': past({ ...BEFORE_BASES, roundsBeforeRestarts: 1 }),
  chosen: (state) => passPlan(state, {
    ...CHOSEN,
    restartsFirst,
    roundNodes,
    orderNoise,
    noise,
    plainFirstPass,
    ...(roundsBefore === undefined ? {} : { roundsBeforeRestarts: roundsBefore }),
  }),
  seven: past(SEVEN),
  // Thread 1's plan until 2 Dec 2026 evening: its depth-first stages alone.
  'thread1-depth-first': (state) => threadPlan(state, 1).filter((stage) => !('rounds' in stage)),
  exact: () => [{ share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties: CHOSEN.ties } }],
  'base-passes': past(BEFORE_BASES),
  'base-passes-and-restarts': past({ ...BEFORE_BASES, restartBases: true }),
  'no-base-choice': past({ ...BEFORE_BASES, basePasses: false }),
  'unit-50k': past({ ...IN_TURN, restartUnit: 50_000 }),
  'in-turn': past(IN_TURN),
};

// threadK (thread1, thread2, ...): thread K's plan of `solve --threads` alone.
const threadNumber = /^thread([1-9][0-9]?)$/.exec(values.plan!)?.[1];
const plan = PLANS[values.plan!] ?? (threadNumber ? (state: State) => threadPlan(state, Number(threadNumber)) : undefined);
const maxNodes = Number(values.nodes);
const tunes = ['noise', 'plain-first-pass', 'order-noise', 'round-nodes', 'restarts-first', 'rounds-before-restarts'].some((k) => values[k as keyof typeof values] !== undefined);
const wholeOrZero = (n: number | undefined): boolean => n === undefined || (Number.isInteger(n) && n >= 0);
if (!plan || !(maxNodes > 0) || !(values.set === 'all' || values.set! in SETS) || ![noise, orderNoise, roundsBefore].every(wholeOrZero) || !(Number.isInteger(roundNodes) && roundNodes > 0) || !(restartsFirst >= 0 && restartsFirst < 1) || !['yes', 'no', undefined].includes(values['plain-first-pass']) || (tunes && values.plan !== 'chosen')) {
  console.error(`tail: --plan one of ${Object.keys(PLANS).join(', ')} or threadK (K 1..99); --set one of all, ${Object.keys(SETS).join(', ')}; --nodes a positive number; with --plan chosen only: --noise, --order-noise and --rounds-before-restarts whole numbers, 0 or more, --round-nodes a positive whole number, --restarts-first a share from 0 up to 1, --plain-first-pass yes or no`);
  process.exit(2);
}
const planName = [
  values.plan,
  values.noise === undefined ? '' : ` noise ${noise}`,
  values['plain-first-pass'] === undefined ? '' : ` plain first pass ${values['plain-first-pass']}`,
  values['order-noise'] === undefined ? '' : ` order noise ${orderNoise}`,
  values['round-nodes'] === undefined ? '' : ` rounds from ${roundNodes}`,
  values['restarts-first'] === undefined ? '' : ` restarts first ${restartsFirst}`,
  roundsBefore === undefined ? '' : ` restarts after ${roundsBefore} rounds`,
].join('');
const seedList = values.seeds?.split(',').map(Number);
if (seedList && (!values.game || !seedList.every((n) => Number.isInteger(n) && n >= 0))) {
  console.error('tail: --seeds a comma list of whole numbers, with --game');
  process.exit(2);
}
if (seedList) SETS.seeds = { [values.game as GameId]: seedList };
const solver = new Solver(Number(values.memory));
const sets = seedList ? ['seeds'] : values.set === 'all' ? ['tail', 'control', 'fresh'] : [values.set!];
const totals: string[] = [];
for (const set of sets) {
  for (const [game, seeds] of Object.entries(SETS[set]!) as [GameId, number[]][]) {
    if (values.game && values.game !== game) continue;
    let decided = 0;
    let nodes = 0;
    let ms = 0;
    const won: number[] = [];
    const lost: number[] = [];
    for (const seed of seeds) {
      const position = dealGame(getGame(game), seed);
      const state = searchState(position);
      const found = solver.solve(state, { maxNodes, timeLimitMs: 0 }, plan(state));
      if (found.result === 'won') {
        const verdict = replay(position, found.moves.map((m) => formatMove(state.rules, m)));
        if (!verdict.ok || !verdict.won) throw new Error(`${game} ${seed}: the win fails replay`);
        won.push(seed);
      }
      if (found.result === 'lost') lost.push(seed);
      if (found.result !== 'unknown') decided++;
      nodes += found.nodes;
      ms += found.ms;
      console.log(`${set} ${game} ${seed} ${found.result} ${found.nodes} nodes ${Math.round(found.ms)} ms best ${found.best}`);
    }
    totals.push(`${planName} ${set} ${game}: ${decided}/${seeds.length} decided (won ${won.join(' ') || '-'}; lost ${lost.join(' ') || '-'}), ${(nodes / 1e6).toFixed(2)}M nodes, ${(ms / 1000).toFixed(1)} s`);
  }
}
console.log(`--- plan ${planName}, ${maxNodes} nodes a deal`);
for (const line of totals) console.log(line);
