// What the win-rate simulation hands to a worker and gets back, and one CSV row a deal.
import type { GameId } from '../games/index.js';
import type { SolveSettings } from '../solve.js';

/**
 * Who plays the deals. `thoughtful`: the solver, with every card known (the "thoughtful
 * solitaire" win rate). Other players (playing with hidden information) are added here and in
 * the worker's table of players; rows, summaries and plots carry the player along untouched.
 */
export type Player = 'thoughtful';
export const PLAYERS: readonly Player[] = ['thoughtful'];

/** One deal to play: everything a worker needs, small enough to post to a thread. */
export interface DealTask {
  game: GameId;
  seed: number;
  settings: SolveSettings;
  mode: Player;
}

/** What a worker sends back for a deal it finished. */
export interface DealOutcome {
  result: 'won' | 'lost' | 'unknown';
  /** Moves of the winning line (0 unless won). */
  moves: number;
  nodes: number;
  ms: number;
  /** The limit that made the result unknown. */
  limit?: string;
  tableFull: boolean;
}

export type DealResult = DealOutcome['result'] | 'error';

/** A deal's row of the results CSV (FORMATS.md "Win-rate rows"). */
export interface DealRow {
  game: GameId;
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
}

export function rowFromOutcome(task: DealTask, o: DealOutcome): DealRow {
  return {
    game: task.game,
    seed: task.seed,
    player: task.mode,
    result: o.result,
    moves: o.moves,
    nodes: o.nodes,
    ms: o.ms,
    limit: o.limit ?? '',
    tableFull: o.tableFull,
    settings: task.settings,
    error: '',
  };
}

export function errorRow(task: DealTask, message: string): DealRow {
  return {
    game: task.game,
    seed: task.seed,
    player: task.mode,
    result: 'error',
    moves: null,
    nodes: null,
    ms: null,
    limit: '',
    tableFull: null,
    settings: task.settings,
    error: message.replace(/\s+/g, ' ').trim() || 'unknown error',
  };
}
