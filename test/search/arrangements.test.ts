// Arrangement keys (src/search/prunings/arrangements.ts, State.setArrangementKeyed; the proof is in
// src/search/prunings/dominance.ts): one key for the positions that differ only in where the face-up
// cards above each pile's lowest lie, and the shift home that the search then needs. The
// plain-search agreement (test/search/prove.test.ts) checks the answers: its host-swap deals and its
// take-back deal are answered lost when the shift home is left out.
import { describe, expect, it } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import { applyMove, formatMove, isShiftHome, MAX_MOVES, undoMove } from '../../src/engine/moves.js';
import { getGame } from '../../src/games/index.js';
import { readPosition, type Position } from '../../src/position/position.js';
import { replay } from '../../src/referee/referee.js';
import { arrangementConditions } from '../../src/search/prunings/dominance.js';
import { pruningsFor } from '../../src/search/prunings/prunings.js';
import { searchMoves } from '../../src/search/prunings/safe.js';
import { Solver } from '../../src/search/driver/solver.js';
import { applyAsPlayed, firstAsPlayed, MAX_SEARCH_MOVES } from '../../src/search/prunings/stockplays.js';
import { useSearchKeys } from '../../src/search/start.js';
import { exhaustive, expectSolverAgrees } from '../support/endgame.js';
import { mulberry32, stateOf, testGame } from '../support/helpers.js';

