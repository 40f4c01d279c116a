// Move ordering (src/search/passes/order.ts): a ties seed only reorders moves of equal score, and noise N
// only moves of scores less than N apart; every move is still there. Positions from real deals
// after random play, every game.
import { describe, it, expect } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import { applyMove, CardSet, MAX_MOVES } from '../../src/engine/moves.js';
import { seedGames } from '../../src/games/index.js';
import { orderMoves } from '../../src/search/passes/order.js';
import { pruningsFor } from '../../src/search/prunings/prunings.js';
import { searchMoves } from '../../src/search/prunings/safe.js';
import { stateOf } from '../support/helpers.js';

describe('orderMoves', () => {
  for (const game of seedGames()) {
    it(`${game.id}: ties reorder equal scores only, noise N scores less than N apart only, and every move stays`, () => {
      const moves = new Int32Array(MAX_MOVES);
      const scores = new Int32Array(MAX_MOVES);
      const home = new CardSet();
      let reorderedByNoise = 0;
      for (let seed = 0; seed < 20; seed++) {
        const state = stateOf(dealGame(game, seed));
        for (let step = 0; step < 60; step++) {
          const n = searchMoves(state, pruningsFor(state.rules), moves, 0, home);
          if (n === 0) break;
          // The plain order gives each move its score.
          orderMoves(state, home, moves, 0, n, scores, 0, 0);
          const scoreOf = new Map<number, number>();
          for (let i = 0; i < n; i++) scoreOf.set(moves[i]!, scores[i]!);
          const plain = [...moves.subarray(0, n)];
          // Scores step by 5 (a tableau move 100, a draw 90): noise 9 may swap scores 5 apart, never 10.
          for (const [ties, noise] of [
            [7 + seed, 0],
            [7 + seed, 9],
            [7 + seed, 60],
          ] as const) {
            orderMoves(state, home, moves, 0, n, scores, ties, noise);
            const ordered = [...moves.subarray(0, n)];
            expect(ordered.slice().sort((a, b) => a - b)).toEqual(plain.slice().sort((a, b) => a - b));
            // The most a later move's score exceeds an earlier one's.
            let most = -Infinity;
            for (let i = 0; i < n; i++) {
              for (let j = i + 1; j < n; j++) most = Math.max(most, scoreOf.get(ordered[j]!)! - scoreOf.get(ordered[i]!)!);
            }
            if (most > noise)
              expect.fail(`${game.id} seed ${seed} step ${step}, ties ${ties} noise ${noise}: a move ${most} better comes later`);
            if (most > 0) reorderedByNoise++;
          }
          // Play on with a move drawn from the seed and step.
          applyMove(state, plain[(seed * 31 + step * 17) % n]!);
        }
      }
      // The noise does reorder moves of different scores somewhere (a test that can fail).
      expect(reorderedByNoise).toBeGreaterThan(0);
    });
  }
});
