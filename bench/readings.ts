// What moves the win rate: every reading (a game or one of its variants) played over the same
// seeds, one results file per reading and player in results/readings/, then one table and one
// chart of them all (README "Rate by reading", results/readings.md). Each reading is a plain `patience winrate`, so a
// stopped study resumes where it stopped and a row says which code and which rules made it.
//   npx tsx bench/readings.ts --player thoughtful --deals 1000 [--time-limit 10] [--workers 1] [--games seed-games]
//   npx tsx bench/readings.ts --player best --deals 500
//   npx tsx bench/readings.ts --table          # results/readings.md and results/readings.svg from the files
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gameSet, knownIds } from '../src/games/index.js';
import { compare, comparisonMarkdown } from '../src/study/report/compare.js';
import { readResultSet } from '../src/study/results/result-set.js';
import { renderSvg } from '../src/study/report/plot.js';
import { summarize } from '../src/study/report/summary.js';

const DIR = 'results/readings';

const { values } = parseArgs({
  options: {
    player: { type: 'string', default: 'thoughtful' },
    deals: { type: 'string' },
    'time-limit': { type: 'string', default: '10' },
    workers: { type: 'string', default: '1' },
    games: { type: 'string', default: 'all' },
    table: { type: 'boolean', default: false },
  },
});

/** The readings of a set of rules/index.json ('all': every set), or of a comma-separated list of game ids, in index order. */
function readings(games: string): string[] {
  if (games === 'all') return knownIds();
  const sets = ['seed-games', 'siblings', 'measured-elsewhere'] as const;
  const set = sets.find((s) => s === games);
  if (!set)
    return games.split(',').flatMap((g) => {
      const ids = knownIds().filter((id) => id === g || id.startsWith(`${g}:`));
      if (ids.length === 0) throw new Error(`--games: no game or reading '${g}' (patience games lists them)`);
      return ids;
    });
  const bases = new Set(gameSet(set).map((g) => g.id));
  return knownIds().filter((id) => bases.has(id.split(':')[0]!));
}

/** The results file of one reading and player: `results/readings/PLAYER/GAME[.VARIANT].csv`. */
const fileOf = (id: string, player: string): string => join(DIR, player, `${id.replace(':', '.')}.csv`);

function play(): void {
  if (!values.deals) throw new Error('--deals N is needed (seeds 0..N-1 of every reading)');
  const player = values.player!;
  mkdirSync(join(DIR, player), { recursive: true });
  for (const id of readings(values.games!)) {
    const args = ['bin/patience.js', 'winrate', '--game', id, '--deals', values.deals, '--workers', values.workers!];
    args.push('--out', fileOf(id, player), '--quiet');
    if (player === 'thoughtful') args.push('--time-limit', values['time-limit']!);
    else args.push('--player', player);
    process.stdout.write(`${id}: npx patience ${args.slice(1).join(' ')}\n`);
    const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

/** One row a reading: the thoughtful rate and each player's, with intervals, beside the stated figure. */
function table(): void {
  const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.csv'))
    .map((f) => join(DIR, f));
  const rows = readResultSet(files).rows;
  const comparison = compare(rows);
  writeFileSync('results/readings.md', comparisonMarkdown(comparison));
  const title = 'Win rate by reading: each player, 95 % intervals, the stated figure';
  writeFileSync('results/readings.svg', renderSvg(summarize(rows), { title }));
  process.stdout.write(`wrote results/readings.md (${comparison.games.length} readings) and results/readings.svg\n`);
}

if (!existsSync('bin/patience.js')) throw new Error('run from the project folder');
if (values.table) table();
else play();
