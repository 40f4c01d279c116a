// The win-rate library: Wilson intervals, order statistics, CSV reading and writing, summaries,
// the SVG chart, and the worker pool (results independent of the number of workers).
import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, percentile, wilson, Z95 } from '../../src/study/report/stats.js';
import { COLUMNS, CsvReader, formatCsv, parseCsv, parseResults, readResults, recordOf } from '../../src/study/results/csv.js';
import { summarize, formatSummary, formatTimes, percent } from '../../src/study/report/summary.js';
import { mergedCsv, readResultSet } from '../../src/study/results/result-set.js';
import { compare } from '../../src/study/report/compare.js';
import { renderSvg } from '../../src/study/report/plot.js';
import { playDeals } from '../../src/study/pool.js';
import { UsageError } from '../../src/errors.js';
import type { DealRow, DealTask } from '../../src/study/types.js';
import { rulesHashOf } from '../../src/games/index.js';

/**
 * Reference Wilson bounds computed independently of src/study/report/stats.ts: the bounds are the roots of
 * (p̂ - p)² = z² p (1 - p) / n, i.e. (1 + z²/n) p² - (2 p̂ + z²/n) p + p̂² = 0, solved as a
 * quadratic with the numerically stable form of the roots.
 */
function wilsonByQuadratic(x: number, n: number, z = 1.959964): [number, number] {
  const ph = x / n;
  const a = 1 + (z * z) / n;
  const b = -(2 * ph + (z * z) / n);
  const c = ph * ph;
  const disc = Math.sqrt(b * b - 4 * a * c);
  const q = -0.5 * (b - disc); // b < 0, so this adds magnitudes
  const r1 = q / a;
  const r2 = q === 0 ? 0 : c / q;
  return [Math.min(r1, r2), Math.max(r1, r2)];
}

describe('wilson', () => {
  it('matches the quadratic-root form for many counts', () => {
    for (const [x, n] of [
      [0, 10],
      [5, 10],
      [10, 10],
      [81, 263],
      [1, 1],
      [0, 1],
      [3, 7],
      [199, 200],
      [1, 1000],
      [500, 1000],
    ] as const) {
      const { lo, hi } = wilson(x, n);
      const [rlo, rhi] = wilsonByQuadratic(x, n);
      expect(lo).toBeCloseTo(rlo, 12);
      expect(hi).toBeCloseTo(rhi, 12);
    }
  });

  it('pins literal values (40-digit decimal arithmetic; 5/10 as in published tables)', () => {
    // 5 of 10: [0.2366, 0.7634] in the usual tables (e.g. statsmodels proportion_confint wilson).
    expect(wilson(5, 10).lo).toBeCloseTo(0.2366, 4);
    expect(wilson(5, 10).hi).toBeCloseTo(0.7634, 4);
    expect(wilson(5, 10).lo).toBeCloseTo(0.23659308901147938, 14);
    expect(wilson(0, 10)).toEqual({ lo: 0, hi: expect.closeTo(0.2775328030260577, 14) as unknown as number });
    expect(wilson(10, 10)).toEqual({ lo: expect.closeTo(0.7224671969739422, 14) as unknown as number, hi: 1 });
    expect(wilson(81, 263).lo).toBeCloseTo(0.25528851948901576, 14);
    expect(wilson(81, 263).hi).toBeCloseTo(0.3662095774580194, 14);
  });

  it('is [0, 1] with no trials, exact at the ends, and refuses nonsense', () => {
    expect(wilson(0, 0)).toEqual({ lo: 0, hi: 1 });
    expect(wilson(0, 50).lo).toBe(0);
    expect(wilson(50, 50).hi).toBe(1);
    expect(Z95).toBe(1.959964);
    expect(() => wilson(11, 10)).toThrow(RangeError);
    expect(() => wilson(-1, 10)).toThrow(RangeError);
    expect(() => wilson(1.5, 10)).toThrow(RangeError);
  });

  it('narrows as z shrinks', () => {
    const a = wilson(30, 100);
    const b = wilson(30, 100, 1);
    expect(b.lo).toBeGreaterThan(a.lo);
    expect(b.hi).toBeLessThan(a.hi);
  });
});

describe('median and percentile', () => {
  it('interpolate between order statistics (type 7)', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(oneToTwenty, 0.95)).toBeCloseTo(19.05, 12);
    expect(percentile(oneToTwenty, 0)).toBe(1);
    expect(percentile(oneToTwenty, 1)).toBe(20);
    expect(percentile([7], 0.95)).toBe(7);
    expect(median([])).toBeNaN();
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
  });
});

