// Solving one position: the search, then the independent referee's replay of any win before it
// is reported. A win that fails replay is an engine bug and is thrown, never reported. With
// several threads, each searches with its own plan and the first to decide answers.
import type { Position } from '../position/position.js';
import { formatMove } from '../engine/moves.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { UsageError } from '../errors.js';
import { addedGames, getGame, rulesHashOf } from '../games/index.js';
import { replay } from '../referee/referee.js';
import type { SolveResult } from './result.js';
import { searchState } from '../search/start.js';
import { plainPositions, plainSearch } from '../search/plain.js';
import { Solver, type SearchResult } from '../search/driver/solver.js';
import { limitsOf, type SolveSettings } from './settings.js';
import { roundTenth } from '../study/report/stats.js';
import type { ThreadAnswer, ThreadTask } from './protocol.js';
import { workerEntry } from '../threads.js';

let cached: { memoryMb: number; solver: Solver } | undefined;

/**
 * A solver of this table size kept for reuse by this thread: a search clears its table, so the
 * next search does not depend on the previous one, and the table is allocated once.
 */
export function reusableSolver(memoryMb: number): Solver {
  if (cached?.memoryMb !== memoryMb) {
    cached = undefined; // let the old table go before allocating the new one
    cached = { memoryMb, solver: new Solver(memoryMb) };
  }
  return cached.solver;
}

/** Solves with a solver that may be reused (its table is cleared, not reallocated). */
export function solvePosition(position: Position, settings: SolveSettings, solver = new Solver(settings.memoryMb)): SolveResult {
  const state = searchState(position);
  return reportOf(position, state, solver.solve(state, limitsOf(settings)));
}

/** Decides with the plain exhaustive search (src/search/plain.ts): every pruning off, exact positions. */
export function solvePositionPlain(position: Position, settings: SolveSettings): SolveResult {
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  return reportOf(position, state, plainSearch(state, limitsOf(settings), plainPositions(settings.memoryMb)), { plain: true });
}

/** The report of a search of `position` (held by `state`), its win replayed by the referee. */
function reportOf(
  position: Position,
  state: State,
  found: SearchResult,
  extra: { threads?: number; thread?: number; plain?: boolean } = {},
): SolveResult {
  const moves = found.moves.map((m) => formatMove(state.rules, m));
  if (found.result === 'won') {
    const verdict = replay(position, moves);
    if (!verdict.ok || !verdict.won) {
      const why = verdict.ok ? 'the line does not win' : `move ${verdict.index + 1} '${verdict.move}': ${verdict.reason}`;
      throw new Error(
        `engine bug: a win found for ${position.game}${position.seed !== undefined ? ` seed ${position.seed}` : ''} fails replay (${why})`,
      );
    }
  }
  return {
    game: position.game,
    rulesHash: rulesHashOf(position.game),
    ...(position.seed !== undefined ? { seed: position.seed } : {}),
    position,
    result: found.result,
    moves,
    stats: {
      nodes: found.nodes,
      ms: roundTenth(found.ms),
      ...(found.limit ? { limit: found.limit } : {}),
      tableFull: found.tableFull,
      mostHome: found.best,
      ...extra,
    },
  };
}

/** Time a stopped thread has to answer before it is terminated. */
const STOP_GRACE_MS = 2000;

/**
 * Solves on `threads` worker threads, each with its own plan (src/search/driver/thread-plan.ts)
 * and its own table of `settings.memoryMb`, each under the limits of `settings`. The first to
 * win or prove the loss answers and the others are stopped; their positions count in `nodes`.
 * If none decides, the answer is unknown with thread 0's limit.
 */
export async function solvePositionOnThreads(position: Position, settings: SolveSettings, threads: number): Promise<SolveResult> {
  const t0 = performance.now();
  const state = searchState(position);
  const { Piscina } = await import('piscina');
  const entry = workerEntry(import.meta.url, 'thread');
  const pool = new Piscina<ThreadTask, ThreadAnswer>({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: threads,
    maxThreads: threads,
    workerData: { games: addedGames() },
  });
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const abort = new AbortController();
  let grace: NodeJS.Timeout | undefined;
  const stopAll = (): void => {
    if (Atomics.exchange(stop, 0, 1) !== 0) return;
    grace = setTimeout(() => abort.abort(), STOP_GRACE_MS);
  };
  const found = new Array<SearchResult | undefined>(threads);
  let failure: Error | undefined;
  const fail = (e: Error): void => {
    failure ??= e;
    stopAll();
  };
  pool.on('error', (e: unknown) => fail(new Error(`a search thread failed: ${e instanceof Error ? e.message : String(e)}`)));
  const runs = Array.from({ length: threads }, (_, thread) =>
    pool.run({ position, settings, thread, stop }, { signal: abort.signal }).then(
      (answer) => {
        if ('error' in answer) return fail(answer.usage ? new UsageError(answer.error) : new Error(answer.error));
        found[thread] = answer.found;
        if (answer.found.result !== 'unknown') stopAll();
      },
      (e: unknown) => {
        // A thread terminated after the stop is no failure: another thread answered.
        if (!abort.signal.aborted) fail(new Error(`search thread ${thread} failed: ${e instanceof Error ? e.message : String(e)}`));
      },
    ),
  );
  await Promise.allSettled(runs);
  clearTimeout(grace);
  await pool.destroy();
  const decided = found.findIndex((f) => f !== undefined && f.result !== 'unknown');
  if (decided < 0 && failure) throw failure;
  const thread = Math.max(decided, 0);
  const reported = found.filter((f): f is SearchResult => f !== undefined);
  const chosen = found[thread] ?? reported[0]!;
  const combined: SearchResult = {
    ...chosen,
    nodes: reported.reduce((n, f) => n + f.nodes, 0),
    ms: performance.now() - t0,
    tableFull: reported.some((f) => f.tableFull),
    best: Math.max(...reported.map((f) => f.best)),
  };
  return reportOf(position, state, combined, { threads, thread });
}
