// A win-rate run: the deals of each game from a range of seeds, played on the worker pool, each
// finished deal written at once as a CSV row, and a summary of the range at the end.
//
// Never losing work:
// - Rows are appended to the results file one by one as deals finish (one write each), so a run
//   that is stopped or dies keeps every deal it finished. A torn last line is dropped on resume.
// - Rerunning with the same file resumes: a deal (game, player, seed) already in the file is not
//   played again if its row is as good as this run would make it: decided (won and lost are
//   exact whatever the limits) or made with limits at least as large. An undecided row made
//   with smaller limits stops the run with a one-line error: --rerun-unknown is for that.
// - --rerun-unknown plays the undecided rows (unknown or error) of the file again with the limits
//   given and replaces each row in place as its deal finishes, rewriting the file atomically
//   (a temporary file renamed over it): undecided deals are rerun, never dropped or swapped for
//   other seeds.
import { closeSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { MAX_SEED } from '../deal.js';
import { fileError } from '../files.js';
import { UsageError } from '../errors.js';
import type { GameId } from '../games/index.js';
import type { SolveSettings } from '../solve.js';
import { COLUMNS, dealKey, formatCsv, parseResults, recordOf, type ResultsFile } from './csv.js';
import { playDeals } from './pool.js';
import { startProgress, type ProgressMode, type Tally } from './progress.js';
import { summarize, type GameSummary } from './summary.js';
import type { DealRow, DealTask, PlayerLabel } from './types.js';
import type { SamplingSettings } from '../player/sampling.js';

export interface WinrateOptions {
  games: readonly GameId[];
  player: PlayerLabel;
  /** The sampling player's settings (for that player only). */
  sampling: SamplingSettings;
  /** First seed. */
  start: number;
  /** Seeds start..start+deals-1 of each game; with rerunUnknown it may be left out (all rows). */
  deals?: number;
  settings: SolveSettings;
  workers: number;
  out: string;
  rerunUnknown?: boolean;
  signal?: AbortSignal;
  progress?: ProgressMode;
  /** Seconds between plain progress lines (progress 'lines'). */
  progressEvery?: number;
  /** Told of things worth a line on stderr (a torn line dropped, ...). */
  warn?: (message: string) => void;
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

export async function runWinrate(opts: WinrateOptions): Promise<WinrateRun> {
  if (opts.deals !== undefined && opts.start + opts.deals - 1 > MAX_SEED) {
    throw new UsageError(`seeds ${opts.start}..${opts.start + opts.deals - 1} go past the last seed ${MAX_SEED}`);
  }
  return opts.rerunUnknown ? rerunUnknown(opts) : playRange(opts);
}

const inRange = (opts: WinrateOptions, seed: number): boolean =>
  opts.deals === undefined || (seed >= opts.start && seed < opts.start + opts.deals);

/** Whether a row already in the file stands for this run's deal (see the file comment). */
function covers(row: DealRow, want: SolveSettings): boolean {
  if (row.result === 'won' || row.result === 'lost') return true;
  const atLeast = (have: number, need: number): boolean => have === 0 || (need !== 0 && have >= need);
  const s = row.settings;
  return atLeast(s.timeLimit, want.timeLimit) && atLeast(s.maxNodes, want.maxNodes) && s.memoryMb >= want.memoryMb;
}

/**
 * Reads the results file for resuming or rerunning: checked, no deal twice, and a torn last line
 * (a write cut short) left out. Returns the text to keep.
 */
function readExisting(file: string, text: string, warn: (m: string) => void): { results: ResultsFile; keep: string } {
  let keep = text;
  if (text !== '' && !text.endsWith('\n')) {
    const cut = text.lastIndexOf('\n') + 1;
    if (cut > 0) {
      keep = text.slice(0, cut);
      warn(`${file}: dropped an incomplete last line (a write cut short): ${JSON.stringify(text.slice(cut, cut + 60))}`);
    } else keep = `${text}\n`; // a header alone without its line break
  }
  const results = parseResults(keep, file);
  const seen = new Set<string>();
  for (const row of results.rows) {
    const key = dealKey(row);
    if (seen.has(key)) throw new UsageError(`${file}: ${row.game} seed ${row.seed} (player ${row.player}) appears twice`);
    seen.add(key);
  }
  return { results, keep };
}

async function playRange(opts: WinrateOptions): Promise<WinrateRun> {
  const warn = opts.warn ?? (() => {});
  const deals = opts.deals ?? 0;
  let fd: number;
  try {
    fd = openSync(opts.out, 'a');
  } catch (e) {
    throw fileError('write', opts.out, e);
  }
  try {
    let text: string;
    try {
      text = readFileSync(opts.out, 'utf8');
    } catch (e) {
      throw fileError('read', opts.out, e);
    }
    const { results, keep } = readExisting(opts.out, text, warn);
    // Rows are appended under the file's own header: one that lacks a column would lose it.
    const missing = keep === '' ? [] : COLUMNS.filter((c) => !results.header.includes(c));
    if (missing.length) throw new UsageError(`${opts.out} has no column ${missing.join(', ')}: write this run to another --out`);
    try {
      if (keep.length < text.length) ftruncateSync(fd, Buffer.byteLength(keep));
      else if (keep.length > text.length) writeSync(fd, keep.slice(text.length));
      if (keep === '') writeSync(fd, formatCsv(COLUMNS, [], true));
    } catch (e) {
      throw fileError('write', opts.out, e);
    }
    const header = keep === '' ? [...COLUMNS] : results.header;

    // Deals already done, and the ones to play: seed by seed, every game for each seed, so that
    // a run stopped early has about as many deals of each game.
    const existing = new Map(results.rows.map((r) => [dealKey(r), r] as const));
    const done: DealRow[] = [];
    const tasks: DealTask[] = [];
    for (let seed = opts.start; seed < opts.start + deals; seed++) {
      for (const game of opts.games) {
        const row = existing.get(dealKey({ game, player: opts.player, seed }));
        if (!row) tasks.push({ game, seed, settings: opts.settings, mode: opts.player, sampling: opts.sampling });
        else if (covers(row, opts.settings)) done.push(row);
        else {
          throw new UsageError(
            `${opts.out} already holds ${game} seed ${seed} as ${row.result} with smaller limits (time limit ${row.settings.timeLimit}, max nodes ${row.settings.maxNodes}, memory ${row.settings.memoryMb}): rerun undecided deals with --rerun-unknown, or write to another --out`,
          );
        }
      }
    }

    const rows = [...done];
    const total = deals * opts.games.length;
    const progress = await startProgress(opts.progress ?? 'none', total, done.length, tally(done), (opts.progressEvery ?? 5) * 1000);
    let errors = 0;
    let run;
    try {
      run = await playDeals(tasks, {
        workers: Math.min(opts.workers, Math.max(1, tasks.length)),
        signal: opts.signal,
        onRow(row) {
          try {
            writeSync(fd, formatCsv(header, [recordOf(row)], false));
          } catch (e) {
            throw fileError('write', opts.out, e);
          }
          rows.push(row);
          if (row.result === 'error') errors++;
          progress.add(row);
        },
      });
    } finally {
      progress.stop();
    }
    return {
      summary: summarize(rows),
      rows,
      played: run.finished,
      resumed: done.length,
      errors,
      remaining: total - rows.length,
      interrupted: run.interrupted,
    };
  } finally {
    closeSync(fd);
  }
}

async function rerunUnknown(opts: WinrateOptions): Promise<WinrateRun> {
  const warn = opts.warn ?? (() => {});
  let text: string;
  try {
    text = readFileSync(opts.out, 'utf8');
  } catch (e) {
    throw fileError('read', opts.out, e);
  }
  const { results } = readExisting(opts.out, text, warn);
  const header = [...results.header, ...COLUMNS.filter((c) => !results.header.includes(c))];
  const records = results.records;
  const rows = results.rows;
  const selected = (r: DealRow): boolean => opts.games.includes(r.game) && r.player === opts.player && inRange(opts, r.seed);
  const index = new Map<string, number>();
  const tasks: DealTask[] = [];
  rows.forEach((r, i) => {
    if (selected(r) && (r.result === 'unknown' || r.result === 'error')) {
      index.set(dealKey(r), i);
      tasks.push({ game: r.game, seed: r.seed, settings: opts.settings, mode: opts.player, sampling: opts.sampling });
    }
  });

  const tmp = `${opts.out}.${process.pid}.tmp`;
  const rewrite = (): void => {
    try {
      const fd = openSync(tmp, 'w');
      try {
        writeSync(fd, formatCsv(header, records, true));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, opts.out);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw fileError('write', opts.out, e);
    }
  };
  if (tasks.length > 0) rewrite(); // fails early if the file cannot be replaced

  const inScope = rows.filter(selected);
  const progress = await startProgress(opts.progress ?? 'none', inScope.length, inScope.length - tasks.length, tally(inScope.filter((r) => !index.has(dealKey(r)))), (opts.progressEvery ?? 5) * 1000);
  let errors = 0;
  let run;
  try {
    run = await playDeals(tasks, {
      workers: Math.min(opts.workers, Math.max(1, tasks.length)),
      signal: opts.signal,
      onRow(row) {
        const i = index.get(dealKey(row))!;
        const before = { record: records[i]!, row: rows[i]! };
        records[i] = recordOf(row);
        rows[i] = row;
        try {
          rewrite();
        } catch (e) {
          records[i] = before.record;
          rows[i] = before.row;
          throw e;
        }
        if (row.result === 'error') errors++;
        progress.add(row);
      },
    });
  } finally {
    progress.stop();
  }
  const summarized = rows.filter(selected);
  return {
    summary: summarize(summarized),
    rows: summarized,
    played: run.finished,
    resumed: summarized.length - tasks.length,
    errors,
    remaining: tasks.length - run.finished,
    interrupted: run.interrupted,
  };
}

function tally(rows: readonly DealRow[]): Tally {
  const t: Tally = { won: 0, lost: 0, unknown: 0, error: 0 };
  for (const r of rows) t[r.result]++;
  return t;
}
