// Plays deals on a pool of worker threads (piscina), a few tasks ahead of the workers, and hands
// every finished deal back as a row the moment it finishes. A deal whose worker throws, dies or
// runs out of memory becomes an `error` row (piscina replaces the worker) and the run goes on.
// Aborting stops the submitting; running deals are cancelled (their threads terminated) and
// dropped, never written as rows.
import { setMaxListeners } from 'node:events';
import { addedGames } from '../games/index.js';
import type { SolveResult } from '../solve/result.js';
import { workerEntry, workerFileEntry } from '../threads.js';
import { errorRow, rowFromResult, type DealRow, type DealTask } from './types.js';

/** JS heap limit of one worker in megabytes (the solver's tables are outside the JS heap). */
const WORKER_HEAP_MB = 1024;

export interface PoolOptions {
  /** Worker threads. */
  workers: number;
  /** Called for every finished deal, in the order they finish. An exception from it stops the run. */
  onRow: (row: DealRow) => void;
  /** Aborting stops the run: what finished is kept, what runs is dropped. */
  signal?: AbortSignal;
  /** The worker module (default: ./worker, which plays the deal); tests give one that wraps it. */
  worker?: string;
}

export interface PoolRun {
  /** Deals that finished (rows handed to onRow). */
  finished: number;
  /** Whether the signal stopped the run before every task was played. */
  interrupted: boolean;
}

export async function playDeals(tasks: Iterable<DealTask>, opts: PoolOptions): Promise<PoolRun> {
  const { Piscina } = await import('piscina');
  const workers = Math.max(1, Math.floor(opts.workers));
  const entry = opts.worker !== undefined ? workerFileEntry(opts.worker) : workerEntry(import.meta.url, 'worker');
  const pool = new Piscina<DealTask, SolveResult>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: workers,
    maxThreads: workers,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    // Games this run added (a rules file, --rule changes): the workers read the same rules.
    workerData: { games: addedGames() },
  });
  const stop = new AbortController();
  const ahead = workers * 2;
  // Every task in flight listens to the signal: more than Node's default 10 is expected here.
  setMaxListeners(ahead + 10, stop.signal);
  let fatal: Error | undefined;
  const fail = (e: unknown): void => {
    fatal ??= e instanceof Error ? e : new Error(String(e));
    stop.abort();
  };
  // An error outside any task (a thread that cannot start or load the worker module): the run
  // cannot go on, and tasks waiting for a thread would wait forever without the abort.
  pool.on('error', (e: unknown) => fail(new Error(`worker pool failed: ${e instanceof Error ? e.message : String(e)}`)));
  const onAbort = (): void => stop.abort();
  if (opts.signal?.aborted) stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  const iterator = tasks[Symbol.iterator]();
  const running = new Set<Promise<void>>();
  let finished = 0;
  let exhausted = false;
  let dropped = 0;

  const settle = (task: DealTask, outcome: SolveResult | undefined, err: unknown): void => {
    if (fatal) return;
    if (err !== undefined && stop.signal.aborted && (err as Error | undefined)?.name === 'AbortError') {
      dropped++;
      return;
    }
    const row = err === undefined ? rowFromResult(task, outcome!) : errorRow(task, err instanceof Error ? err.message : String(err));
    try {
      opts.onRow(row);
      finished++;
    } catch (e) {
      fail(e);
    }
  };

  try {
    await new Promise<void>((resolve) => {
      const pump = (): void => {
        while (!stop.signal.aborted && running.size < ahead) {
          const next = iterator.next();
          if (next.done) {
            exhausted = true;
            break;
          }
          const task = next.value;
          const p: Promise<void> = pool
            .run(task, { signal: stop.signal })
            .then(
              (outcome) => settle(task, outcome, undefined),
              (err: unknown) => settle(task, undefined, err ?? new Error('task failed')),
            )
            .finally(() => {
              running.delete(p);
              pump();
            });
          running.add(p);
        }
        if (running.size === 0) resolve();
      };
      pump();
    });
    await Promise.allSettled([...running]);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    await pool.destroy();
  }
  if (fatal) throw fatal;
  return { finished, interrupted: !exhausted || dropped > 0 };
}
