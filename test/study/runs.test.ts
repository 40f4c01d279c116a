// Runs that meet each other or the machine's limits: two runs on one results file (a lock, and a
// lock a killed run does not leave behind for ever), a file that already holds deals twice
// (repair), --workers above the cores, and many workers without MaxListenersExceededWarning.
import { describe, it, expect } from 'vitest';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, linkSync, lstatSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { playDeals } from '../../src/study/pool.js';
import type { DealRow, DealTask } from '../../src/study/types.js';
import { BIN, cliScratchFolder, expectOneLineError, patience, ROOT } from '../support/helpers.js';

const { path } = cliScratchFolder('patience-runs-');
const FAST = ['--time-limit', '0', '--max-nodes', '2000', '--memory', '16', '--quiet', '--workers', '1'];

const seedsOf = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(0, 3).join(','));

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A run that writes `out` for minutes (Mamy Susan at 1 s a deal), and a promise of its exit. */
function longRun(out: string): { long: ChildProcess; exited: Promise<unknown> } {
  const args = [
    'winrate',
    '--game',
    'mamy-susan',
    '--deals',
    '500',
    '--time-limit',
    '1',
    '--memory',
    '16',
    '--workers',
    '1',
    '--out',
    out,
    '--quiet',
  ];
  const long = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: 'ignore' });
  return { long, exited: new Promise((res) => long.on('exit', res)) };
}

