// A win-rate run: the deals of each game from a range of seeds (or one shard of it), played on
// the worker pool, each finished deal written at once as a CSV row, and a summary at the end.
//
// Never losing work:
// - The results file is locked for the run (src/study/results/lock.ts): a second run on it refuses at once.
// - Rows are appended one by one as deals finish (src/study/results/results-file.ts), so a run that is
//   stopped or dies keeps every deal it finished. A torn last line is dropped on resume.
// - Rerunning with the same file resumes: a deal (game, player, seed) already in the file is not
//   played again if its row is as good as this run would make it: decided (won and lost are
//   exact whatever the limits) or made with limits at least as large. An undecided row made
//   with smaller limits stops the run with a one-line error: --rerun-unknown is for that.
// - --rerun-unknown plays the undecided rows (unknown or error) of the file again with the limits
//   given and replaces each row in place as its deal finishes: undecided deals are rerun, never
//   dropped or swapped for other seeds.
// Both are one way of running: a list of tasks, the pool, and a sink the rows go to.
import { MAX_SEED } from '../position/position.js';
import { UsageError } from '../errors.js';
import { settingsCover, type SolveSettings } from '../solve/settings.js';
import { dealKey, type ResultsOnDisk } from './results/csv.js';
import { rulesHashOf } from '../games/index.js';
import { playDeals } from './pool.js';
import { startProgress, type ProgressMode, type Tally } from './progress.js';
import { openForAppend, openForReplace, type OpenResults, type Sink } from './results/results-file.js';
import { inShard, shardSeeds, type Shard } from './results/shard.js';
import { summarize, type GameSummary } from './report/summary.js';
import { playerLabel, type DealRow, type DealTask, type PlayerSpec } from './types.js';

export interface WinrateOptions {
  games: readonly string[];
  player: PlayerSpec;
  /** First seed. */
  start: number;
  /** Seeds start..start+deals-1 of each game; with rerunUnknown it may be left out (all rows). */
  deals?: number;
  /** Only the seeds of this shard. */
  shard?: Shard;
  settings: SolveSettings;
  workers: number;
  out: string;
  rerunUnknown?: boolean;
  signal?: AbortSignal;
  progress?: ProgressMode;
  /** Told of things worth a line on stderr (a torn line dropped, a stale lock removed, ...). */
  warn?: (message: string) => void;
  /** The worker module (tests give one that wraps the real one). */
  worker?: string;
}

export interface WinrateRun {
  /** The summary of the deals of the run's range (resumed ones included). */
  summary: GameSummary[];
  rows: DealRow[];
  /** Deals played in this run. */
  played: number;
  /** Deals of the range found done in the file. */
  resumed: number;
  /** Error rows made in this run. */
  errors: number;
  /** Deals of the range left unplayed because the run was stopped. */
  remaining: number;
  interrupted: boolean;
}

/** What a run does: the tasks to play, the rows already done, and what the summary covers. */
interface Plan {
  tasks: DealTask[];
  done: DealRow[];
  /** The rows of the run's scope once the run is over, given the rows it played. */
  scope: (played: DealRow[]) => DealRow[];
}

export async function runWinrate(opts: WinrateOptions): Promise<WinrateRun> {
  if (opts.deals !== undefined && opts.start + opts.deals - 1 > MAX_SEED) {
    throw new UsageError(`seeds ${opts.start}..${opts.start + opts.deals - 1} go past the last seed ${MAX_SEED}`);
  }
  const warn = opts.warn ?? (() => {});
  const vet = (results: ResultsOnDisk): void => refuseOtherRules(opts, results.rows);
  const file = opts.rerunUnknown ? openForReplace(opts.out, warn, vet) : openForAppend(opts.out, warn, vet);
  try {
    const plan = opts.rerunUnknown ? planRerun(opts, file) : planRange(opts, file);
    const run = await runTasks(plan, file.sink, opts);
    const rows = plan.scope(run.played);
    return {
      summary: summarize(rows),
      rows,
      played: run.finished,
      resumed: plan.done.length,
      errors: run.errors,
      remaining: plan.tasks.length - run.finished,
      interrupted: run.interrupted,
    };
  } finally {
    file.close();
  }
}

const selected = (opts: WinrateOptions, seed: number): boolean =>
  (opts.deals === undefined || (seed >= opts.start && seed < opts.start + opts.deals)) &&
  (opts.shard === undefined || inShard(seed, opts.shard));

