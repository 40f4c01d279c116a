import type { Game } from './types.js';
import { UsageError } from '../errors.js';
import { doubleSignora } from './double-signora.js';
import { doubleAcesAndKings } from './double-aces-and-kings.js';
import { doubleDot } from './double-dot.js';
import { mamySusan } from './mamy-susan.js';

export type { Game, GameId } from './types.js';

export const GAMES: readonly Game[] = [doubleSignora, doubleAcesAndKings, doubleDot, mamySusan];

/** The game with this id; throws a one-line error naming the known ids otherwise. */
export function getGame(id: string): Game {
  const game = GAMES.find((g) => g.id === id);
  if (!game) throw new UsageError(`unknown game '${id}' (known: ${GAMES.map((g) => g.id).join(', ')})`);
  return game;
}
