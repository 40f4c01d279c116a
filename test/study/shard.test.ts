// Sharded studies (issue 11): the split of the seeds (disjoint shards whose union is the range,
// for several N, N above the number of deals included), the batch engines' environment forms,
// resume, --rerun-unknown and crash isolation per shard, and summary / plot / merge over the
// shard files giving what one run gives, with every inconsistency refused by name.
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseShard, shardFile, shardOfFile, shardSeeds } from '../../src/study/results/shard.js';
import { COLUMNS, formatCsv, recordOf } from '../../src/study/results/csv.js';
import { readResultSet } from '../../src/study/results/result-set.js';
import { runWinrate } from '../../src/study/winrate.js';
import type { DealRow } from '../../src/study/types.js';
import { cliScratchFolder, expectOneLineError, patience, ROOT } from '../support/helpers.js';

const { path } = cliScratchFolder('patience-shard-');
const TINY = ['--time-limit', '0', '--max-nodes', '2000', '--memory', '16', '--quiet', '--workers', '1'];

describe('the split', { timeout: 60_000 }, () => {
  it('shards are disjoint and their union is the range, for several N (N above the deals too)', () => {
    for (const [start, deals] of [
      [0, 10],
      [5, 10],
      [4294967285, 11],
      [3, 1],
    ] as const) {
      for (const count of [1, 2, 3, 7, 8, 10, 11, 50, 1000]) {
        const all: number[] = [];
        for (let index = 0; index < count; index++) {
          const seeds = shardSeeds(start, deals, { index, count });
          expect(seeds.every((s) => s % count === index)).toBe(true);
          all.push(...seeds);
        }
        expect(all.sort((a, b) => a - b)).toEqual(shardSeeds(start, deals));
      }
    }
  });

  it('--shard I/N and the engine forms read the same split from the environment', () => {
    expect(parseShard('3/8', {})).toEqual({ index: 3, count: 8 });
    expect(parseShard('k8s/8', { JOB_COMPLETION_INDEX: '5' })).toEqual({ index: 5, count: 8 });
    expect(parseShard('aws/4', { AWS_BATCH_JOB_ARRAY_INDEX: '0' })).toEqual({ index: 0, count: 4 });
    const slurm = { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '8', SLURM_ARRAY_TASK_COUNT: '8' };
    expect(parseShard('slurm', slurm)).toEqual({ index: 6, count: 8 });
    expect(parseShard('slurm/8', slurm)).toEqual({ index: 6, count: 8 });
    const bad: [string, NodeJS.ProcessEnv, RegExp][] = [
      ['8/8', {}, /shard 8 is not among shards 0\.\.7/],
      ['3', {}, /--shard must be I\/N/],
      ['3/0', {}, /from 1/],
      ['k8s', { JOB_COMPLETION_INDEX: '1' }, /needs the number of shards/],
      ['k8s/4', {}, /JOB_COMPLETION_INDEX is not set/],
      ['k8s/4', { JOB_COMPLETION_INDEX: 'x' }, /whole number/],
      ['aws/4', { AWS_BATCH_JOB_ARRAY_INDEX: '4' }, /shard 4 is not among/],
      ['slurm', { ...slurm, SLURM_ARRAY_TASK_STEP: '2' }, /step 1/],
      ['slurm', { ...slurm, SLURM_ARRAY_TASK_MAX: '20' }, /consecutive/],
      ['slurm/4', slurm, /has 8 tasks/],
    ];
    for (const [text, env, message] of bad) expect(() => parseShard(text, env), text).toThrow(message);
  });

  it('shard files are named beside --out, and read back', () => {
    expect(shardFile('results/thoughtful.csv', { index: 3, count: 8 })).toBe('results/thoughtful.shard-3-of-8.csv');
    expect(shardFile('x', { index: 3, count: 12 })).toBe('x.shard-03-of-12.csv');
    expect(shardOfFile('results/thoughtful.shard-03-of-12.csv')).toEqual({
      study: 'results/thoughtful.csv',
      shard: { index: 3, count: 12 },
      width: 2,
    });
    expect(shardOfFile('results/thoughtful.csv')).toBeUndefined();
  });
});

