// A relaxation of Mamy Susan that is decided without search, measured as a loss proof (docs/open-problems.md,
// the loss proofs). It keeps only which cards have left their place in the deal
// ("released"): a tableau card once every card dealt above it in its pile is released, the
// reserve top, the waste top. A card may be released if
//   (a) it is an Ace, or some copy of every lower card of its suit is released (MS-3), or
//   (b) a card one rank higher of the other colour is released or is a dealt tableau card with
//       every card dealt above it released (MS-4), or
//   (c) some tableau pile has had all its dealt cards released (an empty pile, MS-4).
// Proof that a win of the real game is a win here: a real move of a card that has not left its
// place yet is legal here, since its real target is a foundation whose top is the card below it
// (so every lower card of its suit has left its place: (a)), a tableau top of one rank higher
// and the other colour (a released card or a dealt card with nothing dealt above it left: (b)),
// or an empty pile (every card dealt to it has left: (c)); every other real move changes nothing
// here; a real win releases every card. Every condition only grows as cards are released, and
// releasing exposes more cards, so releasing whatever can be released before each draw is best:
// the relaxation is decided by that one greedy run. If it cannot release every card, the deal is
// lost. `--no-empty` drops (c): that is no longer a relaxation (its "lost" are not proofs), but
// no relaxation of this kind, whatever rule it keeps for empty piles, can call lost a deal that
// passes without (c).
//   npx tsx bench/relaxation.ts [--seeds 0..999 | --seeds 16,77,...] [--no-empty]
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { getGame } from '../src/games/index.js';

const RANKS = 'A23456789TJQK';
const isRed = (card: string): boolean => card[1] === 'D' || card[1] === 'H';
const rankOf = (card: string): number => RANKS.indexOf(card[0]!) + 1;

/** Cards the greedy run of the relaxation releases, of 104. */
function released(seed: number, emptyPiles: boolean): number {
  const pos = dealGame(getGame('mamy-susan'), seed);
  const piles = pos.tableau.map((pile) => [...pile]);
  const reserve = [...pos.reserves[0]!];
  const stock = [...pos.stock];
  const waste: string[] = [];
  const out = new Map<string, number>();
  let anyEmpty = false;
  let count = 0;
  const isOut = (rank: number, suit: string): boolean => (out.get(`${rank}${suit}`) ?? 0) > 0;
  const canGo = (card: string): boolean => {
    const rank = rankOf(card);
    const suit = card[1]!;
    if (emptyPiles && anyEmpty) return true;
    let lowerOut = true;
    for (let r = 1; r < rank && lowerOut; r++) lowerOut = isOut(r, suit);
    if (lowerOut) return true;
    if (rank === 13) return false;
    for (const other of isRed(card) ? 'CS' : 'DH') {
      if (isOut(rank + 1, other)) return true;
      if (piles.some((p) => p.length > 0 && p[p.length - 1] === `${RANKS[rank]}${other}`)) return true;
    }
    return false;
  };
  const release = (card: string): void => {
    const key = `${rankOf(card)}${card[1]}`;
    out.set(key, (out.get(key) ?? 0) + 1);
    count++;
  };
  for (;;) {
    for (let changed = true; changed; ) {
      changed = false;
      for (const p of piles) {
        while (p.length > 0 && canGo(p[p.length - 1]!)) {
          release(p.pop()!);
          if (p.length === 0) anyEmpty = true;
          changed = true;
        }
      }
      for (const pile of [reserve, waste]) {
        while (pile.length > 0 && canGo(pile[pile.length - 1]!)) {
          release(pile.pop()!);
          changed = true;
        }
      }
    }
    if (stock.length === 0) return count;
    waste.push(stock.pop()!);
  }
}

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '0..999' }, 'no-empty': { type: 'boolean', default: false } },
});
const range = /^(\d+)\.\.(\d+)$/.exec(values.seeds);
const seeds = range
  ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i)
  : values.seeds.split(',').map(Number);
if (seeds.length === 0 || seeds.some((s) => !Number.isInteger(s) || s < 0)) {
  console.error('relaxation: --seeds A..B or a list of whole numbers');
  process.exit(2);
}
const stuck = seeds.map((seed) => [seed, released(seed, !values['no-empty'])] as const).filter(([, n]) => n < 104);
for (const [seed, n] of stuck) console.log(`seed ${seed}: ${n} of 104 released`);
console.log(`${values['no-empty'] ? 'without empty piles (not a proof)' : 'relaxation'}: ${stuck.length} of ${seeds.length} deals not won`);