describe('two runs on one --out', { timeout: 60_000 }, () => {
  it('the second refuses at once; a run killed with SIGKILL leaves a lock the next run sees is stale', async () => {
    const out = path('locked.csv');
    const { long, exited } = longRun(out);
    try {
      await until(() => existsSync(`${out}.lock`), 15_000);
      const lock = JSON.parse(readFileSync(`${out}.lock`, 'utf8')) as { pid: number; host: string };
      expect(lock.pid).toBe(long.pid);
      const t0 = Date.now();
      const second = patience('winrate', '--game', 'mamy-susan', '--deals', '500', '--out', out, ...FAST);
      expectOneLineError(second, /locked\.csv is in use by another run/, new RegExp(`pid ${long.pid}`));
      expect(Date.now() - t0).toBeLessThan(10_000);
      const rerun = patience('winrate', '--rerun-unknown', '--out', out, ...FAST);
      expectOneLineError(rerun, /in use by another run/);
      expectOneLineError(patience('repair', out), /in use by another run/);
      // Other names of the same file take the same lock.
      const link = path('locked-link.csv');
      symlinkSync(out, link);
      for (const other of [link, join(dirname(out), '.', basename(out))]) {
        expectOneLineError(patience('winrate', '--game', 'mamy-susan', '--deals', '500', '--out', other, ...FAST), /in use by another run/);
        expectOneLineError(patience('winrate', '--rerun-unknown', '--out', other, ...FAST), /in use by another run/);
      }
    } finally {
      long.kill('SIGKILL');
      await exited;
    }
    expect(existsSync(`${out}.lock`)).toBe(true); // SIGKILL: nothing could remove it
    const next = patience(
      'winrate',
      '--game',
      'mamy-susan',
      '--deals',
      '3',
      '--time-limit',
      '1',
      '--memory',
      '16',
      '--workers',
      '1',
      '--out',
      out,
    );
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toMatch(/removed a stale lock \(pid \d+ on this host is gone\)/);
    expect(existsSync(`${out}.lock`)).toBe(false); // released at the end
    const rows = seedsOf(out);
    expect(new Set(rows).size).toBe(rows.length);
  }, 60_000);

  it('a file with another hard link is refused: the other name would take another lock', () => {
    const out = path('hard.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '1', '--out', out, ...FAST).status).toBe(0);
    const text = readFileSync(out, 'utf8');
    linkSync(out, path('hard-link.csv'));
    for (const name of [out, path('hard-link.csv')]) {
      expectOneLineError(patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', name, ...FAST), /has 2 hard links/);
      expectOneLineError(patience('repair', name), /has 2 hard links/);
    }
    expect(readFileSync(out, 'utf8')).toBe(text);
  });

  it('a lock from another host is held while it is touched, and stale after two minutes untouched', () => {
    const out = path('other-host.csv');
    writeFileSync(`${out}.lock`, JSON.stringify({ pid: 1, host: 'node-7.cluster', started: '2026-01-01T00:00:00.000Z' }));
    expectOneLineError(patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', out, ...FAST), /pid 1 on node-7\.cluster/);
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(`${out}.lock`, old, old);
    const r = patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', out, ...FAST);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/removed a stale lock \(pid 1 on node-7\.cluster, untouched for \d+ s\)/);
  }, 30_000);
});

describe('repair', { timeout: 60_000 }, () => {
  it('a file with every seed twice: summary and resume refuse, naming repair; repair keeps the first row of each', () => {
    const out = path('twice.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '4', '--out', out, ...FAST).status).toBe(0);
    const text = readFileSync(out, 'utf8');
    const [header, ...lines] = text.trimEnd().split('\n');
    // As two runs left it before the lock: every row again, then a torn line.
    writeFileSync(out, `${header}\n${lines.join('\n')}\n${lines.join('\n')}\n${lines[0]!.slice(0, 15)}`);
    const summary = patience('summary', out);
    expect(summary.status).toBe(2);
    expect(summary.stderr).toMatch(
      /^patience: .*twice\.csv: left out an incomplete last line: .*\npatience: .*appears twice in this file.*patience repair/,
    );
    const resume = patience('winrate', '--game', 'double-dot', '--deals', '4', '--out', out, ...FAST);
    expect(resume.status).toBe(2);
    expect(resume.stderr).toMatch(
      /dropped an incomplete last line.*\npatience: .*appears twice: `patience repair .*twice\.csv` keeps the first row of each deal\n$/,
    );
    const r = patience('repair', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(`${out}: kept 4 rows, dropped 4 repeated row(s) and an incomplete last line`);
    expect(readFileSync(out, 'utf8')).toBe(text);
    expect(patience('summary', out).status).toBe(0);
    expect(patience('repair', out).stdout).toMatch(/nothing to repair \(4 rows, every deal once\)/);
  }, 30_000);
});

describe('a results file named by a symbolic link', { timeout: 60_000 }, () => {
  it('stays a link: --rerun-unknown, repair and merge --out rewrite the file it points to', () => {
    const real = path('real.csv');
    const link = path('real-link.csv');
    expect(
      patience(
        'winrate',
        '--game',
        'double-dot',
        '--deals',
        '3',
        '--out',
        real,
        '--time-limit',
        '0',
        '--max-nodes',
        '10',
        '--memory',
        '16',
        '--quiet',
      ).status,
    ).toBe(0);
    expect(readFileSync(real, 'utf8')).toMatch(/,unknown,/);
    symlinkSync(real, link);
    expect(
      patience('winrate', '--rerun-unknown', '--out', link, '--time-limit', '0', '--max-nodes', '200000', '--memory', '16', '--quiet')
        .status,
    ).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const rerun = readFileSync(real, 'utf8');
    expect(rerun).not.toMatch(/,unknown,/);
    const [header, ...rows] = rerun.trimEnd().split('\n');
    writeFileSync(real, `${[header, ...rows, rows[0]].join('\n')}\n`);
    expect(patience('repair', link).status).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe(rerun);
    const other = path('other.csv');
    expect(patience('winrate', '--game', 'double-signora', '--deals', '1', '--out', other, ...FAST).status).toBe(0);
    const merged = path('merged-link.csv');
    symlinkSync(path('merged-real.csv'), merged);
    expect(patience('merge', real, other, '--out', merged).status).toBe(0);
    expect(lstatSync(merged).isSymbolicLink()).toBe(true);
    expect(readFileSync(path('merged-real.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(5);
  });
});

describe('merge, plot and show --out', { timeout: 60_000 }, () => {
  it('refuse a file a run is writing, and a page or chart over results rows; the run keeps every row', async () => {
    const good = path('good.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', good, ...FAST).status).toBe(0);
    const busy = path('busy.csv');
    const { long, exited } = longRun(busy);
    try {
      await until(() => existsSync(`${busy}.lock`), 15_000);
      expectOneLineError(patience('merge', good, '--out', busy), /busy\.csv is in use by another run|busy\.csv holds results rows/);
      expectOneLineError(patience('plot', good, '--out', busy), /holds results rows|in use by another run/);
      const result = path('page.json');
      writeFileSync(result, patience('solve', '--game', 'double-dot', '--seed', '1', '--json').stdout);
      expectOneLineError(patience('show', result, '--out', busy), /holds results rows|in use by another run/);
      expectOneLineError(patience('show', result, '--out', good), /good\.csv holds results rows: write the output to another file/);
      expectOneLineError(patience('plot', good, '--out', good), /is also an input|holds results rows/);
      expect(patience('show', result, '--out', path('page.html')).status).toBe(0);
    } finally {
      long.kill('SIGINT');
      await exited;
    }
    // The run's file is its own: no merged rows, no page, every row it wrote once.
    const text = readFileSync(busy, 'utf8');
    expect(text.startsWith('game,seed,')).toBe(true);
    expect(text).not.toMatch(/double-dot|<svg|<html/i);
    expect(new Set(seedsOf(busy)).size).toBe(seedsOf(busy).length);
    expect(seedsOf(good)).toHaveLength(2);
  });
});

describe('a named pipe', { timeout: 60_000 }, () => {
  it('with no writer is refused in one line after a moment, not waited on for ever', () => {
    const fifo = path('no-writer.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const args of [
      ['summary', fifo],
      ['check', fifo],
      ['deal', '--position', fifo],
    ]) {
      const t0 = Date.now();
      expectOneLineError(patience(...args), /is a named pipe nothing was written to \(no writer\)/);
      expect(Date.now() - t0).toBeLessThan(15_000);
    }
  });

  it('with a writer is read to its end', async () => {
    const out = path('piped.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', out, ...FAST).status).toBe(0);
    const fifo = path('writer.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `sleep 0.3; cat '${out}' > '${fifo}'`]);
    const done = new Promise((res) => writer.on('exit', res));
    const summary = await new Promise<{ code: number | null; stdout: string }>((res) => {
      const p = spawn(process.execPath, [BIN, 'summary', fifo], { cwd: ROOT });
      let stdout = '';
      p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      p.on('exit', (code) => res({ code, stdout }));
    });
    await done;
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/double-dot +thoughtful +2 /);
  });
});

describe("'-' as an output", { timeout: 60_000 }, () => {
  it('is refused where the file is read back (winrate --out, repair), and is standard output where it is only written', () => {
    const dash = join(ROOT, '-');
    expect(existsSync(dash)).toBe(false);
    expectOneLineError(
      patience('winrate', '--game', 'double-dot', '--deals', '1', '--out', '-', ...FAST),
      /--out -: a run reads its file back/,
    );
    expectOneLineError(patience('repair', '-'), /repair -: a file is repaired in place/);
    expect(existsSync(dash)).toBe(false);
    const out = path('dash.csv');
    expect(patience('winrate', '--game', 'double-dot', '--deals', '2', '--out', out, ...FAST).status).toBe(0);
    const merged = patience('merge', out, '--out', '-');
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout.trimEnd().split('\n')).toHaveLength(3);
    const result = path('dash.json');
    writeFileSync(result, patience('solve', '--game', 'double-dot', '--seed', '1', '--json').stdout);
    const page = patience('show', result, '--out', '-');
    expect(page.status, page.stderr).toBe(0);
    expect(page.stdout).toMatch(/^<!doctype html>/i);
    expect(existsSync(dash)).toBe(false);
  });
});

describe('a last row whose line break is missing', { timeout: 60_000 }, () => {
  /** A results file of double-dot seeds 0..2 whose last row lacks only its final line break. */
  const unterminated = (name: string): { out: string; text: string } => {
    const out = path(name);
    expect(patience('winrate', '--game', 'double-dot', '--deals', '3', '--out', out, ...FAST).status).toBe(0);
    const text = readFileSync(out, 'utf8');
    writeFileSync(out, text.slice(0, -1));
    return { out, text };
  };

  it('is a finished deal: a run of another game keeps it and appends on a line of its own', () => {
    const { out, text } = unterminated('unterminated.csv');
    const r = patience('winrate', '--game', 'double-signora', '--deals', '1', '--out', out, ...FAST);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/incomplete/);
    const after = readFileSync(out, 'utf8');
    expect(after.startsWith(text)).toBe(true);
    expect(after.slice(text.length)).toMatch(/^double-signora,0,thoughtful,[^\n]*\n$/);
    expect(seedsOf(out)).toEqual([
      'double-dot,0,thoughtful',
      'double-dot,1,thoughtful',
      'double-dot,2,thoughtful',
      'double-signora,0,thoughtful',
    ]);
    // The same run again plays nothing: seed 2 of double-dot is there.
    expect(patience('winrate', '--game', 'double-dot', '--deals', '3', '--out', out, ...FAST).stderr).not.toMatch(/incomplete/);
    expect(readFileSync(out, 'utf8')).toBe(after);
  });

  it('repair and summary keep it; a row cut inside a field is still left out', () => {
    const { out, text } = unterminated('unterminated-repair.csv');
    expect(patience('summary', out).stdout).toMatch(/double-dot +thoughtful +3 /);
    expect(patience('repair', out).stdout).toMatch(/nothing to repair \(3 rows, every deal once\)/);
    writeFileSync(out, text.slice(0, text.lastIndexOf(',') - 2));
    expect(patience('repair', out).stdout).toMatch(/kept 2 rows, dropped 0 repeated row\(s\) and an incomplete last line/);
  });
});

describe('workers', { timeout: 60_000 }, () => {
  it('--workers above the available parallelism is capped with a one-line warning', () => {
    const out = path('workers.csv');
    const r = patience(
      'winrate',
      '--game',
      'double-dot',
      '--deals',
      '3',
      '--workers',
      '1000',
      '--out',
      out,
      '--time-limit',
      '0',
      '--max-nodes',
      '2000',
      '--memory',
      '16',
      '--quiet',
    );
    expect(r.status).toBe(0);
    const cores = availableParallelism();
    expect(r.stderr).toBe(
      `patience: --workers 1000 is more than the ${cores} available core(s): using ${cores} (more threads would slow every deal and, under a time limit, change results)\n`,
    );
    expect(seedsOf(out)).toHaveLength(3);
  }, 30_000);

  it('many workers print no MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(`${w.name}: ${w.message}`);
    };
    process.on('warning', onWarning);
    try {
      const settings = { timeLimit: 0, maxNodes: 500, memoryMb: 8 };
      const tasks: DealTask[] = Array.from({ length: 16 }, (_, seed) => ({
        game: 'double-dot',
        seed,
        settings,
        player: { name: 'thoughtful' },
      }));
      const rows: DealRow[] = [];
      const run = await playDeals(tasks, { workers: 6, onRow: (r) => rows.push(r) });
      expect(run.finished).toBe(16);
      await new Promise((r) => setTimeout(r, 50)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  }, 60_000);
});