describe('sharded runs', { timeout: 60_000 }, () => {
  it('winrate --shard plays exactly its seeds into its own file; summary, plot and merge of the shards equal one run', () => {
    const dir = path('study');
    mkdirSync(dir);
    const game = ['--game', 'double-dot', '--deals', '10', '--start', '3'];
    for (let i = 0; i < 4; i++) {
      const r = patience('winrate', ...game, '--shard', `${i}/4`, '--out', join(dir, 'dd.csv'), ...TINY);
      expect(r.status, r.stderr).toBe(0);
      const rows = readFileSync(join(dir, `dd.shard-${i}-of-4.csv`), 'utf8')
        .trimEnd()
        .split('\n')
        .slice(1);
      expect(rows.map((l) => Number(l.split(',')[1]))).toEqual(shardSeeds(3, 10, { index: i, count: 4 }));
    }
    // Resuming a shard plays nothing again.
    const again = patience('winrate', ...game, '--shard', '2/4', '--out', join(dir, 'dd.csv'), ...TINY, '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ played: 0, resumed: 2 });
    const single = path('single.csv');
    expect(patience('winrate', ...game, '--out', single, ...TINY).status).toBe(0);

    const table = (r: { stdout: string }): string => r.stdout.replace(/\s+[\d.]+\s+[\d.]+\s+98 %/g, ' 98 %'); // without the ms columns
    const one = patience('summary', single);
    for (const args of [[dir], [join(dir, 'dd.shard-*-of-4.csv')], [0, 1, 2, 3].map((i) => join(dir, `dd.shard-${i}-of-4.csv`))]) {
      const s = patience('summary', ...args);
      expect(s.status, s.stderr).toBe(0);
      expect(table(s)).toBe(table(one));
    }
    expect(patience('plot', dir).stdout).toBe(patience('plot', single).stdout);
    const merged = path('merged.csv');
    expect(patience('merge', dir, '--out', merged).status).toBe(0);
    const noMs = (file: string): string[] =>
      readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) =>
          l
            .split(',')
            .filter((_, j) => j !== COLUMNS.indexOf('ms'))
            .join(','),
        );
    expect(noMs(merged)).toEqual(noMs(single));
  }, 60_000);

  it('N above the number of deals: the shards without seeds write a header alone, and the study still adds up', () => {
    const out = path('few.csv');
    for (let i = 0; i < 6; i++)
      expect(patience('winrate', '--game', 'double-dot', '--deals', '2', '--shard', `${i}/6`, '--out', out, ...TINY).status).toBe(0);
    expect(readFileSync(path('few.shard-5-of-6.csv'), 'utf8')).toBe(`${COLUMNS.join(',')}\n`);
    const s = patience('summary', path('few.shard-*-of-6.csv'));
    expect(s.stdout).toMatch(/double-dot\s+thoughtful\s+2\s/);
  }, 30_000);

  it('--rerun-unknown and crash isolation work per shard', async () => {
    const out = path('rerun.csv');
    const args = [
      '--game',
      'mamy-susan',
      '--deals',
      '6',
      '--shard',
      '1/2',
      '--out',
      out,
      '--time-limit',
      '0',
      '--memory',
      '16',
      '--quiet',
      '--workers',
      '1',
    ];
    expect(patience('winrate', ...args, '--max-nodes', '200').status).toBe(0);
    const file = path('rerun.shard-1-of-2.csv');
    const before = readFileSync(file, 'utf8');
    expect(before).toMatch(/unknown/);
    expect(patience('winrate', '--rerun-unknown', ...args.filter((a) => a !== '--deals' && a !== '6'), '--max-nodes', '400').status).toBe(
      0,
    );
    const after = readFileSync(file, 'utf8').trimEnd().split('\n').slice(1);
    expect(after.map((l) => l.split(',')[1])).toEqual(['1', '3', '5']);
    expect(after.filter((l) => l.includes(',unknown,')).every((l) => l.includes(',0,400,16,'))).toBe(true);

    const crash = path('crash.csv');
    process.env.PATIENCE_TEST_CRASH_SEED = '4';
    try {
      const run = await runWinrate({
        games: ['double-dot'],
        player: { name: 'thoughtful' },
        start: 0,
        deals: 9,
        shard: { index: 1, count: 3 },
        settings: { timeLimit: 0, maxNodes: 2000, memoryMb: 16 },
        workers: 1,
        out: crash,
        worker: join(ROOT, 'test', 'support', 'crash-worker.ts'),
      });
      expect(run.rows.map((r) => [r.seed, r.result === 'error'])).toEqual([
        [1, false],
        [4, true],
        [7, false],
      ]);
    } finally {
      delete process.env.PATIENCE_TEST_CRASH_SEED;
    }
  }, 60_000);
});

