// Whether the rows of results files are what this checkout makes: a sample of the rows of the
// players that search to node budgets (greedy, sampling, best: a game depends on the deal, the
// rules and the code, never on time or load) is played again and compared, result and number of
// moves. A row that differs was made by a search that has changed since, and its file needs
// playing again. Thoughtful rows stop at a time limit, so only those decided well within every
// share of it that the pass plan gives (under THOUGHTFUL_MS) are solved again: their positions,
// result and line's length depend on the code alone, and are compared too.
//   npx tsx bench/reproduce.ts results/readings/best/*.csv [--per-file 10]
// Prints a line a file and exits 1 if any row differs.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { UsageError } from '../src/errors.js';
import { getGame, rulesHashOf } from '../src/games/index.js';
import { playGame } from '../src/player/play.js';
import { makePlayer } from '../src/player/players.js';
import { DEFAULT_SAMPLING } from '../src/player/sampling.js';
import type { SolveResult } from '../src/solve/result.js';
import { readResults } from '../src/study/results/csv.js';
import { expandInputs } from '../src/study/results/result-set.js';
import type { DealRow } from '../src/study/types.js';
import { reusableSolver, solvePosition } from '../src/solve/solve.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'per-file': { type: 'string', default: '10' } },
});
const perFile = Number(values['per-file']);
/** A thoughtful row decided this fast met no time cut (the plan's smallest share is 3 % of 10 s). */
const THOUGHTFUL_MS = 250;

/** The player of a row's label (src/study/types.ts playerLabel), or null for the thoughtful solver. */
function playerOf(row: DealRow): Parameters<typeof makePlayer> | null {
  if (row.player === 'thoughtful') return null;
  const best = /^best-b(\d+)-s(\d+)$/.exec(row.player);
  const sampling = /^sampling-(\d+)x(\d+)-s(\d+)$/.exec(row.player);
  if (best) return ['best', row.game, { budget: Number(best[1]), sampling: { ...DEFAULT_SAMPLING, seed: Number(best[2]) } }, row.seed];
  if (sampling) {
    const [, samples, nodes, seed] = sampling.map(Number) as [number, number, number, number];
    return ['sampling', row.game, { budget: 0, sampling: { ...DEFAULT_SAMPLING, samples, nodes, seed } }, row.seed];
  }
  return row.player === 'greedy' ? ['greedy', row.game, { budget: 0, sampling: DEFAULT_SAMPLING }, row.seed] : null;
}

/** The row's deal played again: by its player, or solved with its settings. */
function play(row: DealRow): SolveResult {
  const deal = dealGame(getGame(row.game), row.seed);
  const player = playerOf(row);
  if (!player) return solvePosition(deal, row.settings, reusableSolver(row.settings.memoryMb));
  return playGame(deal, makePlayer(...player));
}

/** `n` rows spread evenly over the file's rows in seed order. */
function spread(rows: DealRow[], n: number): DealRow[] {
  const sorted = [...rows].sort((a, b) => a.seed - b.seed);
  if (sorted.length <= n) return sorted;
  return Array.from({ length: n }, (_, i) => sorted[Math.floor((i * sorted.length) / n)]!);
}

let differ = 0;
for (const file of expandInputs(positionals)) {
  // One line per game and player of the file.
  const groups = new Map<string, DealRow[]>();
  let fileRows: DealRow[];
  try {
    fileRows = readResults(file).rows;
  } catch (e) {
    // A file of other rows (a bench table, the plain check) is named and passed over.
    if (!(e instanceof UsageError) || !existsSync(file)) throw e;
    process.stdout.write(`${file}: not win-rate rows, passed over\n`);
    continue;
  }
  for (const row of fileRows) {
    if (row.result === 'error') continue;
    if (row.player === 'thoughtful' && (row.result === 'unknown' || row.ms === null || row.ms >= THOUGHTFUL_MS)) continue;
    const key = `${row.game} ${row.player}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const [group, rows] of groups) {
    // A row made under other rules than this checkout reads for its game cannot be made again
    // here; a row of a file older than the rules column is played under today's rules.
    const current = rows.filter((r) => r.rules === rulesHashOf(r.game) || r.rules === '');
    const out: string[] = [];
    const t0 = performance.now();
    const sample = spread(current, perFile);
    for (const row of sample) {
      const replay = play(row);
      const same =
        replay.result === row.result &&
        replay.moves.length === row.moves &&
        (row.player !== 'thoughtful' || replay.stats.nodes === row.nodes);
      if (!same) {
        const was = `${row.result} in ${row.moves} moves${row.player === 'thoughtful' ? `, ${row.nodes} positions` : ''}`;
        const now = `${replay.result} in ${replay.moves.length}${row.player === 'thoughtful' ? `, ${replay.stats.nodes}` : ''}`;
        out.push(`seed ${row.seed}: ${was} (${row.solver || 'code not recorded'}), now ${now}`);
      }
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(0);
    const codes = [...new Set(current.map((r) => r.solver || 'not recorded'))].join(' ');
    const other = rows.length - current.length;
    process.stdout.write(
      `${file} ${group}: ${sample.length - out.length} of ${sample.length} rows the same (${seconds} s; code ${codes || 'none'})${other ? `; ${other} rows under other rules` : ''}\n`,
    );
    for (const line of out) process.stdout.write(`  differs: ${line}\n`);
    differ += out.length;
  }
}
process.exit(differ > 0 ? 1 : 0);
