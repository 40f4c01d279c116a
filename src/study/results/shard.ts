// Shards: a win-rate study split over the tasks of a batch engine (a Kubernetes Indexed Job, a
// Slurm job array, an AWS Batch array job), each task playing its own part of the seeds into its
// own file. The split is fixed and the same in every process: seed s belongs to shard s mod N
// (shards 0..N-1), whatever --start and --deals are, so a shard's seeds never move when a range
// grows, every shard gets about as many deals, and N may exceed the number of deals (some shards
// then have none). Shard I of N of `--out DIR/NAME.csv` writes DIR/NAME.shard-I-of-N.csv.
import { UsageError } from '../../errors.js';

export interface Shard {
  index: number;
  count: number;
}

/** Shards in one study at most. */
const MAX_SHARDS = 100_000;

export const inShard = (seed: number, shard: Shard): boolean => seed % shard.count === shard.index;

/** The seeds start..start+deals-1 that belong to the shard (all of them without one), in order. */
export function shardSeeds(start: number, deals: number, shard?: Shard): number[] {
  const end = start + deals;
  if (!shard) return Array.from({ length: deals }, (_, i) => start + i);
  const first = start + ((shard.index - (start % shard.count) + shard.count) % shard.count);
  const seeds: number[] = [];
  for (let s = first; s < end; s += shard.count) seeds.push(s);
  return seeds;
}

/** The batch engines whose environment can name the shard, and the variable holding its index. */
const ENGINES = {
  k8s: 'JOB_COMPLETION_INDEX',
  aws: 'AWS_BATCH_JOB_ARRAY_INDEX',
  slurm: 'SLURM_ARRAY_TASK_ID',
} as const;

/**
 * Reads `--shard`: `I/N` (shard I of N, 0 <= I < N); or `k8s/N`, `aws/N`, `slurm[/N]` to take I
 * from the batch engine's environment (for Slurm, I is SLURM_ARRAY_TASK_ID minus
 * SLURM_ARRAY_TASK_MIN, and N is SLURM_ARRAY_TASK_COUNT).
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv = process.env): Shard {
  const m = /^\s*([0-9]+|k8s|aws|slurm)(?:\/([0-9]+))?\s*$/.exec(text);
  const usage = `--shard must be I/N (shard I of N, from 0), k8s/N, aws/N or slurm, not '${text}'`;
  if (!m) throw new UsageError(usage);
  const [, which, countText] = m as unknown as [string, string, string | undefined];
  let count = countText === undefined ? undefined : Number(countText);
  let index: number;
  if (/^[0-9]+$/.test(which)) {
    if (count === undefined) throw new UsageError(usage);
    index = Number(which);
  } else {
    const engine = which as keyof typeof ENGINES;
    const variable = ENGINES[engine];
    index = envNumber(env, variable, `--shard ${which}`);
    if (engine === 'slurm') {
      const step = env.SLURM_ARRAY_TASK_STEP;
      if (step !== undefined && step.trim() !== '1')
        throw new UsageError(`--shard slurm needs a job array with step 1 (SLURM_ARRAY_TASK_STEP is ${step})`);
      const min = env.SLURM_ARRAY_TASK_MIN === undefined ? 0 : envNumber(env, 'SLURM_ARRAY_TASK_MIN', '--shard slurm');
      const tasks = envNumber(env, 'SLURM_ARRAY_TASK_COUNT', '--shard slurm');
      if (env.SLURM_ARRAY_TASK_MAX !== undefined && envNumber(env, 'SLURM_ARRAY_TASK_MAX', '--shard slurm') - min + 1 !== tasks) {
        throw new UsageError('--shard slurm needs a job array of consecutive task ids (such as --array=0-7)');
      }
      if (count !== undefined && count !== tasks)
        throw new UsageError(`--shard slurm/${count}: the job array has ${tasks} tasks (SLURM_ARRAY_TASK_COUNT)`);
      count = tasks;
      index -= min;
    } else if (count === undefined) {
      throw new UsageError(`--shard ${which} needs the number of shards: --shard ${which}/N`);
    }
  }
  if (count < 1 || count > MAX_SHARDS) throw new UsageError(`--shard: the number of shards must be from 1 to ${MAX_SHARDS}, not ${count}`);
  if (index < 0 || index >= count) throw new UsageError(`--shard: shard ${index} is not among shards 0..${count - 1}`);
  return { index, count };
}

function envNumber(env: NodeJS.ProcessEnv, name: string, flag: string): number {
  const v = env[name];
  if (v === undefined || v.trim() === '')
    throw new UsageError(`${flag}: ${name} is not set (is this running as a task of that batch engine?)`);
  if (!/^\s*[0-9]+\s*$/.test(v)) throw new UsageError(`${flag}: ${name} must be a whole number, not '${v}'`);
  return Number(v);
}

/** The file shard `shard` of `--out file` writes: NAME.csv becomes NAME.shard-I-of-N.csv, I padded to the width of N-1. */
export function shardFile(file: string, shard: Shard): string {
  const width = String(shard.count - 1).length;
  const tag = `shard-${String(shard.index).padStart(width, '0')}-of-${shard.count}`;
  const m = /^(.*?)(\.csv)?$/i.exec(file)!;
  return `${m[1]}.${tag}${m[2] ?? '.csv'}`;
}

/** The shard a file name says it holds, and the name without it (`x.shard-3-of-8.csv` -> x.csv, 3 of 8). */
export function shardOfFile(file: string): { study: string; shard: Shard; width: number } | undefined {
  const m = /^(.*)\.shard-([0-9]+)-of-([0-9]+)(\.csv)?$/i.exec(file);
  if (!m) return undefined;
  const shard = { index: Number(m[2]), count: Number(m[3]) };
  return shard.count >= 1 && shard.index < shard.count ? { study: `${m[1]}${m[4] ?? ''}`, shard, width: m[2]!.length } : undefined;
}
