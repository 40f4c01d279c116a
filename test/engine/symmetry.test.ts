// Suit-symmetric keys (State.setSymmetric, Game.suitSwaps; the proof is in
// src/games/mamy-susan.ts): a position and its suit images share one key, the key stays right
// through moves and undos, and positions that are not images keep their own keys. Whether the
// solver's answers stay right with it is test/search/prove.test.ts.
import { suitSwaps } from '../../src/engine/symmetry.js';
import { describe, it, expect } from 'vitest';
import type { Position } from '../../src/position/position.js';
import { dealGame } from '../../src/position/deal.js';
import { seedGames, getGame } from '../../src/games/index.js';
import { applyMove, generateMoves, MAX_MOVES, undoMove } from '../../src/engine/moves.js';
import { readPosition } from '../../src/position/position.js';
import { Solver } from '../../src/search/driver/solver.js';
import { mulberry32, stateOf, testGame } from '../support/helpers.js';
import { exhaustive, playedOut } from '../support/endgame.js';

/** A foundation of suit `s` from the Ace to rank `to`. */
const suit = (s: string, to: number): string[] => Array.from({ length: to }, (_, i) => `${'A23456789TJQK'[i]}${s}`);

const swapSuits = (pos: Position, pairs: [string, string][]): Position => {
  const map = (card: string): string => {
    let suit = card[1]!;
    for (const [a, b] of pairs) suit = suit === a ? b : suit === b ? a : suit;
    return card[0]! + suit;
  };
  const piles = (ps: string[][]): string[][] => ps.map((p) => p.map(map));
  return {
    ...pos,
    foundations: piles(pos.foundations),
    tableau: piles(pos.tableau),
    reserves: piles(pos.reserves),
    stock: pos.stock.map(map),
    waste: pos.waste.map(map),
  };
};

const keyOf = (pos: Position): string => {
  const s = stateOf(pos);
  s.setSymmetric(true);
  return `${s.keyLo}:${s.keyHi}`;
};

describe('suit-symmetric keys', () => {
  const ms = getGame('mamy-susan');
  it('Mamy Susan: every suit image of a position has its key; a non-image has another', () => {
    const random = mulberry32(0x5717);
    const images: [string, string][][] = [
      [['C', 'S']],
      [['D', 'H']],
      [
        ['C', 'S'],
        ['D', 'H'],
      ],
    ];
    for (let i = 0; i < 200; i++) {
      const pos = playedOut(ms, i, Math.floor(random() * 300), 0.3, random);
      const key = keyOf(pos);
      for (const pairs of images) expect(keyOf(swapSuits(pos, pairs)), JSON.stringify(pos)).toBe(key);
      // Clubs to diamonds (another colour) is no symmetry of the rules: a different key.
      const wrong = swapSuits(pos, [['C', 'D']]);
      if (JSON.stringify(wrong) !== JSON.stringify(pos)) expect(keyOf(wrong), JSON.stringify(pos)).not.toBe(key);
    }
  });

  it('Mamy Susan: the incremental symmetric key equals the key from scratch through play and undo', () => {
    const random = mulberry32(0x5718);
    const moves = new Int32Array(MAX_MOVES);
    for (let seed = 0; seed < 40; seed++) {
      const s = stateOf(dealGame(ms, seed));
      s.setSymmetric(true);
      const start = `${s.keyLo}:${s.keyHi}`;
      for (let k = 0; k < 300; k++) {
        const n = generateMoves(s, moves, false);
        if (n === 0) break;
        applyMove(s, moves[Math.floor(random() * n)]!);
        expect(s.keyFromScratch()).toEqual([s.keyLo, s.keyHi]);
      }
      while (s.depth > 0) undoMove(s);
      expect(`${s.keyLo}:${s.keyHi}`).toBe(start);
    }
  });

  it('games without suit swaps keep their key', () => {
    for (const game of seedGames().filter((g) => suitSwaps(g).length === 0)) {
      const s = stateOf(dealGame(game, 3));
      const before = [s.keyLo, s.keyHi];
      s.setSymmetric(true);
      expect([s.keyLo, s.keyHi]).toEqual(before);
    }
  });
});

describe('keys that stand for no other position', () => {
  it('one pile with its suits swapped alone is no image of the position: its own key, and the solver wins where that move wins', () => {
    const random = mulberry32(0x5719);
    const ms = getGame('mamy-susan');
    let checked = 0;
    for (let i = 0; i < 200; i++) {
      const pos = playedOut(ms, i, Math.floor(random() * 300), 0.3, random);
      const t = pos.tableau.findIndex((pile) => pile.some((c) => c[1] === 'C' || c[1] === 'S'));
      const one = swapSuits({ ...pos, tableau: [pos.tableau[t]!], foundations: [], reserves: [], stock: [], waste: [] }, [['C', 'S']]);
      const moved = { ...pos, tableau: pos.tableau.map((pile, k) => (k === t ? one.tableau[0]! : pile)) };
      if (JSON.stringify(moved) === JSON.stringify(pos)) continue;
      expect(keyOf(moved), JSON.stringify(pos)).not.toBe(keyOf(pos));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    // QC across onto KH is the only win, and swapped pile by pile it would be the start again.
    const position = readPosition(
      JSON.stringify({
        game: 'klondike:no-take-backs',
        foundations: [suit('C', 10), suit('D', 12), suit('H', 11), suit('S', 5)],
        tableau: [['KD', 'QC'], ['KH'], ['6S', 'QH', 'JC', 'KC'], ['QS', 'KS'], ['TS'], ['8S'], ['9S']],
        reserves: [],
        stock: ['7S', 'JS'],
        waste: [],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    expect(exhaustive(position, 100_000)).toMatchObject({ won: true, capped: false });
    const s = stateOf(position);
    s.setSymmetric(true);
    expect(new Solver(16).solve(s, { maxNodes: 0, timeLimitMs: 0 }).result).toBe('won');
  });

  it('past 255 redeals without a limit, the count is no part of the key', () => {
    const game = testGame({
      moves: ['t>f', 't>t', 'w>f', 'w>t'],
      tableau: { count: 3, runs: 'single', spaces: 'none' },
      stock: { redeals: 'unlimited' },
    });
    const at = (redeals: number): Position =>
      readPosition(
        JSON.stringify({
          game: game.id,
          foundations: [suit('C', 8), suit('D', 8), suit('H', 12), suit('S', 11)],
          tableau: [
            ['TC', 'KH', 'QS'],
            ['9D', 'JD', 'TD', '9C'],
            ['KC', 'QD'],
          ],
          reserves: [],
          stock: ['JC', 'QC'],
          waste: ['KD', 'KS'],
          redeals,
        }),
      );
    expect(exhaustive(at(0), 100_000)).toMatchObject({ won: true, capped: false });
    for (const redeals of [255, 256, 300]) {
      expect(keyOf(at(redeals))).toBe(keyOf(at(0)));
      expect(new Solver(16).solve(stateOf(at(redeals)), { maxNodes: 0, timeLimitMs: 0 }).result).toBe('won');
    }
  });
});
