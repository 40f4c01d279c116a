// A solve result (FORMATS.md "A solve result as JSON"): reading one back, checked.
import { UsageError } from './errors.js';
import { parseUserJson } from './files.js';
import { readPosition, type Position } from './deal.js';

import type { Outcome } from './search/solver.js';

export type { Outcome };

export interface SolveResultJson {
  game: string;
  seed?: number;
  position: Position;
  result: Outcome;
  moves: string[];
  stats: Record<string, unknown>;
}

export function readSolveResult(text: string): SolveResultJson {
  const raw = parseUserJson(text, 'result');
  const obj = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof obj.position !== 'object' || obj.position === null) throw new UsageError("result has no 'position' object");
  const position = readPosition(JSON.stringify(obj.position));
  const result = obj.result;
  if (result !== 'won' && result !== 'lost' && result !== 'unknown') throw new UsageError("result's 'result' must be won, lost or unknown");
  if (!Array.isArray(obj.moves) || obj.moves.some((m) => typeof m !== 'string')) throw new UsageError("result's 'moves' must be a list of strings");
  return {
    game: position.game,
    ...(position.seed !== undefined ? { seed: position.seed } : {}),
    position,
    result,
    moves: obj.moves as string[],
    stats: (obj.stats ?? {}) as Record<string, unknown>,
  };
}
