// What Mamy Susan's undecided deals have in common, as far as the deal shows it: for simple
// features of each deal, the share of deals a results file has unknown, per value of the feature
// (per quartile where it takes more than 10 values).
//   npx tsx bench/unknown-features.ts FILE...   (result CSVs; Mamy Susan rows only)
import { parseCard, rankOf } from '../src/notation/cards.js';
import { dealGame } from '../src/position/deal.js';
import { getGame } from '../src/games/index.js';
import { readResultSet } from '../src/study/results/result-set.js';

const rank = (card: string): number => rankOf(parseCard(card));

/** Features of a deal; the stock's top card is drawn first (draw 0). */
function features(seed: number): Record<string, number> {
  const p = dealGame(getGame('mamy-susan'), seed);
  const draw = (i: number): number => p.stock.length - 1 - i;
  const draws = (keep: (card: string) => boolean): number[] => p.stock.flatMap((c, i) => (keep(c) ? [draw(i)] : []));
  const aces = draws((c) => rank(c) === 1);
  const low = draws((c) => rank(c) <= 3);
  let kingsOnTop = 0;
  let lowBuried = 0;
  for (const pile of p.tableau) {
    if (rank(pile[pile.length - 1]!) === 13) kingsOnTop++;
    pile.forEach((c, i) => {
      if (rank(c) <= 3) lowBuried += pile.length - 1 - i;
    });
  }
  return {
    'Aces in the stock': aces.length,
    'draw of the last Ace in the stock': aces.length ? Math.max(...aces) : -1,
    'mean draw of A-3 in the stock': low.reduce((a, b) => a + b, 0) / Math.max(1, low.length),
    'Kings on top of a tableau pile': kingsOnTop,
    'cards above the A-3 of the tableau': lowBuried,
    'A-4 in the reserve': p.reserves[0]!.filter((c) => rank(c) <= 4).length,
  };
}

const rows = readResultSet(process.argv.slice(2)).rows.filter((r) => r.game === 'mamy-susan');
const deals = rows.map((r) => ({ unknown: r.result !== 'won', f: features(r.seed) }));
const unknown = deals.filter((d) => d.unknown).length;
console.log(`Mamy Susan: ${deals.length} deals, ${unknown} not won (${((100 * unknown) / deals.length).toFixed(1)} %)`);
for (const name of Object.keys(deals[0]!.f)) {
  const values = [...new Set(deals.map((d) => d.f[name]!))].sort((a, b) => a - b);
  const sorted = deals.map((d) => d.f[name]!).sort((a, b) => a - b);
  const cuts = values.length <= 10 ? values : [0.25, 0.5, 0.75, 1].map((q) => sorted[Math.floor(q * (sorted.length - 1))]!);
  const groups = cuts.map((cut, i) => {
    const inGroup = deals.filter((d) => d.f[name]! <= cut && (i === 0 || d.f[name]! > cuts[i - 1]!));
    const label = values.length <= 10 ? `${cut}` : `<= ${cut.toFixed(1)}`;
    return `${label}: ${((100 * inGroup.filter((d) => d.unknown).length) / Math.max(1, inGroup.length)).toFixed(1)} % of ${inGroup.length}`;
  });
  console.log(`${name}: ${groups.join(', ')}`);
}
