// Losses a skeptic can check: every deal a results file has as `lost` is decided again by the
// plain exhaustive search (src/search/plain.ts, `solve --plain`: every pruning off), one row a
// deal; a disagreement is the worst bug this project can have and exits 1. Resumes from --out.
//   npx tsx bench/plain-check.ts results/readings/thoughtful/klondike.csv [--out results/plain-check.csv] [--time-limit 60]
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dealGame } from '../src/position/deal.js';
import { getGame, rulesHashOf } from '../src/games/index.js';
import { readResultSet } from '../src/study/results/result-set.js';
import { solvePositionPlain } from '../src/solve/solve.js';
import { solverVersion } from '../src/version.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'results/plain-check.csv' },
    'time-limit': { type: 'string', default: '60' },
  },
});
const HEADER = 'game,seed,rules,solver_nodes,plain_result,plain_positions,plain_ms,solver';
const out = values.out!;
if (!existsSync(out)) writeFileSync(out, `${HEADER}\n`);
const done = new Set(
  readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').slice(0, 3).join(',')),
);
// 3 GB of exact positions: the most a JavaScript set holds.
const settings = { memoryMb: 3072, maxNodes: 0, timeLimit: Number(values['time-limit']) };
const tally = { lost: 0, unfinished: 0, won: 0, otherRules: 0 };
for (const row of readResultSet(positionals).rows.filter((r) => r.result === 'lost' && r.player === 'thoughtful')) {
  // Only rows made under the rules this checkout reads for the game.
  if (row.rules !== rulesHashOf(row.game)) {
    tally.otherRules++;
    continue;
  }
  const key = `${row.game},${row.seed},${row.rules}`;
  if (done.has(key)) continue;
  const plain = solvePositionPlain(dealGame(getGame(row.game), row.seed), settings);
  const line = [key, row.nodes, plain.result, plain.stats.nodes, plain.stats.ms, solverVersion()].join(',');
  appendFileSync(out, `${line}\n`);
  if (plain.result === 'won') tally.won++;
  else if (plain.result === 'lost') tally.lost++;
  else tally.unfinished++;
  process.stdout.write(`${line}\n`);
}
process.stdout.write(
  `this run: ${tally.lost} confirmed lost, ${tally.unfinished} unfinished, ${tally.won} won by the plain search; ${tally.otherRules} lost rows under other rules left out\n`,
);
if (tally.won > 0) process.exit(1);
