// A game compiled for the engine: its rules as lookup tables and its Zobrist keys, made once per
// game and handed to every State of that game (the engine never looks a game up by its id).
import type { Game } from '../games/types.js';
import { compileTables, type GameTables } from './tables.js';
import { makeZobrist, type Zobrist } from './zobrist.js';

export interface CompiledGame {
  readonly rules: GameTables;
  readonly zobrist: Zobrist;
}

const compiled = new WeakMap<Game, CompiledGame>();

/** The game compiled; compiled once per game (the same object on every later call). */
export function compileGame(game: Game): CompiledGame {
  let entry = compiled.get(game);
  if (!entry) {
    const rules = compileTables(game);
    entry = { rules, zobrist: makeZobrist(rules) };
    compiled.set(game, entry);
  }
  return entry;
}
