// Per-position speed at a fixed node budget: solves seeds 0..deals-1 of each game, each at most
// --nodes positions (no time limit, so the search, its node counts and its answers are the same
// on every run whatever the machine's load), one after another on one core. Prints per game the
// positions, the milliseconds (wall clock, and CPU time of this process, which other jobs on a
// shared machine disturb less), nodes/s, and a digest of the answers and winning lines, so two
// versions of the code can be timed in turn (A B A B ...) and shown to search alike. Run it
// under `node --import tsx --cpu-prof bench/profile.ts` to see where the time goes.
//   npx tsx bench/profile.ts [--deals 20] [--nodes 300000] [--game G]
//
// Measured 1 Dec 2026 (the machine shared with a 2-worker win-rate run and other jobs, so times
// are noisy; node counts, answers and digests were identical in every run), the code before
// (fd5669b) against after (twins compared hash first, tableau moves tried only on piles that
// take the card, mixed pile hashes kept, foundation count kept by push and pop, ordering reading
// the home set), run in turn A B A B ... five times each with the defaults (seeds 0..19, 300k
// positions): median ms before / after, speed-up, positions
// - Double Signora 2512 / 1657, x1.52 (fastest runs 1981 / 1472, x1.35), 1,680,579
// - Double Aces and Kings 628 / 515, x1.22 (547 / 438), 411,429
// - Double Dot 624 / 611, x1.02 (619 / 518, x1.19), 454,720
// - Mamy Susan 6257 / 4214, x1.48 (3922 / 3508, x1.12), 3,072,717
// Machine instructions a position (valgrind --tool=cachegrind on dist/, node --single-threaded,
// less the same run at 1 position a deal; not disturbed by other jobs): Double Signora seeds
// 0..2 at 200k 13,350 -> 10,310 (x1.29), Mamy Susan seeds 0..2 at 100k 17,140 -> 15,300 (x1.12;
// keeping the mixed hashes alone 6 %), Double Dot seeds 0..9 at 100k 14,450 -> 11,470 (x1.26),
// Double Aces and Kings seeds 0..9 at 100k (33k positions in all) 29,500 -> 27,800 (x1.06).
import { parseArgs } from 'node:util';
import { dealGame } from '../src/deal.js';
import { GAMES } from '../src/games/index.js';
import { Solver } from '../src/search/solver.js';
import { searchState } from '../src/search-state.js';

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
for (const game of GAMES.filter((g) => !values.game || g.id === values.game)) {
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
