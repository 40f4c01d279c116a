// The tuning bench: a plan over a fixed seed set (bench/seed-sets.ts) at a node budget a deal, so
// the count is exact and repeatable whatever the machine's load, one deal after another on one
// core. Prints a line a deal, then per game how many deals were decided, with their positions.
// Plans: `chosen` (the plan of `solve`; the options below change one of its settings), `players`
// (the players' plan), `exact` (the exact pass alone: it answers lost only when it has searched
// every line), `threadK` (thread K of `solve --threads`, alone: a machine with more cores).
//   npx tsx bench/tail.ts [--plan chosen|players|exact|threadK] [--set NAME|all] [--seeds 0..39,52 --game G]
//     [--nodes 6000000] [--memory 256] [--game G] [--noise N] [--plain-first-pass yes|no]
//     [--order-noise N] [--round-nodes N] [--restarts-first S] [--exact-first S]
// docs/tuning.md has one row per chosen setting, with the command that measured it.
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { formatMove } from '../src/engine/moves.js';
import type { State } from '../src/engine/state.js';
import { getGame } from '../src/games/index.js';
import { replay } from '../src/referee/referee.js';
import { type Stage, UNBOUNDED } from '../src/search/passes/passes.js';
import { CHOSEN, PLAYER_PLAN, passPlan } from '../src/search/driver/plan.js';
import { threadPlan } from '../src/search/driver/thread-plan.js';
import { Solver } from '../src/search/driver/solver.js';
import { searchState } from '../src/search/start.js';
import { SEED_SETS, type SeedSet } from './seed-sets.js';

const { values } = parseArgs({
  options: {
    plan: { type: 'string', default: 'chosen' },
    set: { type: 'string', default: 'all' },
    nodes: { type: 'string', default: '6000000' },
    memory: { type: 'string', default: '256' },
    game: { type: 'string' },
    seeds: { type: 'string' },
    noise: { type: 'string' },
    'plain-first-pass': { type: 'string' },
    'order-noise': { type: 'string' },
    'round-nodes': { type: 'string' },
    'restarts-first': { type: 'string' },
    'exact-first': { type: 'string' },
  },
});

const fail = (message: string): never => {
  console.error(`tail: ${message}`);
  process.exit(2);
};
const whole = (name: string, fallback: number, least: number): number => {
  const text = values[name as keyof typeof values] as string | undefined;
  if (text === undefined) return fallback;
  const n = Number(text);
  return Number.isInteger(n) && n >= least ? n : fail(`--${name} a whole number, ${least} or more`);
};

const tuned = {
  ...CHOSEN,
  noise: whole('noise', CHOSEN.noise ?? 0, 0),
  orderNoise: whole('order-noise', CHOSEN.orderNoise ?? 0, 0),
  roundNodes: whole('round-nodes', CHOSEN.roundNodes, 1),
  restartsFirst: values['restarts-first'] === undefined ? CHOSEN.restartsFirst : Number(values['restarts-first']),
  exactFirst: values['exact-first'] === undefined ? CHOSEN.exactFirst : Number(values['exact-first']),
  plainFirstPass: values['plain-first-pass'] === undefined ? CHOSEN.plainFirstPass : values['plain-first-pass'] === 'yes',
};
if (!(tuned.restartsFirst >= 0 && tuned.restartsFirst < 1)) fail('--restarts-first a share from 0 up to 1');
if (!(tuned.exactFirst >= 0 && tuned.exactFirst < 1)) fail('--exact-first a share from 0 up to 1');
if (!['yes', 'no', undefined].includes(values['plain-first-pass'])) fail('--plain-first-pass yes or no');
const changes = ['noise', 'plain-first-pass', 'order-noise', 'round-nodes', 'restarts-first', 'exact-first'].filter(
  (k) => values[k as keyof typeof values] !== undefined,
);
if (changes.length && values.plan !== 'chosen') fail(`--${changes[0]} changes the chosen plan: only with --plan chosen`);

const PLANS: Record<string, (state: State) => Stage[]> = {
  chosen: (state) => passPlan(state, tuned),
  players: (state) => passPlan(state, PLAYER_PLAN),
  exact: () => [{ kind: 'single', share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties: CHOSEN.ties } }],
};
const threadNumber = /^thread([1-9][0-9]?)$/.exec(values.plan!)?.[1];
const plan = PLANS[values.plan!] ?? (threadNumber ? (state: State) => threadPlan(state, Number(threadNumber)) : undefined);
if (!plan) fail(`--plan one of ${Object.keys(PLANS).join(', ')} or threadK (K 1..99)`);
const maxNodes = Number(values.nodes);
if (!(maxNodes > 0)) fail('--nodes a positive number');

/** `A..B` as the seeds A to B, a lone number as itself (NaN where it is neither). */
function seedRange(text: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(text);
  if (!range) return [Number(text)];
  const [from, to] = [Number(range[1]), Number(range[2])];
  return to >= from ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [Number.NaN];
}

let sets: [string, SeedSet][];
if (values.seeds !== undefined) {
  const seeds = values.seeds.split(',').flatMap(seedRange);
  if (!values.game || !seeds.every((n) => Number.isInteger(n) && n >= 0))
    fail('--seeds a comma list of whole numbers or ranges A..B, with --game');
  sets = [['seeds', { from: '--seeds', seeds: { [values.game as string]: seeds } }]];
} else if (values.set === 'all') sets = ['tail', 'control', 'fresh'].map((name) => [name, SEED_SETS[name]!]);
else if (values.set! in SEED_SETS) sets = [[values.set!, SEED_SETS[values.set!]!]];
else sets = fail(`--set one of all, ${Object.keys(SEED_SETS).join(', ')}`);

const planName = [values.plan, ...changes.map((k) => ` ${k} ${values[k as keyof typeof values]}`)].join('');
const solver = new Solver(Number(values.memory));
const totals: string[] = [];
for (const [name, set] of sets) {
  for (const [game, seeds] of Object.entries(set.seeds) as [string, number[]][]) {
    if (values.game && values.game !== game) continue;
    let decided = 0;
    let nodes = 0;
    let ms = 0;
    const won: number[] = [];
    const lost: number[] = [];
    for (const seed of seeds) {
      const position = dealGame(getGame(game), seed);
      const state = searchState(position);
      const found = solver.solve(state, { maxNodes, timeLimitMs: 0 }, plan!(state));
      if (found.result === 'won') {
        const verdict = replay(
          position,
          found.moves.map((m) => formatMove(state.rules, m)),
        );
        if (!verdict.ok || !verdict.won) throw new Error(`${game} ${seed}: the win fails replay`);
        won.push(seed);
      }
      if (found.result === 'lost') lost.push(seed);
      if (found.result !== 'unknown') decided++;
      nodes += found.nodes;
      ms += found.ms;
      console.log(`${name} ${game} ${seed} ${found.result} ${found.nodes} nodes ${Math.round(found.ms)} ms best ${found.best}`);
    }
    totals.push(
      `${planName} ${name} ${game}: ${decided}/${seeds.length} decided (won ${won.join(' ') || '-'}; lost ${lost.join(' ') || '-'}), ${(nodes / 1e6).toFixed(2)}M nodes, ${(ms / 1000).toFixed(1)} s`,
    );
  }
}
console.log(`--- plan ${planName}, ${maxNodes} nodes a deal`);
for (const line of totals) console.log(line);
