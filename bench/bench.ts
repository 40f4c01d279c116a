// The solver benchmark: a fixed set of seeds per game (0..deals-1), solved one after another on
// one core: the four seed games and the games other solvers have measured (Klondike, Forty
// Thieves), or one game or variant (--game). Prints per game deals/s, nodes/s, median and p95 ms per deal, won/lost/unknown, the
// peak RSS while it ran, and the sampling player's decisions/s on its first seeds; writes
// results/bench.csv, and with --compare OLD.csv prints the ratio to an earlier run.
//   npm run bench -- [--deals 20] [--time-limit 2] [--player-deals 2] [--compare results/bench.csv] [--out FILE]
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { dealGame } from '../src/position/deal.js';
import { gameSet, getGame, seedGames } from '../src/games/index.js';
import { playGame } from '../src/player/play.js';
import { DEFAULT_SAMPLING, samplingPlayer } from '../src/player/sampling.js';
import { Solver } from '../src/search/driver/solver.js';
import { DEFAULT_SETTINGS } from '../src/solve/settings.js';
import { solvePosition } from '../src/solve/solve.js';
import { percentile } from '../src/study/report/stats.js';
import { parseCsv } from '../src/study/results/csv.js';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '20' },
    'time-limit': { type: 'string', default: '2' },
    memory: { type: 'string', default: String(DEFAULT_SETTINGS.memoryMb) },
    game: { type: 'string' },
    compare: { type: 'string' },
    'player-deals': { type: 'string', default: '2' },
    out: { type: 'string', default: 'results/bench.csv' },
  },
});
const deals = positive('--deals', values.deals!);
const settings = {
  memoryMb: positive('--memory', values.memory!),
  maxNodes: 0,
  timeLimit: positive('--time-limit', values['time-limit']!),
};
const solver = new Solver(settings.memoryMb);
const columns = [
  'game',
  'deals',
  'time_limit',
  'won',
  'lost',
  'unknown',
  'deals_per_s',
  'nodes_per_s',
  'median_ms',
  'p95_ms',
  'peak_rss_mb',
  'sampling_decisions_per_s',
];
const playerDeals = positive('--player-deals', values['player-deals']!);
const rows: Record<string, string | number>[] = [];

for (const game of values.game ? [getGame(values.game)] : [...seedGames(), ...gameSet('measured-elsewhere')]) {
  const times: number[] = [];
  const counts = { won: 0, lost: 0, unknown: 0 };
  let nodes = 0;
  let peakRss = process.memoryUsage().rss;
  for (let seed = 0; seed < deals; seed++) {
    const report = solvePosition(dealGame(game, seed), settings, solver);
    counts[report.result]++;
    nodes += report.stats.nodes;
    times.push(report.stats.ms);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const totalMs = times.reduce((a, b) => a + b, 0);
  rows.push({
    game: game.id,
    deals,
    time_limit: settings.timeLimit,
    ...counts,
    deals_per_s: round(deals / (totalMs / 1000)),
    nodes_per_s: Math.round(nodes / (totalMs / 1000)),
    median_ms: round(percentile(times, 0.5)),
    p95_ms: round(percentile(times, 0.95)),
    peak_rss_mb: Math.round(peakRss / 2 ** 20),
    sampling_decisions_per_s: samplingRate(game.id),
  });
  printRow(rows[rows.length - 1]!);
}

const previous = values.compare ? readCsv(values.compare) : [];
for (const row of rows) {
  const old = previous.find((p) => p.game === row.game);
  if (!old) continue;
  const ratio = (k: string): string => (Number(old[k]) > 0 ? (Number(row[k]) / Number(old[k])).toFixed(2) : '-');
  console.log(
    `${String(row.game).padEnd(22)} vs ${values.compare}: nodes/s x${ratio('nodes_per_s')}, deals/s x${ratio('deals_per_s')}, median ms x${ratio('median_ms')}`,
  );
}
mkdirSync(dirname(values.out!), { recursive: true });
writeFileSync(values.out!, stringify(rows, { header: true, columns }));
console.log(`wrote ${values.out}`);

/** The sampling player's decisions (moves played) per second over the first seeds. */
function samplingRate(game: string): number {
  let moves = 0;
  let ms = 0;
  for (let seed = 0; seed < playerDeals; seed++) {
    const played = playGame(dealGame(getGame(game), seed), samplingPlayer(DEFAULT_SAMPLING, seed));
    moves += played.moves.length;
    ms += played.stats.ms;
  }
  return ms > 0 ? round(moves / (ms / 1000)) : 0;
}

function printRow(row: Record<string, string | number>): void {
  console.log(columns.map((c) => `${c}=${row[c]}`).join(' '));
}

function positive(flag: string, text: string): number {
  const n = Number(text);
  if (!(n > 0)) {
    console.error(`bench: ${flag} must be a positive number, not '${text}'`);
    process.exit(2);
  }
  return n;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

function readCsv(file: string): Record<string, string>[] {
  const [head, ...records] = parseCsv(readFileSync(file, 'utf8'), file);
  return records.map((record) => Object.fromEntries(record.map((v, i) => [head![i], v])));
}
