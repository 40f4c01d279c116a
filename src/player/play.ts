// Plays a real deal to the end with a player that sees only the view, then has the referee
// replay the game. A player never sees the full state: it gets the view and the legal moves,
// which depend only on visible cards. Moves back into a position already met are not offered
// (a player remembers where it has been), so every game ends.
import type { Position } from '../position/position.js';
import { applyMove, formatMove, generateMoves, MAX_MOVES, undoMove } from '../engine/moves.js';
import { compileGame } from '../engine/game.js';
import { State } from '../engine/state.js';
import { getGame, rulesHashOf } from '../games/index.js';
import { replay } from '../referee/referee.js';
import type { SolveResult } from '../solve/result.js';
import { roundTenth } from '../study/report/stats.js';
import type { Player } from './types.js';
import { viewOf } from './view.js';

/** Moves at most in one game. */
const MAX_GAME_MOVES = 5000;

export function playGame(position: Position, player: Player, onMove?: (move: string, state: State) => void): SolveResult {
  const t0 = performance.now();
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  const seen = new Set<string>([keyOf(state)]);
  const moves: string[] = [];
  while (!state.isWon() && moves.length < MAX_GAME_MOVES) {
    const { legal, codes } = offered(state, seen);
    const choice = legal.length ? player(viewOf(state.toPosition()), legal) : null;
    if (choice === null) break;
    const chosen = legal.indexOf(choice);
    if (chosen < 0) throw new Error(`player chose '${choice}', which is not among the legal moves`);
    onMove?.(choice, state);
    applyMove(state, codes[chosen]!);
    seen.add(keyOf(state));
    moves.push(choice);
  }
  const verdict = replay(position, moves);
  if (!verdict.ok)
    throw new Error(`engine bug: a played game fails replay at move ${verdict.index + 1} '${verdict.move}': ${verdict.reason}`);
  const mostHome = verdict.final.foundations.reduce((n, pile) => n + pile.length, 0);
  return {
    game: position.game,
    rulesHash: rulesHashOf(position.game),
    ...(position.seed !== undefined ? { seed: position.seed } : {}),
    position,
    result: verdict.won ? 'won' : 'lost',
    moves,
    stats: { nodes: 0, ms: roundTenth(performance.now() - t0), tableFull: false, mostHome },
  };
}

/** The player's first move from a position (null: none, or it gives up), as in playGame. */
export function firstMove(position: Position, player: Player): { move: string | null; legal: string[] } {
  const state = State.fromPosition(compileGame(getGame(position.game)), position);
  if (state.isWon()) return { move: null, legal: [] };
  const { legal } = offered(state, new Set([keyOf(state)]));
  return { move: legal.length ? player(viewOf(position), legal) : null, legal };
}

const keyOf = (state: State): string => `${state.keyLo}:${state.keyHi}`;
let buffer = new Int32Array(MAX_MOVES);

/** The legal moves that do not lead back into a position already met, as text and as codes. */
function offered(state: State, seen: ReadonlySet<string>): { legal: string[]; codes: number[] } {
  if (buffer.length < state.rules.maxMoves) buffer = new Int32Array(state.rules.maxMoves);
  const n = generateMoves(state, buffer, false);
  const legal: string[] = [];
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = buffer[i]!;
    applyMove(state, m);
    if (!seen.has(keyOf(state))) {
      legal.push(formatMove(state.rules, m));
      codes.push(m);
    }
    undoMove(state);
  }
  return { legal, codes };
}
