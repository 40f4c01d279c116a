// The recipes in deploy/, run as their batch engines would run them, on this machine: every index
// of the Kubernetes Indexed Job (the container's command from the Dockerfile's ENTRYPOINT and the
// manifest's args, JOB_COMPLETION_INDEX set) and every task of the Slurm array (the script itself,
// SLURM_ARRAY_TASK_* set), with tiny settings; then the shards are merged and their summary must
// equal one run over the same seeds. Docker cannot run here: the Dockerfile is only read.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLUMNS } from '../src/study/results/csv.js';
import { seedGames } from '../src/games/index.js';
import { cliScratchFolder, patience, ROOT } from './support/helpers.js';

const { path } = cliScratchFolder('patience-deploy-');
const DEALS = '4';
const TINY = { '--deals': DEALS, '--time-limit': '0', '--max-nodes': '2000', '--memory': '16', '--workers': '1' };

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The one value of `key:` in a YAML file (the manifest keeps these on one line each). */
function yamlValue(text: string, key: string): string {
  const found = [...text.matchAll(new RegExp(`^\\s*-?\\s*${key}:\\s*(.+?)\\s*$`, 'gm'))].map((m) => m[1]!);
  expect(found, key).toHaveLength(1);
  return found[0]!;
}

/** `args` with the study's settings made tiny (flags replaced, or added) and `--out` moved from `from` to `to`. */
function tiny(args: string[], from: string, to: string): string[] {
  const out = [...args];
  for (const [flag, value] of Object.entries(TINY)) {
    const i = out.indexOf(flag);
    if (i >= 0) out[i + 1] = value;
    else out.push(flag, value);
  }
  const o = out.indexOf('--out');
  expect(out[o + 1]!.startsWith(`${from}/`)).toBe(true);
  out[o + 1] = join(to, out[o + 1]!.slice(from.length + 1));
  return out;
}

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

/** The merged study equals one run over the same seeds: rows (but times), and summary (but times). */
function expectSameAsOneRun(dir: string, study: string): void {
  const merged = path(`${study}-merged.csv`);
  const m = patience('merge', dir, '--out', merged);
  expect(m.status, m.stderr).toBe(0);
  const single = path(`${study}-single.csv`);
  const one = patience('winrate', '--game', 'all', '--out', single, ...Object.entries(TINY).flat(), '--quiet');
  expect(one.status, one.stderr).toBe(0);
  const sorted = (lines: string[]): string[] => [lines[0]!, ...lines.slice(1).sort()];
  expect(sorted(noMs(merged))).toEqual(sorted(noMs(single)));
  // merge sorts by game, in the tool's order, then seed.
  const keys = noMs(merged)
    .slice(1)
    .map((l) => l.split(','));
  const order = (k: string[]): number => seedGames().findIndex((g) => g.id === k[0]) * 1e10 + Number(k[1]);
  expect(keys.map(order)).toEqual(keys.map(order).sort((a, b) => a - b));
  expect(noMs(merged)).toHaveLength(4 * Number(DEALS) + 1);
  const summary = (args: string[]): unknown =>
    (JSON.parse(patience('summary', ...args, '--json').stdout) as { summary: { ms: unknown }[] }).summary.map(
      ({ ms: _ms, ...rest }) => rest,
    );
  expect(summary([dir])).toEqual(summary([single]));
}

describe('deploy/', () => {
  it('the Dockerfile builds the CLI and its image runs it, results on a volume', () => {
    const docker = read('deploy/Dockerfile');
    const entry = JSON.parse(/^ENTRYPOINT\s+(\[.*\])\s*$/m.exec(docker)![1]!) as string[];
    expect(entry).toEqual(['node', 'bin/patience.js']);
    expect(docker).toMatch(/^WORKDIR \/app$/m);
    expect(docker).toMatch(/^RUN npm ci && npm prune --omit=dev$/m);
    expect(docker).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    // The CLI reads the games' rules files at run time.
    expect(docker).toMatch(/^COPY rules \.\/rules$/m);
    expect(docker).toMatch(/^VOLUME \/results$/m);
    // The image's default command: the CLI's help, which exits 0.
    const cmd = JSON.parse(/^CMD\s+(\[.*\])\s*$/m.exec(docker)![1]!) as string[];
    const r = spawnSync(process.execPath, [join(ROOT, entry[1]!), ...cmd], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/winrate/);
  });

  it('Kubernetes: every index of the Indexed Job, run as the Job would run it, adds up to one run', () => {
    const job = read('deploy/k8s/winrate-job.yaml');
    expect(yamlValue(job, 'completionMode')).toBe('Indexed');
    const completions = Number(yamlValue(job, 'completions'));
    const args = JSON.parse(yamlValue(job, 'args')) as string[];
    const mount = yamlValue(job, 'mountPath');
    expect(args[args.indexOf('--shard') + 1]).toBe(`k8s/${completions}`);
    expect(completions).toBeGreaterThan(Number(DEALS)); // some shards have no seeds: that must work too
    const entry = JSON.parse(/^ENTRYPOINT\s+(\[.*\])\s*$/m.exec(read('deploy/Dockerfile'))![1]!) as string[];
    const dir = path('k8s');
    mkdirSync(dir); // the volume the Job mounts
    for (let index = 0; index < completions; index++) {
      const r = spawnSync(entry[0] === 'node' ? process.execPath : entry[0]!, [...entry.slice(1), ...tiny(args, mount, dir)], {
        cwd: ROOT, // the image's WORKDIR /app holds what the project's root holds
        encoding: 'utf8',
        env: { ...process.env, JOB_COMPLETION_INDEX: String(index) },
      });
      expect(r.status, r.stderr).toBe(0);
    }
    expectSameAsOneRun(dir, 'k8s');
  }, 120_000);

  it('Slurm: every task of the job array, run as sbatch would run the script, adds up to one run', () => {
    const script = read('deploy/slurm/winrate.sbatch');
    const [, lo, hi] = /^#SBATCH --array=(\d+)-(\d+)$/m.exec(script)!;
    const min = Number(lo);
    const max = Number(hi);
    const dir = path('slurm');
    for (let id = min; id <= max; id++) {
      const r = spawnSync('bash', [join(ROOT, 'deploy/slurm/winrate.sbatch')], {
        cwd: path(''), // sbatch starts the script elsewhere; it goes to SLURM_SUBMIT_DIR
        encoding: 'utf8',
        env: {
          ...process.env,
          SLURM_SUBMIT_DIR: ROOT,
          SLURM_ARRAY_JOB_ID: '1234',
          SLURM_ARRAY_TASK_ID: String(id),
          SLURM_ARRAY_TASK_MIN: String(min),
          SLURM_ARRAY_TASK_MAX: String(max),
          SLURM_ARRAY_TASK_COUNT: String(max - min + 1),
          SLURM_ARRAY_TASK_STEP: '1',
          SLURM_CPUS_PER_TASK: '1',
          RESULTS: dir,
          DEALS,
          TIME_LIMIT: TINY['--time-limit'],
          MAX_NODES: TINY['--max-nodes'],
          MEMORY: TINY['--memory'],
        },
      });
      expect(r.status, r.stderr).toBe(0);
    }
    expectSameAsOneRun(dir, 'slurm');
  }, 120_000);
});
