// Per-position speed at a fixed node budget: solves seeds 0..deals-1 of each game, each at most
// --nodes positions (no time limit, so the search, its node counts and its answers are the same
// on every run whatever the machine's load), one after another on one core. Prints per game the
// positions, the milliseconds (wall clock, and CPU time of this process, which other jobs on a
// shared machine disturb less), nodes/s, and a digest of the answers and winning lines, so two
// versions of the code can be timed in turn (A B A B ...) and shown to search alike. Run it
// under `node --import tsx --cpu-prof bench/speed.ts` to see where the time goes.
//   npx tsx bench/speed.ts [--deals 20] [--nodes 300000] [--game G, any game or reading]
// Instructions a position, undisturbed by other jobs: `valgrind --tool=cachegrind` on dist/ with
// node --single-threaded, less the same run at 1 position a deal.
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { getGame, seedGames } from '../src/games/index.js';
import { Solver } from '../src/search/driver/solver.js';
import { searchState } from '../src/search/start.js';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '20' },
    nodes: { type: 'string', default: '300000' },
    memory: { type: 'string', default: '256' },
    game: { type: 'string' },
  },
});
const deals = Number(values.deals);
const maxNodes = Number(values.nodes);
if (!(deals > 0) || !(maxNodes > 0)) {
  console.error('profile: --deals and --nodes must be positive numbers');
  process.exit(2);
}
const solver = new Solver(Number(values.memory));
// --game takes any game or reading (a variant too); without it, the four seed games.
for (const game of values.game ? [getGame(values.game)] : seedGames()) {
  let nodes = 0;
  let ms = 0;
  let cpuMs = 0;
  let digest = 0;
  const results: string[] = [];
  for (let seed = 0; seed < deals; seed++) {
    const state = searchState(dealGame(game, seed));
    const cpu = process.cpuUsage();
    const found = solver.solve(state, { maxNodes, timeLimitMs: 0 });
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
    nodes += found.nodes;
    ms += found.ms;
    results.push(found.result[0]!);
    for (const m of [found.nodes, found.best, found.bestFirstMove, ...found.moves]) digest = (Math.imul(digest, 31) + m) >>> 0;
  }
  const rate = Math.round(nodes / (ms / 1000));
  console.log(
    `${game.id.padEnd(22)} nodes ${nodes} ms ${ms.toFixed(0)} cpu ${cpuMs.toFixed(0)} nodes/s ${rate} results ${results.join('')} digest ${digest.toString(16)}`,
  );
}
