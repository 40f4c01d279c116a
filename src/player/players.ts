// The players that see only what a person sees, by name.
import { UsageError } from '../errors.js';
import { greedyPlayer, type Player } from './greedy.js';
import { samplingPlayer, type SamplingSettings } from './sampling.js';

export const PLAYERS = ['greedy', 'sampling'] as const;
export type PlayerName = (typeof PLAYERS)[number];

/** A player's name checked; `also` names what else the caller accepts, for the error message. */
export function parsePlayerName(name: string, also: readonly string[] = []): PlayerName {
  if (!(PLAYERS as readonly string[]).includes(name)) throw new UsageError(`unknown player '${name}' (known: ${[...also, ...PLAYERS].join(', ')})`);
  return name as PlayerName;
}

/** A fresh player for one deal (the sampling player keeps its decision count per game). */
export function makePlayer(name: PlayerName, sampling: SamplingSettings, dealSeed: number): Player {
  return name === 'greedy' ? greedyPlayer : samplingPlayer(sampling, dealSeed);
}
