// Results under rules other than a built-in game's: rows that record no rules are never resumed
// as rows of a rule set, a study under other rules is labelled as what it is (never the built-in
// name beside a stated rate that is not its own), a write cut anywhere in the last row is dropped
// and the study resumes, and show and check take a result made with --rule.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { readResults } from '../../src/study/results/csv.js';
import { openForAppend } from '../../src/study/results/results-file.js';
import { summarize } from '../../src/study/report/summary.js';
import { compare, formatComparison } from '../../src/study/report/compare.js';
import { renderSvg } from '../../src/study/report/plot.js';
import { builtInRulesHash } from '../../src/games/index.js';
import type { DealRow } from '../../src/study/types.js';
import { cliScratchFolder, expectOneLineError, patience } from '../support/helpers.js';

const { path } = cliScratchFolder('patience-other-rules-');
const FAST = ['--time-limit', '0', '--max-nodes', '2000', '--memory', '16', '--quiet', '--workers', '1'];
const OLD_HEADER = 'game,seed,player,result,moves,nodes,ms,limit,table_full,time_limit,max_nodes,memory_mb,error';

describe('rows that record no rules', { timeout: 60_000 }, () => {
  it('are refused by a resume under any rules, and the file is left as it was', () => {
    const out = path('old.csv');
    const old = `${OLD_HEADER}\ndouble-dot,0,thoughtful,won,90,44517,428.4,,false,0,20000,16,\n`;
    writeFileSync(out, old);
    for (const rules of [[], ['--rule', 'tableau.runs=single']]) {
      const r = patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', out, ...rules, ...FAST);
      expectOneLineError(r, /old\.csv holds 1 double-dot row\(s\) that record no rules .*write this run to another --out/);
      expect(readFileSync(out, 'utf8')).toBe(old);
    }
    const rerun = patience('winrate', '--game', 'double-dot', '--rerun-unknown', '--out', out, ...FAST);
    expectOneLineError(rerun, /record no rules/);
    expect(readFileSync(out, 'utf8')).toBe(old);
  });

  it('of another game do not stop a run: the header gains its columns, those rows kept as they were', () => {
    const out = path('old-other-game.csv');
    writeFileSync(out, `${OLD_HEADER}\ndouble-signora,0,thoughtful,won,90,44517,428.4,,false,0,20000,16,\n`);
    expect(patience('winrate', '--game', 'double-dot', '--deals', '1', '--out', out, ...FAST).status).toBe(0);
    const rows = readResults(out).rows;
    expect(rows.map((r) => [r.game, r.rules])).toEqual([
      ['double-signora', ''],
      ['double-dot', builtInRulesHash('double-dot')],
    ]);
  });
});

const row = (game: string, seed: number, result: DealRow['result'], rules: string): DealRow => ({
  game,
  seed,
  player: 'thoughtful',
  result,
  moves: null,
  nodes: null,
  ms: 1,
  limit: '',
  tableFull: false,
  settings: { timeLimit: 10, maxNodes: 0, memoryMb: 256 },
  error: '',
  solver: '',
  rules,
});

describe('a study under other rules', { timeout: 60_000 }, () => {
  const builtIn = builtInRulesHash('mamy-susan')!;

  it('is labelled by its rules and has no stated rate, alone or beside the built-in rules', () => {
    const other = [row('mamy-susan', 0, 'won', 'abcdef012345'), row('mamy-susan', 1, 'lost', 'abcdef012345')];
    for (const rows of [other, [...other, row('mamy-susan', 0, 'won', builtIn)]]) {
      const s = summarize(rows).find((x) => x.rules === 'abcdef012345')!;
      expect(s.label).toBe('mamy-susan (rules abcdef012345)');
      expect(s.stated).toBeNull();
      const table = formatComparison(compare(rows));
      expect(table).toMatch(/mamy-susan \(rules abcdef012345\) .* not stated/);
      const svg = renderSvg(summarize(rows));
      expect(svg).toContain('mamy-susan (rules abcdef012345)');
      expect(svg).not.toMatch(/mamy-susan \(rules abcdef012345\)[^<]*stated 20 %/);
    }
    const mine = summarize([row('mamy-susan', 0, 'won', builtIn)])[0]!;
    expect([mine.label, mine.stated]).toEqual(['mamy-susan', 0.2]);
    // Rows that record no rules were made by the built-in rules of their day.
    const unrecorded = summarize([row('mamy-susan', 0, 'won', '')])[0]!;
    expect([unrecorded.label, unrecorded.stated]).toEqual(['mamy-susan', 0.2]);
  });

  it('made with --rule: summary, compare and the run itself name its rules, not the stated 20 %', () => {
    const out = path('ms.csv');
    const rule = ['--rule', 'stock.redeals=3'];
    const run = patience('winrate', '-g', 'mamy-susan', ...rule, '-n', '2', '--player', 'greedy', '--out', out, ...FAST);
    expect(run.status, run.stderr).toBe(0);
    const hash = readResults(out).rows[0]!.rules;
    expect(hash).not.toBe(builtIn);
    for (const text of [run.stdout, patience('summary', out).stdout, patience('compare', out).stdout]) {
      expect(text).toContain(`mamy-susan (rules ${hash})`);
      expect(text).not.toMatch(/20 %/);
    }
  });
});

