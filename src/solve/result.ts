// The result of solving or playing one position (FORMATS.md "A solve result as JSON"): the one
// type the solver, the players, the worker pool and `check` share, and reading one back, checked
// against forgery: a result that gives a seed must be the fresh deal of that seed, its game must
// be its position's, and its line must win exactly when it says won.
import { UsageError } from '../errors.js';
import { parseUserJson } from '../files.js';
import { seedMismatch } from '../position/deal.js';
import { parseSeed, positionFromJson, type Position } from '../position/position.js';
import { replay } from '../referee/referee.js';
import { rulesHashOf } from '../games/index.js';
import type { Limit, Outcome } from '../search/driver/solver.js';

export type { Limit, Outcome };

export interface SolveStats {
  /** Positions the search entered (0 for a player's game). */
  nodes: number;
  ms: number;
  /** The limit that made the result unknown. */
  limit?: Limit;
  /** Whether the transposition table filled up. */
  tableFull: boolean;
  /** The most cards on the foundations in any position entered (for a player: at the end). */
  mostHome: number;
  /** With `solve --threads K`: K, and the thread whose answer it is (0 searches as a single thread does). */
  threads?: number;
  thread?: number;
  /** With `solve --plain`: decided by the plain exhaustive search (src/search/plain.ts), every pruning off. */
  plain?: boolean;
}

/**
 * What solving or playing a position came to. For the solver `lost` is proved (no line wins);
 * for a player that sees only what a person sees, `lost` means its game ended without a win, and
 * `moves` is the line it played.
 */
export interface SolveResult {
  game: string;
  /** The short hash of the rules it was made under (src/games/read.ts). */
  rulesHash: string;
  seed?: number;
  position: Position;
  result: Outcome;
  moves: string[];
  stats: SolveStats;
}

/** A result read back from JSON: the stats are whatever the file gives. */
export type ReadResult = Omit<SolveResult, 'stats'> & { stats: Record<string, unknown> };

/** A seed a file gives, as a number or a numeral; NaN where it gives something else. */
export const seedOfJson = (v: unknown): number => (typeof v === 'number' || typeof v === 'string' ? parseSeed(v) : NaN);

/**
 * Refuses a file that names other rules (`rulesHash`) than this run reads for `game`: what it
 * holds was made, and would be replayed or drawn, under other rules. `what` names the file.
 */
export function refuseOtherRules(rulesHash: unknown, game: string, what: string): void {
  if (rulesHash === undefined || rulesHash === rulesHashOf(game)) return;
  throw new UsageError(
    `${what} was made under other rules for ${game} (rulesHash ${String(rulesHash).slice(0, 20)}, these rules ${rulesHashOf(game)}): give the rules it was made with (--rules FILE, --rule key=value)`,
  );
}

/** Reads a solve result from JSON text; a one-line UsageError for a malformed or forged one. */
export function readSolveResult(text: string): ReadResult {
  const raw = parseUserJson(text, 'result');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UsageError('a result must be a JSON object');
  const obj = raw as Record<string, unknown>;
  if (typeof obj.position !== 'object' || obj.position === null) throw new UsageError("result has no 'position' object");
  const position = positionFromJson(obj.position);
  if (typeof obj.game !== 'string') throw new UsageError("result has no 'game'");
  if (obj.game !== position.game) throw new UsageError(`result's game '${obj.game}' is not its position's game ${position.game}`);
  if (obj.seed !== undefined) {
    const seed = seedOfJson(obj.seed);
    if (Number.isNaN(seed)) throw new UsageError("result's 'seed' must be a whole number");
    if (position.seed !== undefined && position.seed !== seed)
      throw new UsageError(`result's seed ${seed} is not its position's seed ${position.seed}`);
    position.seed = seed;
  }
  const mismatch = seedMismatch(position);
  if (mismatch !== null) throw new UsageError(`result: ${mismatch}`);
  const result = obj.result;
  if (result !== 'won' && result !== 'lost' && result !== 'unknown') throw new UsageError("result's 'result' must be won, lost or unknown");
  if (!Array.isArray(obj.moves) || obj.moves.some((m) => typeof m !== 'string'))
    throw new UsageError("result's 'moves' must be a list of strings");
  refuseOtherRules(obj.rulesHash, position.game, 'result');
  const stats =
    typeof obj.stats === 'object' && obj.stats !== null && !Array.isArray(obj.stats) ? (obj.stats as Record<string, unknown>) : {};
  return {
    game: position.game,
    rulesHash: rulesHashOf(position.game),
    ...(position.seed !== undefined ? { seed: position.seed } : {}),
    position,
    result,
    moves: obj.moves as string[],
    stats,
  };
}

/**
 * Replays a result's moves with the referee: the verdict as one line (`ok: ...`), or a
 * UsageError naming the first illegal move, a move after the game is won, or a line that wins
 * when the result says it does not (or does not when it says it does).
 */
export function checkResult(r: ReadResult): string {
  const verdict = replay(r.position, r.moves);
  if (!verdict.ok) throw new UsageError(`move ${verdict.index + 1} '${verdict.move}' is illegal: ${verdict.reason}`);
  if (verdict.wonAt !== null && verdict.wonAt < r.moves.length) {
    // The game ends when every card is home: a line that goes on is not a win of this game.
    throw new UsageError(
      `move ${verdict.wonAt + 1} '${r.moves[verdict.wonAt]}' comes after the game is already won (after move ${verdict.wonAt}: every card is home)`,
    );
  }
  if (r.result === 'won' && !verdict.won) throw new UsageError(`the ${r.moves.length} moves are legal but do not win: the result says won`);
  if (r.result !== 'won' && verdict.won) throw new UsageError(`the ${r.moves.length} moves win, but the result says ${r.result}`);
  return verdict.won ? `ok: won in ${r.moves.length} moves` : `ok: ${r.moves.length} legal moves, game not won (result: ${r.result})`;
}
