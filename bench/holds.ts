// The take-back rule measured (src/search/holds.ts): the exact pass alone (every move allowed;
// the pass that can prove a loss) from late positions of real deals, with and without the rule,
// at a fixed node budget (node counts: deterministic, unlike times on a shared machine).
// Positions: the first deals of each game that results/thoughtful.csv has as unknown (Double
// Dot, which has none: seeds 0..), played by
// the greedy player to its end and then `back` moves before it. Prints, per game and variant,
// how many the pass finished (won or lost) and the positions it entered; a position both
// variants finish must get the same answer (the check on positions the plain search of
// test/prove.test.ts cannot finish).
//   npx tsx bench/holds.ts [--deals 8] [--back 0,10,40] [--nodes 1000000] [--game G]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealGame, type Position } from '../src/deal.js';
import { compileGame } from '../src/engine/game.js';
import { State } from '../src/engine/state.js';
import { GAMES } from '../src/games/index.js';
import { greedyPlayer } from '../src/player/greedy.js';
import { playGame } from '../src/player/play.js';
import { play } from '../src/referee.js';
import { Solver } from '../src/search/solver.js';
import { UNBOUNDED } from '../src/search/plan.js';
import { parseCsv } from '../src/sim/csv.js';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '8' },
    back: { type: 'string', default: '0,10,40' },
    nodes: { type: 'string', default: '1000000' },
    game: { type: 'string' },
  },
});
const deals = Number(values.deals);
const backs = values.back!.split(',').map(Number);
const maxNodes = Number(values.nodes);
const solver = new Solver(1024);
const exact = [{ share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0 } }] as const;
const [header, ...rows] = parseCsv(readFileSync('results/thoughtful.csv', 'utf8'), 'results/thoughtful.csv');
const column = (name: string): number => header!.indexOf(name);

function late(game: string, seed: number, back: number): Position {
  const deal = dealGame(GAMES.find((g) => g.id === game)!, seed);
  const moves = playGame(deal, greedyPlayer).moves;
  let position = deal;
  for (const move of moves.slice(0, Math.max(0, moves.length - back))) position = play(position, move);
  const { seed: _dealt, ...inProgress } = position;
  return inProgress;
}

for (const game of GAMES.filter((g) => !values.game || g.id === values.game)) {
  // Double Dot has no unknown deal: its first seeds then.
  const unknown = rows.filter((r) => r[column('game')] === game.id && r[column('result')] === 'unknown').map((r) => Number(r[column('seed')]));
  const seeds = (unknown.length ? unknown : Array.from({ length: deals }, (_, i) => i)).slice(0, deals);
  const positions = seeds.flatMap((seed) => backs.map((back) => ({ seed, back, position: late(game.id, seed, back) })));
  const tally = new Map<string, { finished: number; won: number; lost: number; nodes: number; finishedNodes: number }>();
  const answers: string[][] = positions.map(() => []);
  const counts: number[][] = positions.map(() => []);
  for (const rule of [false, true]) {
    const t = { finished: 0, won: 0, lost: 0, nodes: 0, finishedNodes: 0 };
    positions.forEach(({ position }, i) => {
      const state = State.fromPosition(compileGame(game), position);
      state.setSymmetric(true);
      state.setTakeBackRule(rule);
      const found = solver.solve(state, { maxNodes, timeLimitMs: 0 }, exact);
      t.nodes += found.nodes;
      answers[i]!.push(found.result);
      counts[i]!.push(found.nodes);
      if (found.result !== 'unknown') {
        t.finished++;
        t[found.result]++;
        t.finishedNodes += found.nodes;
      }
    });
    tally.set(rule ? 'rule' : 'none', t);
  }
  positions.forEach((p, i) => {
    const [a, b] = answers[i]!;
    if (process.env.VERBOSE) console.log(`${game.id} seed ${p.seed} back ${p.back}: ${a} ${counts[i]![0]} / ${b} ${counts[i]![1]}`);
    if (a !== 'unknown' && b !== 'unknown' && a !== b) console.log(`DISAGREE ${game.id} seed ${p.seed} back ${p.back}: ${a} without the rule, ${b} with`);
  });
  for (const [name, t] of tally) {
    console.log(`${game.id} ${name}: ${positions.length} positions (seeds ${seeds.join(' ')}, back ${backs.join('/')}), finished ${t.finished} (won ${t.won}, lost ${t.lost}), nodes ${t.nodes}, in the finished ${t.finishedNodes}`);
  }
}
