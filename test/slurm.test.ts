// deploy/slurm/winrate.sbatch submitted to a real one-node Slurm (test/support/slurm.ts): a job
// array whose merged shards must equal one run over the same seeds, and a task requeued while it
// runs, which must resume its shard (its rows kept, no deal twice, none missing). Settings are a
// node budget with no time limit, so that every row is the same however loaded the machine is.
// It starts daemons as root, so it runs only with CI set (.ci/run sets it and installs Slurm),
// and then a machine without Slurm fails it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLUMNS } from '../src/study/results/csv.js';
import { requireBuiltCli, ROOT } from './support/helpers.js';
import { type Slurm, startSlurm } from './support/slurm.js';

const REASON = 'runs only with CI set: it starts munged, slurmctld and slurmd as root';
if (!process.env.CI) console.warn(`slurm.test.ts skipped: ${REASON}`);

let dir = '';
/** A copy of the built project, as a cluster's shared checkout: jobs are submitted from it. */
let work = '';
let slurm: Slurm | undefined;

interface Study {
  GAME: string;
  DEALS: string;
  MAX_NODES: string;
  MEMORY: string;
}

/** Submits the recipe as README says, the study's settings in the environment, as an array of `tasks` tasks of 1 CPU; results into `name`/. */
function submit(study: Study, name: string, tasks: number): { job: string; results: string } {
  const results = join(dir, name);
  const args = ['--parsable', `--array=0-${tasks - 1}`, '--cpus-per-task=1', '--mem=1G', 'deploy/slurm/winrate.sbatch'];
  const out = slurm!.run('sbatch', args, { cwd: work, env: { ...study, TIME_LIMIT: '0', RESULTS: results } });
  return { job: out.trim().split(';')[0]!, results };
}

/** Each task's line of `scontrol show job`, by array task id. */
function tasksOf(job: string): Map<number, string> {
  const lines = slurm!.run('scontrol', ['-o', 'show', 'job', job]).trim().split('\n');
  return new Map(lines.map((l) => [Number(/ArrayTaskId=(\S+)/.exec(l)?.[1]), l]));
}

const field = (line: string | undefined, name: string): string | undefined => new RegExp(`\\b${name}=(\\S+)`).exec(line ?? '')?.[1];

const queueEmpty = (): boolean => slurm!.run('squeue', ['-h']) === '';

/** The job's output files, for a failure's message. */
const outputs = (): string[] =>
  readdirSync(work)
    .filter((f) => f.startsWith('slurm-'))
    .map((f) => join(work, f));

/** The complete rows of a results file (a last line still being written left out), header dropped. */
function rows(file: string): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .slice(1, -1);
}

/** Waits for the array to leave the queue; every task must have completed with exit 0. */
async function finished(job: string, tasks: number, seconds: number): Promise<Map<number, string>> {
  await slurm!.until(`job ${job} out of the queue`, seconds, queueEmpty);
  const done = tasksOf(job);
  const logs = slurm!.logs(...outputs());
  for (let t = 0; t < tasks; t++) {
    expect(field(done.get(t), 'JobState'), `task ${t}\n${logs}`).toBe('COMPLETED');
    expect(field(done.get(t), 'ExitCode'), `task ${t}\n${logs}`).toBe('0:0');
  }
  return done;
}

