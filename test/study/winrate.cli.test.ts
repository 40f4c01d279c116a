// The winrate, summary and plot commands, run as the built CLI (dist/, built by `npx tsc -p .`):
// results independent of the number of workers, resuming after Ctrl-C, crash isolation (through
// the library, with a test worker that wraps the real one),
// --rerun-unknown, summaries of several files, and one-line errors for bad flags.
import { describe, it, expect, beforeAll } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWinrate } from '../../src/study/winrate.js';
import { ROOT } from '../support/helpers.js';

const CRASH_WORKER = join(ROOT, 'test', 'support', 'crash-worker.ts');
const BIN = join(ROOT, 'bin', 'patience.js');
let dir = '';

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('build first: npx tsc -p .');
  dir = mkdtempSync(join(tmpdir(), 'winrate-cli-'));
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Ran {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Row {
  [column: string]: string;
}

function readRows(file: string): Row[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => {
    const cells = l.split(',');
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

const FAST = ['--time-limit', '0', '--max-nodes', '20000', '--memory', '16', '--quiet'];

describe('patience winrate', () => {
  it('writes the same row for each deal with --workers 1 and --workers 2', () => {
    const run = (workers: string, out: string): Row[] => {
      expect(cli(['winrate', '--game', 'double-dot', '--deals', '12', '--workers', workers, '--out', out, ...FAST]).code).toBe(0);
      expect(cli(['winrate', '--game', 'double-signora', '--deals', '4', '--workers', workers, '--out', out, ...FAST]).code).toBe(0);
      return readRows(join(dir, out))
        .map(({ ms: _ms, ...rest }) => rest)
        .sort((a, b) => a.game!.localeCompare(b.game!) || Number(a.seed) - Number(b.seed));
    };
    const one = run('1', 'w1.csv');
    const two = run('2', 'w2.csv');
    expect(one).toHaveLength(16);
    expect(two).toEqual(one);
    expect(Object.keys(one[0]!)).toEqual(
      expect.arrayContaining([
        'game',
        'seed',
        'player',
        'result',
        'moves',
        'nodes',
        'limit',
        'time_limit',
        'max_nodes',
        'memory_mb',
        'error',
      ]),
    );
    expect(one.every((r) => r.player === 'thoughtful' && r.max_nodes === '20000' && r.time_limit === '0')).toBe(true);
  }, 60_000);

  it('prints the summary table on stdout (progress only on stderr) and JSON with --json', () => {
    const r = cli([
      'winrate',
      '--game',
      'double-dot',
      '--deals',
      '6',
      '--workers',
      '2',
      '--out',
      'table.csv',
      '--time-limit',
      '0',
      '--max-nodes',
      '20000',
      '--memory',
      '16',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^game\s+player\s+deals\s+won\s+lost\s+unknown\s+errors\s+win %\s+95 % interval\s+median ms\s+p95 ms\s+stated$/,
    );
    expect(lines[1]).toMatch(/^double-dot\s+thoughtful\s+6\s/);
    expect(lines[1]).toContain('98 %');
    expect(r.stderr).toMatch(/winrate: 6\/6 deals/);
    const j = cli(['winrate', '--game', 'double-dot', '--deals', '6', '--out', 'table.csv', '--json', ...FAST]);
    expect(j.code).toBe(0);
    const report = JSON.parse(j.stdout) as {
      resumed: number;
      played: number;
      summary: { game: string; deals: number; interval: { lo: number; hi: number } }[];
    };
    expect(report.resumed).toBe(6);
    expect(report.played).toBe(0);
    expect(report.summary[0]).toMatchObject({ game: 'double-dot', deals: 6 });
    expect(j.stderr).toBe('');
  }, 30_000);

  it('resumes after Ctrl-C: every seed once, none lost', async () => {
    const out = join(dir, 'resume.csv');
    // Time limits keep the run long enough to interrupt whatever the solver's speed.
    const args = ['winrate', '--game', 'all', '--deals', '20', '--workers', '2', '--out', out, '--time-limit', '0.25', '--memory', '16'];
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (existsSync(out) && readFileSync(out, 'utf8').trimEnd().split('\n').length >= 5) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill('SIGINT');
    const code = await exited;
    expect(code).toBe(130);
    const partial = readRows(out);
    expect(partial.length).toBeGreaterThanOrEqual(4);
    expect(partial.length).toBeLessThan(80);
    const deals = (rows: Row[], game: string): number => rows.filter((r) => r.game === game).length;
    const game = partial[0]!.game!;
    expect(stdout).toMatch(new RegExp(`${game}\\s+thoughtful\\s+${deals(partial, game)}\\s`));
    expect(stderr).toMatch(/not played; run the same command again/);
    expect(stderr).not.toMatch(/\n\s+at /);

    const again = cli(args.concat('--quiet'));
    expect(again.code).toBe(0);
    const rows = readRows(out);
    expect(rows).toHaveLength(80);
    for (const game of ['double-signora', 'double-aces-and-kings', 'double-dot', 'mamy-susan']) {
      const seeds = rows
        .filter((r) => r.game === game)
        .map((r) => Number(r.seed))
        .sort((a, b) => a - b);
      expect(seeds, game).toEqual(Array.from({ length: 20 }, (_, i) => i));
    }
    // The rows written before the interrupt are kept as they were.
    expect(rows.slice(0, partial.length)).toEqual(partial);
    expect(again.stdout).toMatch(/mamy-susan\s+thoughtful\s+20\s/);
  }, 60_000);

  for (const mode of ['throw', 'exit']) {
    it(`isolates a worker that fails on a deal (${mode}): an error row, the others fine`, async () => {
      const out = join(dir, `crash-${mode}.csv`);
      process.env.PATIENCE_TEST_CRASH_SEED = '3';
      process.env.PATIENCE_TEST_CRASH_MODE = mode;
      try {
        const run = await runWinrate({
          games: ['double-dot'],
          player: { name: 'thoughtful' },
          start: 0,
          deals: 6,
          settings: { timeLimit: 0, maxNodes: 20000, memoryMb: 16 },
          workers: 2,
          out,
          worker: CRASH_WORKER,
        });
        expect(run.errors).toBe(1);
        expect(run.summary[0]).toMatchObject({ game: 'double-dot', deals: 6, errors: 1 });
      } finally {
        delete process.env.PATIENCE_TEST_CRASH_SEED;
        delete process.env.PATIENCE_TEST_CRASH_MODE;
      }
      const rows = readRows(out);
      expect(rows.map((x) => Number(x.seed)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
      const bad = rows.filter((x) => x.result === 'error');
      expect(bad.map((x) => x.seed)).toEqual(['3']);
      expect(bad[0]!.error).toMatch(mode === 'exit' ? /exited with code/ : /test crash on seed 3/);
      expect(rows.filter((x) => x.seed !== '3').every((x) => ['won', 'lost', 'unknown'].includes(x.result!))).toBe(true);
    }, 60_000);
  }

  it('the production worker has no crash hook: the variables change nothing', () => {
    const r = cli(['winrate', '--game', 'double-dot', '--deals', '4', '--workers', '1', '--out', 'no-hook.csv', ...FAST], {
      PATIENCE_TEST_CRASH_SEED: '2',
      PATIENCE_TEST_CRASH_MODE: 'exit',
    });
    expect(r.code).toBe(0);
    expect(readRows(join(dir, 'no-hook.csv')).every((x) => x.result !== 'error')).toBe(true);
  }, 30_000);

  it('--rerun-unknown replaces the undecided rows in place, keeping every seed', () => {
    const out = join(dir, 'rerun.csv');
    const small = ['--time-limit', '0', '--memory', '16', '--quiet', '--workers', '2'];
    const run = (game: string, more: string[]): Ran => cli(['winrate', '--game', game, '--deals', '6', '--out', out, ...more, ...small]);
    expect(run('double-signora', ['--max-nodes', '1000']).code).toBe(0);
    expect(run('mamy-susan', ['--max-nodes', '1000']).code).toBe(0);
    const before = readRows(out);
    expect(before.some((r) => r.result === 'unknown')).toBe(true);
    // Resuming with larger limits over smaller-limit unknowns is refused with a hint.
    const refused = run('mamy-susan', ['--max-nodes', '150000']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^patience: .*--rerun-unknown.*\n$/);
    const r = cli(['winrate', '--game', 'all', '--rerun-unknown', '--out', out, '--max-nodes', '150000', ...small]);
    expect(r.code).toBe(0);
    const after = readRows(out);
    expect(after.map((x) => x.seed)).toEqual(before.map((x) => x.seed));
    after.forEach((x, i) => {
      if (before[i]!.result === 'unknown') expect(x.max_nodes).toBe('150000');
      else expect(x).toEqual(before[i]);
    });
    expect(after.filter((x) => x.result === 'won').length).toBeGreaterThanOrEqual(before.filter((x) => x.result === 'won').length);
    expect(r.stdout).toMatch(/double-signora\s+thoughtful\s+6\s[\s\S]*mamy-susan\s+thoughtful\s+6\s/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});

describe('patience summary and plot', () => {
  it('merges files of one game and refuses a seed that appears twice', () => {
    expect(cli(['winrate', '--game', 'double-dot', '--deals', '3', '--out', 'm1.csv', ...FAST]).code).toBe(0);
    expect(cli(['winrate', '--game', 'double-dot', '--deals', '3', '--start', '3', '--out', 'm2.csv', ...FAST]).code).toBe(0);
    const s = cli(['summary', 'm1.csv', 'm2.csv']);
    expect(s.code).toBe(0);
    expect(s.stdout).toMatch(/double-dot\s+thoughtful\s+6\s/);
    const j = cli(['summary', 'm1.csv', 'm2.csv', '--json']);
    expect((JSON.parse(j.stdout) as { summary: { deals: number }[] }).summary[0]!.deals).toBe(6);
    copyFileSync(join(dir, 'm1.csv'), join(dir, 'm1-copy.csv'));
    const dup = cli(['summary', 'm1.csv', 'm2.csv', 'm1-copy.csv']);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toMatch(/^patience: m1-copy\.csv: double-dot seed [0-2] .*appears twice.*\n$/);
    const svg = cli(['plot', 'm1.csv', 'm2.csv', '--out', 'chart.svg']);
    expect(svg.code).toBe(0);
    expect(readFileSync(join(dir, 'chart.svg'), 'utf8')).toMatch(/^<svg [^>]*width="900" height="400"[\s\S]*Double Dot[\s\S]*<\/svg>\n$/);
  }, 30_000);

  it('refuses bad flags and files with one line on stderr and no stack trace', () => {
    writeFileSync(join(dir, 'notes.csv'), 'hello,world\n1,2\n');
    const cases: [string[], RegExp][] = [
      [['winrate', '--game', 'double-dot', '--deals', '-5', '--out', 'x.csv'], /--deals/],
      [['winrate', '--game', 'double-dot', '--deals', '0', '--out', 'x.csv'], /--deals/],
      [['winrate', '--game', 'double-dot', '--deals', 'ten', '--out', 'x.csv'], /--deals/],
      [['winrate', '--game', 'chess', '--deals', '3', '--out', 'x.csv'], /unknown game 'chess'/],
      [['winrate', '--game', 'double-dot', '--deals', '3', '--workers', '0', '--out', 'x.csv'], /--workers/],
      [['winrate', '--game', 'double-dot', '--deals', '3', '--out', 'no/such/dir/x.csv'], /cannot write 'no\/such\/dir\/x\.csv'/],
      [['winrate', '--game', 'double-dot', '--deals', '3', '--out', '/proc/x.csv'], /cannot write '\/proc\/x\.csv'/],
      [['winrate', '--game', 'double-dot', '--deals', '3'], /--out/],
      [['winrate', '--game', 'double-dot', '--out', 'x.csv'], /--deals/],
      [['winrate', '--game', 'double-dot', '--deals', '3', '--start', '-1', '--out', 'x.csv'], /--start/],
      [['winrate', '--game', 'double-dot', '--deals', '3', '--out', 'notes.csv'], /notes\.csv: not a win-rate CSV/],
      [['winrate', '--game', 'double-dot', '--rerun-unknown', '--out', 'missing.csv'], /cannot read 'missing\.csv'/],
      [['summary', 'missing.csv'], /cannot read 'missing\.csv'/],
      [['summary', 'notes.csv'], /not a win-rate CSV/],
    ];
    for (const [args, message] of cases) {
      const r = cli(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr.split('\n').filter(Boolean), args.join(' ')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\s+at /);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(dir, 'x.csv'))).toBe(false);
  }, 30_000);
});
