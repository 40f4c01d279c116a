// The players that see only what a person sees, by name, and by the label a results row gives.
import { UsageError } from '../errors.js';
import { bestPlayer } from './best.js';
import { greedyPlayer } from './greedy.js';
import type { DecisionReport, Player } from './types.js';
import { samplingPlayer, type SamplingSettings } from './sampling.js';

const PLAYERS = ['best', 'greedy', 'sampling'] as const;
export type PlayerName = (typeof PLAYERS)[number];

/** A player's name checked; `also` names what else the caller accepts, for the error message. */
export function parsePlayerName(name: string, also: readonly string[] = []): PlayerName {
  if (!(PLAYERS as readonly string[]).includes(name))
    throw new UsageError(`unknown player '${name}' (known: ${[...also, ...PLAYERS].join(', ')})`);
  return name as PlayerName;
}

/** What a player is set to: the sampling player's settings, the best player's budget. */
export interface PlayerSettings {
  sampling: SamplingSettings;
  budget: number;
}

/** A fresh player for one deal (the sampling players keep their decision count per game). */
export function makePlayer(name: PlayerName, game: string, settings: PlayerSettings, dealSeed: number, report?: DecisionReport): Player {
  if (name === 'greedy') return greedyPlayer;
  if (name === 'sampling') return samplingPlayer(settings.sampling, dealSeed, report);
  return bestPlayer(game, settings.budget, settings.sampling.seed, dealSeed, report);
}
