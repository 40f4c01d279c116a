// The solver's answers against the plain exhaustive search (test/support/endgame.ts: every legal move,
// exact positions, no pruning, no symmetry, no safe move) on small positions made from real
// deals of every game: end games (most cards home; mostly won) and positions after random play
// (mostly lost). Whatever shortcut the solver takes (canonical moves among identical piles,
// the safe move home, keys shared by interchangeable piles and cards, suit symmetry, best-first
// passes that can prove a loss), a finished search must give the same answer, lost included.
import { describe, it, expect } from 'vitest';
import { SEED_GAMES } from '../src/games/index.js';
import { Solver } from '../src/search/solver.js';
import type { Position } from '../src/position.js';
import { endgame, exhaustive, expectSolverAgrees, playedOut } from './support/endgame.js';
import { mulberry32 } from './support/helpers.js';

/** Positions of each kind per game, and the most the plain search may enter for one. */
const CASES = 200;
const CAP = 2000;

const solver = new Solver(16);

function compare(gameId: string, positions: Position[]): { won: number; lost: number; skipped: number } {
  const tally = { won: 0, lost: 0, skipped: 0 };
  for (const position of positions) {
    const plain = exhaustive(position, CAP);
    if (plain.capped) {
      tally.skipped++;
      continue;
    }
    const truth = plain.won ? 'won' : 'lost';
    expectSolverAgrees(solver, gameId, position, truth);
    tally[truth]++;
  }
  return tally;
}

describe.each(SEED_GAMES.map((g) => [g.id, g] as const))('solver = plain exhaustive search: %s', (_, game) => {
  it(`${CASES} end games and ${CASES} played-out positions from real deals`, () => {
    const random = mulberry32(0x10557);
    const ends = Array.from({ length: CASES }, (_, i) => endgame(game, i, 3 + Math.floor(random() * 10), random));
    const played = Array.from({ length: CASES }, (_, i) =>
      playedOut(game, 1000 + i, 300 + Math.floor(random() * 400), 0.6 + random() * 0.35, random),
    );
    const a = compare(game.id, ends);
    const b = compare(game.id, played);
    const won = a.won + b.won;
    const lost = a.lost + b.lost;
    console.log(`${game.id}: ${won} won, ${lost} lost, ${a.skipped + b.skipped} too big for the plain search`);
    // Both answers are well represented, or the comparison would prove little.
    expect(won).toBeGreaterThanOrEqual(CASES / 2);
    expect(lost).toBeGreaterThanOrEqual(CASES / 4);
  }, 300_000);
});
