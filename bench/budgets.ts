// Strength against thinking budget: the best player's win rate at each budget, per game, from
// winrate results files holding best-b1..best-b5 rows (docs/players.md).
// Writes the table as CSV and the chart as SVG.
//   npx tsx bench/budgets.ts [FILE...] [--table results/budgets-table.csv] [--svg results/budgets.svg]
// (files: results/budgets.csv and results/budgets-mamy-susan.csv unless given)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { describeBest } from '../src/player/best.js';
import { renderSvg } from '../src/study/report/plot.js';
import { readResultSet } from '../src/study/results/result-set.js';
import { summarize } from '../src/study/report/summary.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    table: { type: 'string', default: 'results/budgets-table.csv' },
    svg: { type: 'string', default: 'results/budgets.svg' },
  },
});
const files = positionals.length ? positionals : ['results/budgets.csv', 'results/budgets-mamy-susan.csv'];
const summaries = summarize(readResultSet(files).rows).filter((s) => /^best-b\d+-s\d+$/.test(s.player));
const rows = summaries.map((s) => {
  const budget = Number(/^best-b(\d+)/.exec(s.player)![1]);
  const pct = (x: number): string => (100 * x).toFixed(1);
  return {
    game: s.game,
    budget,
    player: s.player,
    plan: describeBest(s.game as string, budget),
    deals: s.deals,
    won: s.won,
    win_pct: pct(s.winRate.low),
    lo_pct: pct(s.interval.lo),
    hi_pct: pct(s.interval.hi),
    median_ms: s.ms.median ?? '',
    stated_pct: s.stated === null ? '' : pct(s.stated),
  };
});
writeFileSync(values.table!, stringify(rows, { header: true }));
const budgets = rows.map((r) => r.budget);
const span = `${Math.min(...budgets)} (${Math.min(...budgets) === 1 ? 'a glance' : 'least'}) to ${Math.max(...budgets)}`;
writeFileSync(values.svg!, renderSvg(summaries, { title: `Best player: win rate at thinking budgets ${span}, bars left to right` }));
process.stdout.write(`wrote ${values.table} (${rows.length} rows) and ${values.svg}\n`);