const cli = (...args: string[]): string => {
  const r = spawnSync(process.execPath, ['bin/patience.js', ...args], { cwd: work, encoding: 'utf8', timeout: 120_000 });
  expect(r.status, `patience ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
};

/** The rows of a results file but their times, sorted. */
const timeless = (file: string): string[] =>
  rows(file)
    .map((l) =>
      l
        .split(',')
        .filter((_, j) => j !== COLUMNS.indexOf('ms'))
        .join(','),
    )
    .sort();

/** The shards in `results` merged equal one run of the study on 2 workers: every row but its time, and the summary. */
function expectSameAsOneRun(study: Study, results: string, name: string): string {
  const merged = join(dir, `${name}-merged.csv`);
  cli('merge', results, '--out', merged);
  const single = join(dir, `${name}-single.csv`);
  const { GAME, DEALS, MAX_NODES, MEMORY } = study;
  cli(
    'winrate',
    '--game',
    GAME,
    '--deals',
    DEALS,
    '--time-limit',
    '0',
    '--max-nodes',
    MAX_NODES,
    '--memory',
    MEMORY,
    '--workers',
    '2',
    '--out',
    single,
    '--quiet',
  );
  expect(timeless(merged)).toEqual(timeless(single));
  const summary = (file: string): unknown =>
    (JSON.parse(cli('summary', file, '--json')) as { summary: { ms: unknown }[] }).summary.map(({ ms: _ms, ...rest }) => rest);
  expect(summary(results)).toEqual(summary(single));
  return merged;
}

describe.skipIf(!process.env.CI)(`deploy/slurm/winrate.sbatch on a real one-node Slurm (${REASON})`, () => {
  beforeAll(async () => {
    requireBuiltCli();
    dir = mkdtempSync(join(tmpdir(), 'patience-slurm-'));
    work = join(dir, 'checkout');
    mkdirSync(work);
    // What the CLI needs at run time, as the Docker image carries it: the rules files too.
    for (const d of ['bin', 'dist', 'rules', 'deploy', 'package.json']) cpSync(join(ROOT, d), join(work, d), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
    slurm = await startSlurm();
  }, 90_000);

  afterAll(async () => {
    try {
      await slurm?.stop();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('an array of 4 tasks plays 4 shards that merge into one run over the same seeds', async () => {
    const study = { GAME: 'all', DEALS: '12', MAX_NODES: '20000', MEMORY: '32' };
    const { job, results } = submit(study, 'study', 4);
    await finished(job, 4, 120);
    expect(readdirSync(results).sort()).toEqual([0, 1, 2, 3].map((i) => `thoughtful.shard-${i}-of-4.csv`));
    const merged = expectSameAsOneRun(study, results, 'study');
    expect(rows(merged)).toHaveLength(4 * 12);
  }, 180_000);

  it('a task requeued while it runs resumes its shard: its rows kept, every deal once', async () => {
    // About a sixth of a second a deal, so task 0 is still running when it is requeued.
    const study = { GAME: 'mamy-susan', DEALS: '120', MAX_NODES: '300000', MEMORY: '64' };
    const { job, results } = submit(study, 'requeue', 2);
    const shard = join(results, 'thoughtful.shard-0-of-2.csv');
    const task = `${job}_0`;
    const state = (): string => slurm!.run('squeue', ['-h', '-r', '-j', task, '-o', '%T']).trim();
    await slurm!.until(`task ${task} running with 5 rows`, 60, () => state() === 'RUNNING' && rows(shard).length >= 5);
    slurm!.run('scontrol', ['requeue', task]);
    await slurm!.until(`task ${task} pending again after requeue`, 60, () => state() === 'PENDING');
    const kept = rows(shard);
    expect(kept.length, 'stopped part way').toBeLessThan(60);
    // Slurm holds a requeued job while its old credential lives (CRED_EXPIRE_S here, not the
    // default 2 minutes); forcing it to start sooner makes the node refuse it.
    const done = await finished(job, 2, 120);
    expect(field(done.get(0), 'Restarts'), 'task 0 ran twice').toBe('1');
    // Kept as they were (their times too): resumed, not played again.
    expect(rows(shard).slice(0, kept.length)).toEqual(kept);
    const seed = (row: string): number => Number(row.split(',')[COLUMNS.indexOf('seed')]);
    expect(
      rows(shard)
        .map(seed)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 60 }, (_, i) => 2 * i));
    const merged = expectSameAsOneRun(study, results, 'requeue');
    expect(rows(merged).map(seed)).toEqual(Array.from({ length: 120 }, (_, i) => i));
  }, 240_000);
});
