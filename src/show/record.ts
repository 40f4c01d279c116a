// What `show` puts on a page: a position and a line of moves from it, read from a solve result
// (FORMATS.md) or a played game, checked as the tool checks all input.
//
// Accepted: any JSON object with `position` (a FORMATS.md position) and `moves` (FORMATS.md move
// strings), and optionally `result` (won, lost or unknown), `game` and `seed` (which must agree
// with the position), `rulesHash` (which must be the rules read for the game), and
// `stats.limit`. A solve result has exactly these; so does a played game `{ "game", "seed",
// "position", "result", "moves" }`. A bare position shows the deal.
import { readPosition, type Position } from '../position/position.js';
import { seedMismatch } from '../position/deal.js';
import { UsageError } from '../errors.js';
import { parseUserJson } from '../files.js';
import { gameToJson, getGame } from '../games/index.js';
import type { PageGame } from './page-rules.js';
import { refuseOtherRules, seedOfJson, type Outcome, type SolveResult } from '../solve/result.js';

export interface ShownGame {
  game: string;
  /** The game's name, for the page's heading. */
  name: string;
  /** The game's rules as a rules file writes them: the page plays the moves by them. */
  rules: PageGame;
  seed?: number;
  result?: Outcome;
  /** The limit an `unknown` result reached. */
  limit?: string;
  position: Position;
  moves: string[];
}

const OUTCOMES: readonly string[] = ['won', 'lost', 'unknown'];
/** The limits a result may name (src/search/driver/solver.ts, Limit). */
const LIMITS: readonly string[] = ['nodes', 'time', 'depth', 'table'];

export function readShownGame(text: string): ShownGame {
  const raw = parseUserJson(text, 'the game file');
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new UsageError('the game file must be a JSON object (a solve result or a played game)');
  const obj = raw as Record<string, unknown>;
  if (obj.position === undefined && Array.isArray(obj.tableau)) return shownGame(readPosition(text), []);
  if (typeof obj.position !== 'object' || obj.position === null) {
    throw new UsageError("not a solve result or a played game: it has no 'position' object");
  }
  const position = readPosition(JSON.stringify(obj.position));
  if (!Array.isArray(obj.moves) || obj.moves.some((m) => typeof m !== 'string')) {
    throw new UsageError("not a solve result or a played game: 'moves' must be a list of move strings");
  }
  if (obj.game !== undefined && obj.game !== position.game) {
    throw new UsageError(`'game' is ${JSON.stringify(obj.game)} but the position is ${position.game}`);
  }
  refuseOtherRules(obj.rulesHash, position.game, 'the game');
  if (obj.result !== undefined && !OUTCOMES.includes(obj.result as string)) throw new UsageError("'result' must be won, lost or unknown");
  const seed = obj.seed === undefined ? undefined : seedOfJson(obj.seed);
  if (Number.isNaN(seed)) throw new UsageError("'seed' must be a whole number");
  if (seed !== undefined && position.seed !== undefined && seed !== position.seed) {
    throw new UsageError(`'seed' is ${seed} but the position's seed is ${position.seed}`);
  }
  // The page names the seed: the position must be its deal, as `check` demands.
  const mismatch = seed === undefined ? null : seedMismatch({ ...position, seed });
  if (mismatch !== null) throw new UsageError(mismatch);
  const stats = obj.stats as Record<string, unknown> | undefined;
  if (stats?.limit !== undefined && !LIMITS.includes(stats.limit as string))
    throw new UsageError(`'stats.limit' must be one of ${LIMITS.join(', ')}`);
  const limit = stats?.limit as string | undefined;
  return shownGame(position, obj.moves as string[], obj.result as Outcome | undefined, seed, limit);
}

export function shownGameOfReport(report: SolveResult): ShownGame {
  return shownGame(report.position, report.moves, report.result, report.seed, report.stats.limit);
}

function shownGame(position: Position, moves: string[], result?: Outcome, seed = position.seed, limit?: string): ShownGame {
  return {
    game: position.game,
    name: getGame(position.game).name,
    rules: gameToJson(getGame(position.game)) as unknown as PageGame,
    ...(seed !== undefined ? { seed } : {}),
    ...(result !== undefined ? { result } : {}),
    ...(limit !== undefined ? { limit } : {}),
    position,
    moves,
  };
}