describe('a study that does not add up is refused by name', { timeout: 60_000 }, () => {
  const settings = { timeLimit: 10, maxNodes: 0, memoryMb: 256 };
  const row = (seed: number, result: DealRow['result'] = 'won', more: Partial<DealRow> = {}): DealRow => ({
    game: 'double-dot',
    seed,
    player: 'thoughtful',
    result,
    moves: 1,
    nodes: 1,
    ms: 1,
    limit: '',
    tableFull: false,
    settings,
    error: '',
    solver: '0.1.0+abc1234',
    rules: '',
    ...more,
  });
  /** Writes a study of 3 shards of seeds 0..8, changed by `change`; returns its folder. */
  const study = (name: string, change: (shards: DealRow[][]) => void): string => {
    const dir = path(name);
    mkdirSync(dir);
    const shards = [0, 1, 2].map((i) => [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((s) => s % 3 === i).map((s) => row(s)));
    change(shards);
    shards.forEach((rows, i) => writeFileSync(join(dir, `s.shard-${i}-of-3.csv`), formatCsv(COLUMNS, rows.map(recordOf), true)));
    return dir;
  };

  it('a study that adds up reads as one', () => {
    expect(readResultSet([study('good', () => {})]).rows).toHaveLength(9);
  });

  const cases: [string, (s: DealRow[][]) => void, RegExp][] = [
    ['missing', (s) => s.splice(2, 1), /shard 2 of 3 of .*s\.csv is missing: no .*s\.shard-2-of-3\.csv/],
    ['twice', (s) => s[1]!.push(row(4)), /s\.shard-1-of-3\.csv: double-dot seed 4 \(player thoughtful\) appears twice/],
    [
      'twice-across',
      (s) => s[0]!.push(row(4)),
      /s\.shard-1-of-3\.csv: double-dot seed 4 \(player thoughtful\) appears twice: also in .*s\.shard-0-of-3\.csv/,
    ],
    ['stray', (s) => s[0]!.push(s[1]!.splice(1, 1)[0]!), /s\.shard-0-of-3\.csv: double-dot seed 4 is not in shard 0 of 3 \(4 mod 3 = 1\)/],
    [
      'players',
      (s) => s[2]!.forEach((r) => (r.player = 'greedy')),
      /shards made with different players: .*s\.shard-0-of-3\.csv has double-dot by thoughtful, .*s\.shard-2-of-3\.csv by greedy/,
    ],
    [
      'limits',
      (s) => {
        s[0]![0] = row(0, 'unknown', { settings: { ...settings, timeLimit: 2 } });
        s[1]![0] = row(1, 'unknown');
      },
      /shards made with different limits: .*s\.shard-0-of-3\.csv is unknown at time limit 2 s.*s\.shard-1-of-3\.csv unknown at time limit 10 s/,
    ],
    [
      'larger',
      (s) => {
        for (const shard of s) for (const r of shard) r.settings = { ...settings, timeLimit: 2 };
        s[0]![0] = row(0, 'unknown', { settings: { ...settings, timeLimit: 2 } });
        s[1]![0] = row(1, 'won', { settings: { ...settings, timeLimit: 30 } });
      },
      /different limits: .*seed 1 in .*s\.shard-1-of-3\.csv won at time limit 30 s/,
    ],
    [
      'stopped',
      (s) => s[1]!.splice(1, 1),
      /s\.shard-1-of-3\.csv lacks double-dot \(player thoughtful\) seed 4 \(the study holds seeds 0\.\.8\)/,
    ],
  ];
  for (const [name, change, message] of cases) {
    it(name, () => {
      expect(() => readResultSet([study(name, change)])).toThrow(message);
    });
  }

  it('as one line and exit 2 from summary, plot and merge', () => {
    const dir = path('missing');
    for (const args of [
      ['summary', dir],
      ['plot', dir],
      ['merge', dir, '--out', path('m.csv')],
    ])
      expectOneLineError(patience(...args), /shard 2 of 3 .* is missing/);
  });

  it('names the missing shard by the last shard tag of a name that holds two', () => {
    const dir = path('nested');
    mkdirSync(dir);
    const given = join(dir, 'y.shard-0-of-2.shard-1-of-2.csv');
    writeFileSync(given, 'game,seed,result\ndouble-dot,1,won\n');
    expectOneLineError(
      patience('summary', given),
      /shard 0 of 2 of .*y\.shard-0-of-2\.csv is missing: no .*y\.shard-0-of-2\.shard-0-of-2\.csv among/,
    );
  });

  it('a file given twice, by any name, is said to be given twice, not to hold its deals twice', () => {
    const file = path('once.csv');
    writeFileSync(file, 'game,seed,result\ndouble-dot,1,won\n');
    expectOneLineError(patience('summary', file, file), /once\.csv is given twice: name each file once/);
    const other = `${dirname(file)}/./once.csv`;
    expectOneLineError(patience('merge', file, other, '--out', path('twice-merged.csv')), /is given twice \(also as .*once\.csv\)/);
  });
});