describe('a write cut inside the last row', { timeout: 120_000 }, () => {
  it('at every byte: the row is dropped unless only its line break is missing, and a run appends after what is kept', () => {
    const out = path('cut.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '3', '--out', out, ...FAST).status).toBe(0);
    const whole = readFileSync(out, 'utf8');
    const lastStart = whole.lastIndexOf('\n', whole.length - 2) + 1;
    const last = readResults(out).rows[2]!;
    const extra = { ...last, seed: 3 };
    for (let cut = lastStart + 1; cut < whole.length; cut++) {
      const file = path(`cut-${cut}.csv`);
      writeFileSync(file, whole.slice(0, cut));
      const read = readResults(file, { dropTornLine: true });
      const keptWhole = cut === whole.length - 1; // only the line break is missing
      expect(read.rows.length, `cut at ${cut}`).toBe(keptWhole ? 3 : 2);
      expect(read.torn, `cut at ${cut}`).toBe(keptWhole ? '' : whole.slice(lastStart, cut));
      // A resume appends after the rows kept, as a run does.
      const open = openForAppend(file, () => {});
      try {
        open.sink.write(extra);
      } finally {
        open.close();
      }
      const after = readResults(file);
      expect(
        after.rows.map((r) => r.seed),
        `cut at ${cut}`,
      ).toEqual(keptWhole ? [0, 1, 2, 3] : [0, 1, 3]);
      expect(new Set(after.rows.map((r) => r.rules)).size, `cut at ${cut}`).toBe(1);
    }
  });

  it('cut 5 and 13 bytes: repair drops the torn row and a run plays the deal again', () => {
    const out = path('cut-run.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '3', '--out', out, ...FAST).status).toBe(0);
    const whole = readFileSync(out, 'utf8');
    for (const bytes of [5, 13]) {
      writeFileSync(out, whole.slice(0, -bytes));
      expect(patience('repair', out).stdout).toMatch(/kept 2 rows, dropped 0 repeated row\(s\) and an incomplete last line/);
      writeFileSync(out, whole.slice(0, -bytes));
      const r = patience('winrate', '--game', 'double-dot', '--deals', '3', '--out', out, ...FAST);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/dropped an incomplete last line/);
      const rows = readResults(out).rows;
      expect(rows.map((x) => x.seed)).toEqual([0, 1, 2]);
      expect(new Set(rows.map((x) => x.rules))).toEqual(new Set([builtInRulesHash('double-dot')]));
    }
  });
});

describe('show and check a result made with --rule', { timeout: 60_000 }, () => {
  it('as their messages say: --rule alone, or with --game', () => {
    const result = path('draw1.json');
    const solved = patience('solve', '-g', 'klondike', '--rule', 'stock.drawCount=1', '-s', '2', '--json', '--time-limit', '20');
    expect(solved.status, solved.stderr).toBe(0);
    writeFileSync(result, solved.stdout);
    expectOneLineError(patience('show', result, '-o', path('plain.html')), /give the rules it was made with/);
    expectOneLineError(patience('check', result), /give the rules it was made with/);
    const won = /^ok: won in \d+ moves$/;
    expect(patience('check', result, '--rule', 'stock.drawCount=1').stdout.trim()).toMatch(won);
    expect(patience('check', result, '-g', 'klondike', '--rule', 'stock.drawCount=1').stdout.trim()).toMatch(won);
    for (const flags of [[], ['-g', 'klondike']]) {
      const page = path(`draw1-${flags.length}.html`);
      const r = patience('show', result, ...flags, '--rule', 'stock.drawCount=1', '-o', page);
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(page, 'utf8')).toContain('<title>Klondike with stock.drawCount=1, seed 2');
    }
    expectOneLineError(
      patience('show', result, '-g', 'forty-thieves', '--rule', 'stock.redeals=1', '-o', path('x.html')),
      /the rules given are forty-thieves's, but the game file is a klondike game file/,
    );
    expectOneLineError(patience('show', result, '-s', '3', '-o', path('y.html')), /not both/);
  });
});