function row(game: string, seed: number, result: DealRow['result'], ms: number | null = 10): DealRow {
  return {
    game,
    seed,
    player: 'thoughtful',
    result,
    moves: result === 'won' ? 50 : result === 'error' ? null : 0,
    nodes: result === 'error' ? null : 100,
    ms: result === 'error' ? null : ms,
    limit: result === 'unknown' ? 'nodes' : '',
    tableFull: result === 'error' ? null : false,
    settings: { timeLimit: 0, maxNodes: 1000, memoryMb: 16 },
    error: result === 'error' ? 'boom, "quoted"\nnext line' : '',
    solver: '0.1.0+abc1234',
    rules: '',
  };
}

describe('results CSV', () => {
  it('round-trips rows, with commas, quotes and line breaks in the error', () => {
    const rows = [row('double-dot', 0, 'won'), row('double-dot', 1, 'unknown'), row('mamy-susan', 2, 'error')];
    rows[2]!.error = 'boom, "quoted" and more';
    const text = formatCsv(COLUMNS, rows.map(recordOf), true);
    expect(text.split('\n')[0]).toBe(COLUMNS.join(','));
    const back = parseResults(text, 'x.csv');
    expect(back.rows).toEqual(rows);
    expect(parseCsv('a,"b\n""c""",d\r\n1,2,3', 'x')).toEqual([
      ['a', 'b\n"c"', 'd'],
      ['1', '2', '3'],
    ]);
  });

  it('reads the same records fed one character at a time (quotes, doubled quotes and CRLF split anywhere)', () => {
    const text = '\ufeffa,"b\n""c""",d\r\n1,"",3\r\n"x""",,"y"\n';
    const whole = parseCsv(text, 'x');
    const pieces: string[][] = [];
    const reader = new CsvReader('x', (cells) => pieces.push(cells));
    for (const c of text) reader.push(c);
    reader.end();
    expect(pieces).toEqual(whole);
    expect(whole).toEqual([
      ['a', 'b\n"c"', 'd'],
      ['1', '', '3'],
      ['x"', '', 'y'],
    ]);
  });

  it('refuses a record longer than 64 KB, and gives back a torn last line when asked', () => {
    expect(() => parseCsv(`game,seed,result\n${'x'.repeat(70_000)}\n`, 'long.csv')).toThrow(/long\.csv: line 2 is longer than 64 KB/);
    const dir = mkdtempSync(join(tmpdir(), 'sim-torn-'));
    const f = join(dir, 'torn.csv');
    const full = formatCsv(COLUMNS, [row('double-dot', 0, 'won')].map(recordOf), true);
    writeFileSync(f, `${full}double-dot,1,thoughtful,wo`);
    const r = readResults(f, { dropTornLine: true });
    expect(r.rows).toHaveLength(1);
    expect(r.torn).toBe('double-dot,1,thoughtful,wo');
    expect(r.bytes - Buffer.byteLength(r.torn)).toBe(Buffer.byteLength(full));
    expect(() => readResults(f)).toThrow(/row 3 .*has 4 fields/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads columns by name and refuses a file that is not win-rate rows, naming the row', () => {
    const r = parseResults('seed,result,game,extra\n4,lost,double-dot,x\n', 'y.csv');
    expect(r.rows[0]).toMatchObject({ game: 'double-dot', seed: 4, result: 'lost', player: 'thoughtful' });
    expect(() => parseResults('a,b\n1,2\n', 'z.csv')).toThrow(/z\.csv: not a win-rate CSV/);
    // A game id the tool does not ship (a user's rules file) reads; a string that is no game id does not.
    expect(parseResults('game,seed,result\nchess,1,won\n', 'z.csv').rows[0]!.game).toBe('chess');
    expect(() => parseResults('game,seed,result\nChess!,1,won\n', 'z.csv')).toThrow(/z\.csv: row 2: bad game 'Chess!'/);
    expect(() => parseResults('game,seed,result\ndouble-dot,1,maybe\n', 'z.csv')).toThrow(UsageError);
    expect(() => parseResults('game,seed,result\ndouble-dot,-1,won\n', 'z.csv')).toThrow(/bad seed/);
  });
});

describe('summary', () => {
  it('counts unknown deals once as lost and once as won, errors apart, with the stated rate', () => {
    const rows = [
      ...Array.from({ length: 6 }, (_, i) => row('double-signora', i, 'won', i)),
      row('double-signora', 6, 'lost', 6),
      row('double-signora', 7, 'unknown', 7),
      row('double-signora', 8, 'unknown', 8),
      row('double-signora', 9, 'error'),
      row('double-aces-and-kings', 0, 'lost'),
    ];
    const [ds, dak] = summarize(rows);
    expect(ds).toMatchObject({ game: 'double-signora', deals: 10, won: 6, lost: 1, unknown: 2, errors: 1, stated: 0.2 });
    expect(ds!.winRate).toEqual({ low: 0.6, high: 0.9 });
    expect(ds!.interval.lo).toBeCloseTo(wilson(6, 10).lo, 15);
    expect(ds!.interval.hi).toBeCloseTo(wilson(9, 10).hi, 15);
    expect(ds!.ms).toMatchObject({ median: 4, p95: 7.6, total: 36 });
    // The slowest deals decided, slowest first: the unknown ones took the limit and are left out.
    expect(ds!.ms.slowest.map((d) => d.seed)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(dak).toMatchObject({ game: 'double-aces-and-kings', deals: 1, stated: null });
    const table = formatSummary([ds!, dak!]);
    expect(table).toMatch(/double-signora\s+thoughtful\s+10\s+6\s+1\s+2\s+1\s+60\.0-90\.0\s+\[/);
    expect(table).toContain('20 %');
    expect(table).toContain('not stated');
    expect(formatTimes([ds!])).toBe(
      'double-signora (thoughtful): 9 deals timed, 2 unknown, median 4.0 ms, p95 7.6 ms, 0.0 core-seconds in all; slowest decided: 6 6 ms lost, 5 5 ms won, 4 4 ms won, 3 3 ms won, 2 2 ms won, 1 1 ms won, 0 0 ms won\n',
    );
  });

  it('prints a share to a tenth, with more decimals where a tenth would show 0.0 or 100.0 for a share that is not', () => {
    expect(percent(0.274)).toBe('27.4');
    expect(percent(1)).toBe('100.0');
    expect(percent(0)).toBe('0.0');
    expect(percent(wilson(10000, 10000).lo)).toBe('99.96');
    expect(percent(0.9999)).toBe('99.99');
    expect(percent(0.99999)).toBe('99.999');
    expect(percent(0.0004)).toBe('0.04');
    expect(percent(wilson(0, 10000).hi)).toBe('0.04');
  });

  it('merges files of one game and refuses a deal that appears twice, naming file, game and seed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const a = join(dir, 'a.csv');
    const b = join(dir, 'b.csv');
    writeFileSync(a, formatCsv(COLUMNS, [row('double-dot', 0, 'won'), row('double-dot', 1, 'won')].map(recordOf), true));
    writeFileSync(b, formatCsv(COLUMNS, [row('double-dot', 2, 'lost'), row('double-dot', 1, 'unknown')].map(recordOf), true));
    const c = join(dir, 'c.csv');
    writeFileSync(c, formatCsv(COLUMNS, [row('double-dot', 2, 'lost')].map(recordOf), true));
    expect(summarize(readResultSet([a, c]).rows)[0]).toMatchObject({ deals: 3, won: 2, lost: 1 });
    expect(() => readResultSet([a, b])).toThrow(/b\.csv: double-dot seed 1 .*appears twice/);
    expect(() => readResultSet([join(dir, 'none.csv')])).toThrow(/cannot read/);
  });

  it('keeps the same deal under other rules apart: a line each, named by the rules, in the table, the comparison and the chart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const under = (rules: string, result: DealRow['result']): DealRow => ({ ...row('klondike', 0, result), rules });
    const a = join(dir, 'a.csv');
    const b = join(dir, 'b.csv');
    writeFileSync(a, formatCsv(COLUMNS, [under('aaaaaaaaaaaa', 'won')].map(recordOf), true));
    writeFileSync(b, formatCsv(COLUMNS, [under('bbbbbbbbbbbb', 'lost')].map(recordOf), true));
    const summaries = summarize(readResultSet([a, b]).rows);
    expect(summaries.map((x) => [x.label, x.won, x.lost])).toEqual([
      ['klondike (rules aaaaaaaaaaaa)', 1, 0],
      ['klondike (rules bbbbbbbbbbbb)', 0, 1],
    ]);
    expect(formatSummary(summaries)).toMatch(/klondike \(rules aaaaaaaaaaaa\) +thoughtful/);
    expect(compare(readResultSet([a, b]).rows).games.map((g) => g.game)).toEqual(summaries.map((x) => x.label));
    expect(renderSvg(summaries)).toContain('klondike (rules bbbbbbbbbbbb)');
    // One rule set, the built-in game's: the plain id; one that is not the built-in game's is named by its rules even alone.
    const builtIn = join(dir, 'built-in.csv');
    writeFileSync(builtIn, formatCsv(COLUMNS, [under(rulesHashOf('klondike'), 'won')].map(recordOf), true));
    expect(summarize(readResultSet([builtIn]).rows)[0]!.label).toBe('klondike');
    expect(summarize(readResultSet([a]).rows)[0]!.label).toBe('klondike (rules aaaaaaaaaaaa)');
    // A merged file holds one rule set a game.
    expect(() => mergedCsv(readResultSet([a, b]))).toThrow(/klondike rows under two rule sets \(rules aaaaaaaaaaaa and bbbbbbbbbbbb\)/);
  });
});

describe('plot', () => {
  it('draws an SVG with a bar, a whisker and the stated marker for each game', () => {
    const rows = [row('double-signora', 0, 'won'), row('double-signora', 1, 'unknown'), row('double-aces-and-kings', 0, 'lost')];
    const svg = renderSvg(summarize(rows));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="400"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    for (const label of ['Double Signora', '0 %', '100 %', '95 % Wilson interval', 'stated win rate', 'not stated']) {
      expect(svg).toContain(label);
    }
    expect((svg.match(/<g>/g) ?? []).length).toBe(2);
    expect(svg).not.toMatch(/NaN|undefined/);
  });

  it('widens for many games and slants their names', () => {
    const ids = [
      'double-dot',
      'double-dot:single-cards',
      'double-dot:no-take-backs',
      'double-dot:mixed-pairs',
      'klondike',
      'klondike:draw-1',
      'signora',
    ];
    const svg = renderSvg(summarize(ids.map((id) => row(id, 0, 'won'))));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="900" height="550"/);
    expect((svg.match(/rotate\(-40 /g) ?? []).length).toBe(ids.length);
    expect(svg).toContain('Double Dot (single-cards)');
  });
});

describe('worker pool', () => {
  it('gives the same row for each deal with 1 and 2 workers', async () => {
    const settings = { timeLimit: 0, maxNodes: 20000, memoryMb: 16 };
    const tasks: DealTask[] = [
      ...Array.from({ length: 12 }, (_, seed): DealTask => ({ game: 'double-dot', seed, settings, player: { name: 'thoughtful' } })),
      ...Array.from({ length: 3 }, (_, seed): DealTask => ({ game: 'double-signora', seed, settings, player: { name: 'thoughtful' } })),
      ...Array.from(
        { length: 3 },
        (_, seed): DealTask => ({ game: 'double-aces-and-kings', seed, settings, player: { name: 'thoughtful' } }),
      ),
    ];
    const play = async (workers: number): Promise<unknown[]> => {
      const rows: DealRow[] = [];
      const run = await playDeals(tasks, { workers, onRow: (r) => rows.push(r) });
      expect(run).toEqual({ finished: tasks.length, interrupted: false });
      return rows.map(({ ms: _ms, ...rest }) => rest).sort((x, y) => x.game.localeCompare(y.game) || x.seed - y.seed);
    };
    const one = await play(1);
    const two = await play(2);
    expect(one).toHaveLength(18);
    expect(two).toEqual(one);
    expect(one.every((r) => (r as DealRow).result !== 'error')).toBe(true);
  }, 60_000);

  it('drops the running deals when aborted and reports the run as interrupted', async () => {
    const settings = { timeLimit: 20, maxNodes: 0, memoryMb: 16 };
    const tasks: DealTask[] = Array.from({ length: 200 }, (_, seed) => ({
      game: 'mamy-susan',
      seed,
      settings,
      player: { name: 'thoughtful' },
    }));
    const stop = new AbortController();
    const rows: DealRow[] = [];
    setTimeout(() => stop.abort(), 1000);
    const t0 = Date.now();
    const run = await playDeals(tasks, { workers: 2, signal: stop.signal, onRow: (r) => rows.push(r) });
    expect(run.interrupted).toBe(true);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(rows.length).toBeLessThan(200);
    expect(rows.every((r) => r.result !== 'error')).toBe(true);
  }, 30_000);
});
