// Suit-symmetric keys (State.setSymmetric, Game.suitSwaps; the proof is in
// src/games/mamy-susan.ts): a position and its suit images share one key, the key stays right
// through moves and undos, and positions that are not images keep their own keys. Whether the
// solver's answers stay right with it is test/prove.test.ts.
import { suitSwaps } from '../src/engine/symmetry.js';
import { describe, it, expect } from 'vitest';
import type { Position } from '../src/position.js';
import { dealGame } from '../src/deal.js';
import { SEED_GAMES, getGame } from '../src/games/index.js';
import { applyMove, generateMoves, MAX_MOVES, undoMove } from '../src/engine/moves.js';
import { mulberry32, stateOf } from './support/helpers.js';
import { playedOut } from './support/endgame.js';

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
    for (const game of SEED_GAMES.filter((g) => suitSwaps(g).length === 0)) {
      const s = stateOf(dealGame(game, 3));
      const before = [s.keyLo, s.keyHi];
      s.setSymmetric(true);
      expect([s.keyLo, s.keyHi]).toEqual(before);
    }
  });
});
