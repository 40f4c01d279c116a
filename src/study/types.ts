// Who plays the deals of a win-rate run, what a worker is given for one deal, and the CSV row a
// deal becomes. A worker hands back the one result type of src/solve/result.ts.
import type { SolveSettings } from '../solve/settings.js';
import type { PlayerName } from '../player/players.js';
import type { Outcome, SolveResult } from '../solve/result.js';
import type { PlayerSettings } from '../player/players.js';
import { rulesHashOf } from '../games/index.js';
import { solverVersion } from '../version.js';

/**
 * Who plays, as data: `thoughtful` is the solver with every card known (an upper bound); the
 * others are players that see only what a person sees, with their settings (the sampling
 * player's samples, the best player's budget).
 */
export type PlayerSpec = { name: 'thoughtful' } | ({ name: PlayerName } & PlayerSettings);

/**
 * The player column of the CSV: `thoughtful`, `greedy`, `sampling-SxN-sK` for the sampling
 * player with S samples of N nodes per decision and sampling seed K, or `best-bB-sK` for the
 * best player (src/player/best.ts) at budget B with sampling seed K.
 */
export function playerLabel(player: PlayerSpec): string {
  if (player.name === 'best') return `best-b${player.budget}-s${player.sampling.seed}`;
  return player.name === 'sampling' ? `sampling-${player.sampling.samples}x${player.sampling.nodes}-s${player.sampling.seed}` : player.name;
}

/** One deal to play: everything a worker needs, small enough to post to a thread. */
export interface DealTask {
  game: string;
  seed: number;
  settings: SolveSettings;
  player: PlayerSpec;
}

export type DealResult = Outcome | 'error';

/** A deal's row of the results CSV (FORMATS.md "Win-rate rows"). */
export interface DealRow {
  game: string;
  seed: number;
  player: string;
  result: DealResult;
  /** Null for an error row (nothing was measured). */
  moves: number | null;
  nodes: number | null;
  ms: number | null;
  limit: string;
  tableFull: boolean | null;
  settings: SolveSettings;
  /** The error's message, for result `error`; empty otherwise. */
  error: string;
  /** Which code made the row (version.ts); empty in rows whose file did not record it. */
  solver: string;
  /** Which rules made it: their short hash (src/games/read.ts); empty in rows whose file did not record it. */
  rules: string;
}

export function rowFromResult(task: DealTask, r: SolveResult): DealRow {
  return {
    game: task.game,
    seed: task.seed,
    player: playerLabel(task.player),
    result: r.result,
    moves: r.moves.length,
    nodes: r.stats.nodes,
    ms: r.stats.ms,
    limit: r.stats.limit ?? '',
    tableFull: r.stats.tableFull,
    settings: task.settings,
    error: '',
    solver: solverVersion(),
    rules: rulesHashOf(task.game),
  };
}

/** Longest error message kept in a row (a row must stay far below the reader's record limit). */
const MAX_ERROR_CHARS = 500;

export function errorRow(task: DealTask, message: string): DealRow {
  return {
    game: task.game,
    seed: task.seed,
    player: playerLabel(task.player),
    result: 'error',
    moves: null,
    nodes: null,
    ms: null,
    limit: '',
    tableFull: null,
    settings: task.settings,
    error: message.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_CHARS) || 'unknown error',
    solver: solverVersion(),
    rules: rulesHashOf(task.game),
  };
}
