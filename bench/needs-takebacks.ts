// How many small positions need take-backs to be won: the plain search with and without them
// (test/endgame.ts), on end games and unplayed won positions.  N=250 CAP=10000 npx tsx bench/needs-takebacks.ts
import { GAMES } from '../src/games/index.js';
import { endgame, exhaustive, playedOut, unplayed } from '../test/endgame.js';
import { mulberry32 } from '../test/helpers.js';
const CAP = Number(process.env.CAP ?? 5000);
for (const game of GAMES.filter((g) => !process.env.GAME || g.id === process.env.GAME)) {
  const random = mulberry32(11);
  const t: Record<string, number[]> = {};
  for (let i = 0; i < Number(process.env.N ?? 100); i++) {
    const gens: [string, () => any][] = [
      ['end', () => endgame(game, i, 6 + Math.floor(random() * 20), random)],
      ['unplayed', () => unplayed(game, i, 4 + Math.floor(random() * 16), false, random)],
    ];
    for (const [name, gen] of gens) {
      const p = gen();
      const full = exhaustive(p, CAP);
      t[name] ??= [0, 0, 0, 0];
      if (full.capped) { t[name]![2]++; continue; }
      if (full.won) { t[name]![0]++; const no = exhaustive(p, CAP, false); if (!no.won) { t[name]![3]++; if (process.env.SHOW) console.log(JSON.stringify(p)); } } else t[name]![1]++;
    }
  }
  console.log(game.id, 'won lost capped needs', JSON.stringify(t));
}
