// What the exact pass of a deal spends its positions on: it runs the pass that allows every move
// (no suit keys, the plan's ties seed) to a node budget and splits the new positions it enters
// into their foundations and the rest (tableau, reserves, slots, stock, waste), and counts them
// up to where the face-up tableau cards lie (foundations, stock, waste, reserves and each pile's
// face-down cards kept): the positions a search keyed as lonelybot keys Klondike would enter.
// Where the foundations are Ace piles and King piles (Double Aces and Kings) it counts their
// classes too: moves between foundations pass a card between an Ace pile of height h and a King
// pile of height 13 - h, so a position's foundations are, up to those moves, the Ace and King
// heights left once such pairs are matched, and the number of pairs. Keying a class (with the
// moves of every member) is the reduction docs/open-problems.md weighs. It hooks the search
// context's per-node step, so it is a measurement, not a solver.
//   npx tsx bench/exact-parts.ts --seed N [--game double-aces-and-kings] [--nodes 20000000]
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { mix32 } from '../src/engine/zobrist.js';
import type { State } from '../src/engine/state.js';
import { getGame } from '../src/games/index.js';
import { KIND_T } from '../src/engine/tables.js';
import { NEW, SearchContext } from '../src/search/driver/context.js';
import { UNBOUNDED } from '../src/search/passes/passes.js';
import { CHOSEN } from '../src/search/driver/plan.js';
import { Solver } from '../src/search/driver/solver.js';
import { searchState } from '../src/search/start.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    game: { type: 'string', default: 'double-aces-and-kings' },
    nodes: { type: 'string', default: '20000000' },
  },
});
const seed = Number(values.seed);
const maxNodes = Number(values.nodes);
if (values.seed === undefined || !Number.isInteger(seed) || seed < 0 || !(maxNodes > 0)) {
  console.error('exact-parts: --seed a whole number, --nodes a positive number');
  process.exit(2);
}

const game = getGame(values.game!);
const state = searchState(dealGame(game, seed));
state.setSymmetric(false);
const r = state.rules;
const rests = new Set<number>();
const foundations = new Set<number>();
const classes = new Set<string>();
const upToFoundationMoves = new Set<string>();
const upToArrangement = new Set<string>();
const aceAndKingPiles = game.foundations.length === 2;
const byStock = new Map<number, number>();
let fresh = 0;

/** The foundations' class: unmatched Ace heights, unmatched King heights, and the pairs (h, 13 - h). */
function foundationClass(s: State): string {
  const ace = new Array<number>(14).fill(0);
  const king = new Array<number>(14).fill(0);
  for (let f = 0; f < r.nFoundations; f++) (r.groupOf[f] === 0 ? ace : king)[s.len[f]!]!++;
  let pairs = 0;
  for (let h = 0; h <= 13; h++) {
    const matched = Math.min(ace[h]!, king[13 - h]!);
    pairs += matched;
    ace[h]! -= matched;
    king[13 - h]! -= matched;
  }
  return `${ace.join(',')}|${king.join(',')}|${pairs}`;
}

const enter = SearchContext.prototype.enter;
SearchContext.prototype.enter = function (this: SearchContext, s: State, m: number): number {
  const step = enter.call(this, s, m);
  if (step !== NEW) return step;
  fresh++;
  let rest = 0;
  let found = 0;
  let fixed = 0;
  const down: number[] = [];
  for (let p = 0; p < r.nPiles; p++) {
    const h = (mix32(s.pileLo[p]!) + Math.imul(mix32(s.pileHi[p]! ^ 0x9e3779b9), 3)) >>> 0;
    if (p < r.nFoundations) found = (found + h) >>> 0;
    else rest = (rest + h) >>> 0;
    // A tableau pile's face-down cards are the deal's, so their count names them.
    if (r.kindOf[p] === KIND_T) down.push(s.down[p]!);
    else if (p >= r.nFoundations) fixed = (fixed + h) >>> 0;
  }
  upToArrangement.add(`${found}/${fixed}/${down.sort((a, b) => a - b).join(',')}`);
  rests.add(rest);
  foundations.add(found);
  if (aceAndKingPiles) {
    const cls = foundationClass(s);
    classes.add(cls);
    upToFoundationMoves.add(`${rest}/${cls}`);
  }
  const stock = s.len[r.stock]!;
  byStock.set(stock, (byStock.get(stock) ?? 0) + 1);
  return step;
};

const found = new Solver(4096).solve(state, { maxNodes, timeLimitMs: 0 }, [
  { kind: 'single', share: 1, pass: { kind: 'depth-first', shuffles: UNBOUNDED, base: 0, ties: CHOSEN.ties } },
]);
const share = (n: number): string => `${n} (${((100 * n) / fresh).toFixed(0)} %)`;
console.log(`${game.id} seed ${seed}: ${found.result} after ${found.nodes} positions entered, best ${found.best} home`);
console.log(
  `new positions ${fresh}; distinct: the rest ${share(rests.size)}, foundations ${foundations.size}, positions up to where the face-up tableau cards lie ${share(upToArrangement.size)}`,
);
if (aceAndKingPiles) console.log(`foundation classes ${classes.size}, positions up to foundation moves ${share(upToFoundationMoves.size)}`);
const layers = [...byStock.entries()].sort((a, b) => a[0] - b[0]).slice(0, 4);
console.log(`new positions by stock cards left: ${layers.map(([n, k]) => `${n}: ${share(k)}`).join(', ')}`);
