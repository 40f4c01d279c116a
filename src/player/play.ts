// Plays a real deal to the end with a player that sees only the view, then has the referee
// replay the game. A player never sees the full state: it gets the view and the legal moves,
// which depend only on visible cards. Moves back into a position already met are not offered
// (a player remembers where it has been), so every game ends.
import type { Position } from '../deal.js';
import { applyMove, formatMove, generateMoves, MAX_MOVES, undoMove } from '../engine/moves.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame } from '../games/index.js';
import { replay } from '../referee.js';
import type { Player } from './greedy.js';
import { viewOf } from './view.js';

export interface PlayResult {
  result: 'won' | 'lost';
  moves: string[];
  ms: number;
}

/** Moves at most in one game. */
const MAX_GAME_MOVES = 5000;

export function playGame(position: Position, player: Player, onMove?: (move: string, state: State) => void): PlayResult {
  const t0 = performance.now();
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  const seen = new Set<string>([`${state.keyLo}:${state.keyHi}`]);
  const buffer = new Int32Array(MAX_MOVES);
  const moves: string[] = [];
  while (!state.isWon() && moves.length < MAX_GAME_MOVES) {
    const n = generateMoves(state, buffer, false);
    const legal: string[] = [];
    const codes: number[] = [];
    for (let i = 0; i < n; i++) {
      applyMove(state, buffer[i]!);
      if (!seen.has(`${state.keyLo}:${state.keyHi}`)) {
        legal.push(formatMove(state.rules, buffer[i]!));
        codes.push(buffer[i]!);
      }
      undoMove(state);
    }
    const choice = legal.length ? player(viewOf(state.toPosition()), legal) : null;
    if (choice === null) break;
    const chosen = legal.indexOf(choice);
    if (chosen < 0) throw new Error(`player chose '${choice}', which is not among the legal moves`);
    onMove?.(choice, state);
    applyMove(state, codes[chosen]!);
    seen.add(`${state.keyLo}:${state.keyHi}`);
    moves.push(choice);
  }
  const verdict = replay(position, moves);
  if (!verdict.ok) throw new Error(`engine bug: a played game fails replay at move ${verdict.index + 1} '${verdict.move}': ${verdict.reason}`);
  return { result: verdict.won ? 'won' : 'lost', moves, ms: performance.now() - t0 };
}