const cardsOfSuit = (s: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${'A23456789TJQK'[from + i - 1]}${s}`);

/**
 * Klondike with hearts home to 8, spades to 6, diamonds to 7, clubs all: 9H under 8S on `first`
 * (7S face down beneath), 9D alone over 8D (face down) on the second pile; the spades above 7S,
 * 10H and the rest face down or in the stock. The only way on moves 8S across to 9D so that 9H
 * can go home: a shift home.
 */
function shiftPosition(first: string[] = ['7S', '9H', '8S'], second: string[] = ['8D', '9D']): Position {
  return readPosition(
    JSON.stringify({
      game: 'klondike',
      foundations: [cardsOfSuit('C', 1, 13), cardsOfSuit('D', 1, 7), cardsOfSuit('H', 1, 8), cardsOfSuit('S', 1, 6)],
      tableau: [first, second, ['TS', 'TH'], ['JS', 'TD'], ['QS', 'JH'], ['KS', 'JD'], ['9S', 'QH']],
      reserves: [],
      stock: ['KH', 'QD', 'KD'],
      waste: [],
      faceDown: [1, 1, 1, 1, 1, 1, 1],
      redeals: 0,
    }),
  );
}

const keyOf = (p: Position): string => {
  const s = stateOf(p);
  useSearchKeys(s);
  return `${s.keyLo}:${s.keyHi}`;
};

describe('arrangement keys', () => {
  it('hold in Klondike and its readings, not where the face-up cards need not be a built run or a space takes any card', () => {
    for (const id of ['klondike', 'klondike:draw-1', 'klondike:no-take-backs', 'klondike:three-passes']) {
      expect(arrangementConditions(getGame(id))).toEqual([]);
    }
    expect(arrangementConditions(getGame('forty-thieves'))).toContain('a space takes a King or nothing');
    // The shift home is a run's move and a card's move home: both must be allowed.
    const klondike = getGame('klondike');
    expect(arrangementConditions({ ...klondike, moves: klondike.moves.filter((m) => m !== 't>f') })).toContain(
      'runs move from pile to pile, and cards home from the tableau',
    );
    expect(arrangementConditions(testGame({ tableau: { build: { step: -1, suit: 'any', either: true }, spaces: 'kings' } }))).toContain(
      'the tableau builds down by one, without wrap, one way',
    );
  });

  it('key as one the positions that differ only where the cards above the lowest face-up ones lie', () => {
    // 8S on 9H or on 9D, each the lowest face-up card of its pile.
    const base = shiftPosition();
    const a = structuredClone(base);
    const b = structuredClone(base);
    a.tableau[0] = ['7S', '9H', '8S'];
    b.tableau[0] = ['7S', '9H'];
    b.tableau[1] = ['8D', '9D', '8S'];
    expect(keyOf(a)).toBe(keyOf(b));
    // Without the search's keys they differ.
    expect(`${stateOf(a).keyLo}`).not.toBe(`${stateOf(b).keyLo}`);
    // Another lowest face-up card, or another face-down count, is another class.
    const c = structuredClone(base);
    c.tableau[1] = ['9D', '8D'];
    expect(keyOf(c)).not.toBe(keyOf(base));
    const d = structuredClone(base);
    d.faceDown = [0, 1, 1, 1, 1, 1, 1];
    expect(keyOf(d)).not.toBe(keyOf(base));
  });

  it('search a shift home where a run covers a card that can go home and the twin of that card lies free, and no move that keeps the class', () => {
    const s = stateOf(shiftPosition());
    useSearchKeys(s);
    const moves = new Int32Array(MAX_SEARCH_MOVES);
    const n = searchMoves(s, pruningsFor(s.rules), moves, 0);
    const shifts = Array.from(moves.subarray(0, n)).filter(isShiftHome);
    expect(shifts).toHaveLength(1);
    // No run moves from a card above its pile's lowest face-up card to another pile.
    expect(Array.from(moves.subarray(0, n)).filter((m) => !isShiftHome(m) && formatMove(s.rules, m) === 't0>t1')).toEqual([]);
    // Written out as a player makes it: 8S onto 9D, then 9H home; the referee accepts both.
    const line: number[] = [];
    applyAsPlayed(s, shifts[0]!, line);
    const texts = line.map((m) => formatMove(s.rules, m));
    expect(texts).toEqual(['t0>t1', 't0>f2']);
    // A player asked for the first move of such a line makes the run's move.
    const fresh = stateOf(shiftPosition());
    expect(formatMove(fresh.rules, firstAsPlayed(fresh, shifts[0]!))).toBe('t0>t1');
    expect(replay(shiftPosition(), texts).ok).toBe(true);
  });

  it('win where only the shift home wins, as the plain search does', () => {
    const position = shiftPosition();
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(new Solver(16), 'klondike', position, 'won');
  });

  it('are off for a position typed in whose face-up cards above a lowest are not a built run', () => {
    // KC on 8C: moving KC to a space keeps 8C's class only if what lies above it is built.
    const position = readPosition(
      JSON.stringify({
        game: 'klondike',
        foundations: [cardsOfSuit('C', 1, 7), cardsOfSuit('D', 1, 13), cardsOfSuit('H', 1, 13), cardsOfSuit('S', 1, 13)],
        tableau: [['8C', 'KC'], [], [], [], [], [], []],
        reserves: [],
        stock: ['QC', 'JC', 'TC', '9C'],
        waste: [],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    const s = stateOf(position);
    useSearchKeys(s);
    expect(s.arrangementKeyed).toBe(false);
    expect(exhaustive(position, 100_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(new Solver(16), 'klondike', position, 'won');
  });

  it('keep the incremental key equal to the key from scratch through search moves, shift homes and undos', () => {
    const rng = mulberry32(7);
    const moves = new Int32Array(MAX_SEARCH_MOVES);
    let shifts = 0;
    let turned = 0;
    for (const id of ['klondike', 'klondike:draw-1']) {
      for (let seed = 0; seed < 40; seed++) {
        const s = stateOf(dealGame(getGame(id), seed));
        useSearchKeys(s);
        expect(s.arrangementKeyed).toBe(true);
        const keys: string[] = [`${s.keyLo}:${s.keyHi}`];
        for (let step = 0; step < 150; step++) {
          const n = searchMoves(s, pruningsFor(s.rules), moves, 0);
          if (n === 0) break;
          const m = moves[Math.floor(rng() * n)]!;
          const down = s.down.reduce((a, b) => a + b, 0);
          if (isShiftHome(m)) shifts++;
          applyMove(s, m);
          if (s.down.reduce((a, b) => a + b, 0) < down) turned++;
          const [lo, hi] = s.keyFromScratch();
          expect([s.keyLo, s.keyHi]).toEqual([lo, hi]);
          keys.push(`${s.keyLo}:${s.keyHi}`);
        }
        while (s.depth > 0) {
          undoMove(s);
          expect(`${s.keyLo}:${s.keyHi}`).toBe(keys[s.depth]);
          const [lo, hi] = s.keyFromScratch();
          expect([s.keyLo, s.keyHi]).toEqual([lo, hi]);
        }
      }
    }
    // Face-down counts set directly, in either order with the cards above: the same key.
    const s = stateOf(dealGame(getGame('klondike'), 3));
    useSearchKeys(s);
    const start = [s.keyLo, s.keyHi];
    const last = s.rules.firstTableau + 6;
    s.setDown(last, 3);
    expect([s.keyLo, s.keyHi]).toEqual(s.keyFromScratch());
    s.setDown(last, 6);
    expect([s.keyLo, s.keyHi]).toEqual(start);
    // The walks did make shift homes and turn cards up.
    expect(shifts).toBeGreaterThan(5);
    expect(turned).toBeGreaterThan(100);
    expect(MAX_SEARCH_MOVES).toBeGreaterThan(MAX_MOVES);
  });
});
