// Losses a skeptic can check: real Klondike deals the solver proves lost (with the prunings the
// rules allow) are re-decided by the plain exhaustive search (src/search/plain.ts: every legal
// move, exact positions, nothing pruned), which must finish and agree; and `solve --plain` on the
// command line, whose win the referee replays like any other.
import { describe, expect, it } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import { getGame } from '../../src/games/index.js';
import { solvePosition, solvePositionPlain } from '../../src/solve/solve.js';
import { getHeapStatistics } from 'node:v8';
import { PLAIN_MAX_POSITIONS, plainPositions, plainSearch } from '../../src/search/plain.js';
import { expectOneLineError, patience, requireBuiltCli, stateOf } from '../support/helpers.js';

/** Seeds 0..199 of Klondike (draw 3) that the solver proves lost within 2 s. */
const LOST = [9, 76, 82, 89, 109, 114, 119, 140, 145, 159];

describe('real lost deals, re-decided by the plain search', () => {
  it(`Klondike seeds ${LOST.join(' ')}: the solver proves each lost and the plain search, every pruning off, agrees`, {
    timeout: 120_000,
  }, () => {
    const klondike = getGame('klondike');
    for (const seed of LOST) {
      const deal = dealGame(klondike, seed);
      const solved = solvePosition(deal, { memoryMb: 64, maxNodes: 2_000_000, timeLimit: 0 });
      expect(solved.result, `seed ${seed}, solver`).toBe('lost');
      const plain = solvePositionPlain(deal, { memoryMb: 64, maxNodes: 1_000_000, timeLimit: 0 });
      expect([plain.result, plain.stats.plain], `seed ${seed}, plain search`).toEqual(['lost', true]);
    }
  });

  it('a line deeper than the state can hold stops the plain search with unknown (depth), the state as it was', { timeout: 120_000 }, () => {
    const game = getGame('forty-thieves');
    const state = stateOf(dealGame(game, 0));
    const before = JSON.stringify(state.toPosition());
    const found = plainSearch(state, { maxNodes: 400_000, timeLimitMs: 0 }, PLAIN_MAX_POSITIONS);
    expect([found.result, found.limit]).toEqual(['unknown', 'depth']);
    expect(JSON.stringify(state.toPosition())).toBe(before);
  });

  it('the set of positions is held to --memory and to a share of the heap, so a large --memory cannot end the process', () => {
    expect(plainPositions(1)).toBe(Math.floor(2 ** 20 / 200));
    const byHeap = plainPositions(1_000_000);
    expect(byHeap).toBeLessThanOrEqual(PLAIN_MAX_POSITIONS);
    expect(byHeap * 200).toBeLessThan(getHeapStatistics().heap_size_limit);
  });

  it('a won deal is won by the plain search too, its line replayed by the referee', () => {
    const deal = dealGame(getGame('klondike'), 6);
    const plain = solvePositionPlain(deal, { memoryMb: 64, maxNodes: 1_000_000, timeLimit: 0 });
    expect(plain.result).toBe('won');
    expect(plain.moves.length).toBeGreaterThan(0);
  });
});

describe('patience solve --plain', () => {
  it('says the plain search proved the loss, where the solver names its prunings', () => {
    requireBuiltCli();
    const solver = patience('solve', '--game', 'klondike', '--seed', '9');
    expect(solver.status, solver.stderr).toBe(0);
    expect(solver.stdout).toMatch(
      /lost: every line was searched, \d+ positions, with the prunings these rules allow: .*face-up cards above each pile's lowest.*--plain re-decides/,
    );
    // Arrangement keys need each position keyed alone, so a Klondike search keys no suit images.
    expect(solver.stdout).not.toMatch(/suit swaps/);
    const plain = patience('solve', '--game', 'klondike', '--seed', '9', '--plain');
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/lost: the plain search entered every position reachable \(every legal move, no pruning\), \d+ positions/);
    const json = JSON.parse(patience('solve', '--game', 'klondike', '--seed', '9', '--plain', '--json').stdout);
    expect([json.result, json.stats.plain]).toEqual(['lost', true]);
  });

  it('stops at its limits with unknown, and refuses --threads', () => {
    const capped = patience('solve', '--game', 'klondike', '--seed', '6', '--plain', '--max-nodes', '50');
    expect(capped.stdout).toMatch(/unknown: the node limit \(50 positions\) was reached/);
    expectOneLineError(
      patience('solve', '--game', 'klondike', '--seed', '9', '--plain', '--threads', '2'),
      /--plain searches on one thread/,
    );
  });
});
