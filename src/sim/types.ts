// What the win-rate simulation hands to a worker and gets back, and one CSV row a deal.
import type { GameId } from '../games/index.js';
import type { SolveSettings } from '../solve.js';
import type { SamplingSettings } from '../player/sampling.js';
import type { PlayerName } from '../player/players.js';
import { DEFAULT_BUDGET } from '../player/best.js';

/**
 * Who plays the deals, as written in the CSV's player column. `thoughtful`: the solver, with
 * every card known (an upper bound). `greedy`: the greedy player, seeing what a person sees.
 * `sampling-SxN-sK`: the sampling player with S samples of N nodes per decision, sampling seed K.
 * `best-bB-sK`: the best player (src/player/best.ts) at budget B, sampling seed K.
 */
export type PlayerLabel = string;

/** The player column's text for a player and its settings. */
export function playerLabel(name: PlayerName | 'thoughtful', sampling: SamplingSettings, budget = DEFAULT_BUDGET): PlayerLabel {
  if (name === 'best') return `best-b${budget}-s${sampling.seed}`;
  return name === 'sampling' ? `sampling-${sampling.samples}x${sampling.nodes}-s${sampling.seed}` : name;
}

/** One deal to play: everything a worker needs, small enough to post to a thread. */
export interface DealTask {
  game: GameId;
  seed: number;
  settings: SolveSettings;
  mode: PlayerLabel;
  /** The sampling player's settings (used by that player only). */
  sampling: SamplingSettings;
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