/** Whether a row already in the file stands for this run's deal (see the file comment). */
function covers(row: DealRow, want: SolveSettings): boolean {
  return row.result === 'won' || row.result === 'lost' || settingsCover(row.settings, want);
}

/** The deals of the range not yet in the file: seed by seed, every game for each seed, so that a run stopped early has about as many deals of each game. */
function planRange(opts: WinrateOptions, file: OpenResults): Plan {
  const label = playerLabel(opts.player);
  const existing = new Map(file.results.rows.map((r) => [dealKey(r), r] as const));
  const done: DealRow[] = [];
  const tasks: DealTask[] = [];
  for (const seed of shardSeeds(opts.start, opts.deals ?? 0, opts.shard)) {
    for (const game of opts.games) {
      const row = existing.get(dealKey({ game, player: label, seed }));
      if (!row) tasks.push({ game, seed, settings: opts.settings, player: opts.player });
      else if (covers(row, opts.settings)) done.push(row);
      else {
        throw new UsageError(
          `${opts.out} already holds ${game} seed ${seed} as ${row.result} with smaller limits (time limit ${row.settings.timeLimit}, max nodes ${row.settings.maxNodes}, memory ${row.settings.memoryMb}): rerun undecided deals with --rerun-unknown, or write to another --out`,
        );
      }
    }
  }
  return { tasks, done, scope: (played) => [...done, ...played] };
}

/**
 * A file whose rows of a game were made under other rules than this run's cannot be resumed: the
 * study would mix them. Nor can rows that record no rules (written before rows recorded them):
 * nothing tells whether they were made under this run's rules, so none is taken as one of them.
 */
function refuseOtherRules(opts: WinrateOptions, rows: readonly DealRow[]): void {
  for (const game of opts.games) {
    const mine = rulesHashOf(game);
    const unrecorded = rows.filter((r) => r.game === game && r.rules === '').length;
    if (unrecorded > 0)
      throw new UsageError(
        `${opts.out} holds ${unrecorded} ${game} row(s) that record no rules (written before rows recorded them), so they cannot be resumed under this run's rules (${mine}): write this run to another --out`,
      );
    const other = rows.find((r) => r.game === game && r.rules !== mine);
    if (other)
      throw new UsageError(
        `${opts.out} holds ${game} rows made under other rules (rules ${other.rules}, this run's ${mine}): write this run to another --out`,
      );
  }
}

/** The undecided rows (unknown or error) of the file within the run's games, player and range. */
function planRerun(opts: WinrateOptions, file: OpenResults): Plan {
  const label = playerLabel(opts.player);
  const rows = file.results.rows;
  const inScope = (r: DealRow): boolean => opts.games.includes(r.game) && r.player === label && selected(opts, r.seed);
  const tasks: DealTask[] = [];
  const done: DealRow[] = [];
  for (const r of rows.filter(inScope)) {
    if (r.result === 'unknown' || r.result === 'error')
      tasks.push({ game: r.game, seed: r.seed, settings: opts.settings, player: opts.player });
    else done.push(r);
  }
  return { tasks, done, scope: () => rows.filter(inScope) };
}

/** The one way tasks are run: on the pool, each finished row to the sink and the progress display. */
async function runTasks(
  plan: Plan,
  sink: Sink,
  opts: WinrateOptions,
): Promise<{ finished: number; interrupted: boolean; errors: number; played: DealRow[] }> {
  const played: DealRow[] = [];
  if (plan.tasks.length === 0) return { finished: 0, interrupted: false, errors: 0, played };
  sink.begin();
  const total = plan.done.length + plan.tasks.length;
  const progress = await startProgress(opts.progress ?? 'none', total, plan.done.length, tally(plan.done));
  let errors = 0;
  try {
    const run = await playDeals(plan.tasks, {
      workers: Math.min(opts.workers, plan.tasks.length),
      signal: opts.signal,
      ...(opts.worker !== undefined ? { worker: opts.worker } : {}),
      onRow(row) {
        sink.write(row);
        played.push(row);
        if (row.result === 'error') errors++;
        progress.add(row);
      },
    });
    return { ...run, errors, played };
  } finally {
    progress.stop();
  }
}

function tally(rows: readonly DealRow[]): Tally {
  const t: Tally = { won: 0, lost: 0, unknown: 0, error: 0 };
  for (const r of rows) t[r.result]++;
  return t;
}
