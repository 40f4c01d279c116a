// The solver's answers against the plain exhaustive search (test/support/endgame.ts: every legal move,
// exact positions, no pruning, no symmetry, no safe move) on small positions made from real
// deals: of the four seed games, of every other built-in game and variant, and of a few hundred
// rule sets drawn at random (each pruning is on only where the compiler finds its conditions
// met, so random rules try those conditions): end games (most cards home; mostly won) and
// positions after random play (mostly lost). Whatever shortcut the solver takes (canonical moves among identical piles,
// the safe move home, keys shared by interchangeable piles and cards, suit symmetry, best-first
// passes that can prove a loss), a finished search must give the same answer, lost included.
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { addGames, gameFiles, getGame, seedGames, type Game } from '../../src/games/index.js';
import { readPosition } from '../../src/position/position.js';
import {
  deadlockConditions,
  hostSwapConditions,
  safeHomeConditions,
  safeHomeFromWasteConditions,
  safeHomeLags,
  looseSafeHomeLags,
} from '../../src/search/prunings/dominance.js';
import { dealGame } from '../../src/position/deal.js';
import { readGameFile } from '../../src/games/read.js';
import { Solver } from '../../src/search/driver/solver.js';
import { searchState } from '../../src/search/start.js';
import { pruningsFor } from '../../src/search/prunings/prunings.js';
import { searchMoves } from '../../src/search/prunings/safe.js';
import { formatMove, MAX_MOVES, moveSrc } from '../../src/engine/moves.js';
import { KIND_F } from '../../src/engine/tables.js';
import type { Position } from '../../src/position/position.js';
import { endgame, exhaustive, expectSolverAgrees, playedOut } from '../support/endgame.js';
import { mulberry32, stateOf, testGame } from '../support/helpers.js';
import { isDeadlocked } from '../../src/search/prunings/deadlock.js';
import { NEW, SearchContext } from '../../src/search/driver/context.js';
import { FOUND } from '../../src/search/driver/table.js';

/** The cards of suit `s` from rank `from` to rank `to`, as a foundation holds them. */
const cardsOfSuit = (s: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${'A23456789TJQK'[from + i - 1]}${s}`);

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

describe.each(seedGames().map((g) => [g.id, g] as const))('solver = plain exhaustive search: %s', (_, game) => {
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

describe('the safe move home and the waste', () => {
  const suit = (s: string, n: number): string[] => cardsOfSuit(s, 1, n);
  it('takes no waste card where three are turned at a time and the waste is redealt: a win it would lose', () => {
    // Clubs to 4 home, the rest of the clubs in the stock: playing 5C home the moment it shows
    // shifts the threes turned after the redeal, and this stock then cannot be won.
    const position = readPosition(
      JSON.stringify({
        game: 'klondike:no-take-backs',
        foundations: [suit('C', 4), suit('D', 13), suit('H', 13), suit('S', 13)],
        tableau: [[], [], [], [], [], [], []],
        reserves: [],
        stock: ['QC', '9C', '8C', 'TC', 'KC', '6C', '5C', '7C', 'JC'],
        waste: [],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, 'klondike:no-take-backs', position, 'won');
  });

  it('with take-backs waits for the other suit of its colour: a black Four taken back hosts the red Three', () => {
    // 5H could go home (hearts at 4, both black suits at 4 or more), but the only way to free 2D
    // is to take 4C back onto 5H and put 3D on it: diamonds (at the Ace) are below 5 - 2. The
    // other cards lie in one pile in the order they go home.
    const rest = ['5C', ...[6, 7, 8, 9, 10, 11, 12, 13].flatMap((r) => ['D', 'H', 'C'].map((x) => `${'A23456789TJQK'[r - 1]}${x}`))];
    const position = readPosition(
      JSON.stringify({
        game: 'klondike',
        foundations: [suit('C', 4), suit('D', 1), suit('H', 4), suit('S', 13)],
        tableau: [['5D', '4D', '2D', '3D'], rest.reverse(), ['5H'], [], [], [], []],
        reserves: [],
        stock: [],
        waste: [],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, 'klondike', position, 'won');
    // Without take-backs the same card is safe (and the deal lost).
    const noTakeBacks = { ...position, game: 'klondike:no-take-backs' };
    expect(exhaustive(noTakeBacks, 1_000_000)).toMatchObject({ won: false, capped: false });
    expectSolverAgrees(solver, 'klondike:no-take-backs', noTakeBacks, 'lost');
  });

  it('with two decks waits for both copies of the card below: the second 5S needs a 6S to move onto', () => {
    // Forty Thieves with 4 piles and no spaces. 6S could go onto A..5S, but the other spade
    // foundation waits for 4S, under 5S, which only the 6S on t1 can take (the other 6S lies
    // under 4S).
    const rules = JSON.parse(readFileSync('rules/forty-thieves.json', 'utf8'));
    rules.id = 'thieves-without-spaces';
    rules.tableau = { ...rules.tableau, count: 4, spaces: 'none' };
    addGames([readGameFile(rules, 'a test game').game]);
    const kings = ['C', 'D', 'H'].flatMap((x) => [suit(x, 13), suit(x, 13)]);
    const position = readPosition(
      JSON.stringify({
        game: 'thieves-without-spaces',
        foundations: [...kings, suit('S', 5), suit('S', 3)],
        tableau: [
          ['6S', '4S', '5S'],
          ['9S', '6S'],
          ['KS', 'QS', 'JS', 'TS', '9S', '8S', '7S'],
          ['KS', 'QS', 'JS', 'TS', '8S', '7S'],
        ],
        reserves: [],
        stock: [],
        waste: [],
      }),
    );
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, 'thieves-without-spaces', position, 'won');
  });

  it('never takes back a card that would be safe to move home, and takes back one that would not', () => {
    // Clubs, hearts and spades at 5, diamonds at 2: 5H passes the looser test (the black suits at
    // 3, the diamonds at 2), not the other (the diamonds at 3), so it stays home; 5C and 5S wait
    // for both red suits at 3 and may come back onto 6D. (Neither 6 may go home at once.)
    const home = [suit('C', 5), suit('D', 2), suit('H', 5), suit('S', 5)];
    const rest = (x: string, from: number): string[] => suit(x, 13).slice(from);
    const position = readPosition(
      JSON.stringify({
        game: 'klondike',
        foundations: home,
        tableau: [['6D'], ['6S'], rest('C', 5), rest('H', 5), rest('S', 6), [], []],
        reserves: [],
        stock: rest('D', 2).filter((c) => c !== '6D'),
        waste: [],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    const state = stateOf(position);
    const moves = new Int32Array(MAX_MOVES);
    const n = searchMoves(state, pruningsFor(state.rules), moves, 0);
    const takeBacks = [...moves.subarray(0, n)].filter((m) => state.rules.kindOf[moveSrc(m)] === KIND_F);
    expect(takeBacks.map((m) => formatMove(state.rules, m)).sort()).toEqual(['f0>t0', 'f3>t0']);
  });

  it('lays no safe card from the waste on the tableau where it can go home from there, and lays one that is not safe', () => {
    // Draw 3: 5H on the waste, hearts and both black suits at 4. With the diamonds at 2 it passes
    // the looser test (no safe move from this waste is made at once, but 5H onto 6S is left out);
    // at the Ace it does not, and both its moves are searched.
    const movesOf = (diamonds: number): string[] => {
      const home = [suit('C', 4), suit('D', diamonds), suit('H', 4), suit('S', 4)];
      const used = new Set([...home.flat(), '5H', '9D', '6S']);
      // 6C (the other card 5H may lie on) in the stock, the rest face down under their tops.
      const rest = ['C', 'D', 'H', 'S'].flatMap((x) => suit(x, 13)).filter((c) => !used.has(c) && c !== '6C');
      const piles = [0, 1, 2, 3, 4, 5].map((i) => rest.slice(10).filter((_, k) => k % 6 === i));
      const position = readPosition(
        JSON.stringify({
          game: 'klondike',
          foundations: home,
          tableau: [['6S'], ...piles],
          reserves: [],
          stock: ['6C', ...rest.slice(0, 10)],
          waste: ['9D', '5H'],
          faceDown: [0, ...piles.map((p) => p.length - 1)],
          redeals: 0,
        }),
      );
      const state = stateOf(position);
      const moves = new Int32Array(MAX_MOVES);
      const n = searchMoves(state, pruningsFor(state.rules), moves, 0);
      return [...moves.subarray(0, n)].filter((m) => moveSrc(m) === state.rules.waste).map((m) => formatMove(state.rules, m));
    };
    expect(movesOf(2).sort()).toEqual(['w>f2']);
    expect(movesOf(1).sort()).toEqual(['w>f2', 'w>t0']);
  });

  it('takes the looser test only where a card that could lie on the safe one can go home from where it is (the fuzz found it answered lost)', () => {
    // Klondike without moves home from the waste: QH passes the looser test, but JC then has
    // nowhere to go but onto it.
    const rules = JSON.parse(readFileSync('rules/klondike.json', 'utf8'));
    delete rules.variants;
    Object.assign(rules, { id: 'klondike-no-waste-home', moves: ['t>f', 't>t', 'w>t'] });
    rules.stock = { draw: 'to-waste', drawCount: 1, redeals: 0 };
    rules.tableau.spaces = 'none';
    const game = readGameFile(rules, 'a test game').game;
    addGames([game]);
    expect(looseSafeHomeLags(game)).toBeNull();
    const position = readPosition(
      JSON.stringify({
        game: game.id,
        foundations: [suit('C', 10), suit('D', 11), suit('H', 11), suit('S', 13)],
        tableau: [['QH'], ['KD', 'QD', 'QC'], ['KH', 'KC'], [], [], [], []],
        reserves: [],
        stock: [],
        waste: ['JC'],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
      }),
    );
    expect(exhaustive(position, 100_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, game.id, position, 'won');
  });

  it('is derived: from the waste only where one card is turned at a time or there is no redeal; which suits it waits for', () => {
    expect(safeHomeConditions(getGame('klondike'))).toEqual([]);
    expect(safeHomeFromWasteConditions(getGame('klondike'))).toHaveLength(1);
    expect(safeHomeFromWasteConditions(getGame('klondike:three-passes'))).toHaveLength(1);
    expect(safeHomeFromWasteConditions(getGame('klondike:draw-1'))).toEqual([]);
    expect(safeHomeFromWasteConditions(getGame('mamy-susan'))).toEqual([]);
    // Hearts wait for both black suits one rank down, and with take-backs for diamonds two down;
    // where the tableau builds in suit, spades wait for spades alone.
    expect([...safeHomeLags(getGame('klondike')).subarray(8, 12)]).toEqual([1, 2, 1, 1]);
    expect([...safeHomeLags(getGame('klondike:no-take-backs')).subarray(8, 12)]).toEqual([1, 0, 1, 1]);
    expect([...safeHomeLags(getGame('forty-thieves')).subarray(12, 16)]).toEqual([0, 0, 0, 1]);
    // The looser test where one deck builds in alternate colour: hearts wait for the black suits
    // two down and the diamonds three, with take-backs or without; none for two decks or in suit.
    expect([...looseSafeHomeLags(getGame('klondike'))!.subarray(8, 12)]).toEqual([2, 3, 1, 2]);
    expect([...looseSafeHomeLags(getGame('klondike:no-take-backs'))!.subarray(8, 12)]).toEqual([2, 3, 1, 2]);
    expect(looseSafeHomeLags(getGame('forty-thieves'))).toBeNull();
    expect(looseSafeHomeLags(getGame('double-dot'))).toBeNull();
  });
});

describe('host swaps and dead positions', () => {
  /**
   * Clubs and spades home to 6, diamonds all, hearts to 4, no take-backs; 8H and 5H face down
   * under `pile`, `other` alone: neither black 7 can lie elsewhere, and 5H frees the hearts.
   */
  function swapPosition(pile: [string, string], other: string): Position {
    return readPosition(
      JSON.stringify({
        game: 'klondike:no-take-backs',
        foundations: [cardsOfSuit('C', 1, 6), cardsOfSuit('D', 1, 13), cardsOfSuit('H', 1, 4), cardsOfSuit('S', 1, 6)],
        tableau: [['8H', '5H', ...pile], [other], ['KC', 'QH', 'JC', 'TH', '9C'], ['KH', 'QS', 'JH', 'TS', '9H', '8S', '7H'], [], [], []],
        reserves: [],
        stock: ['8C', 'TC', 'QC', '9S', 'JS', 'KS'],
        waste: [],
        faceDown: [2, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
  }

  it('moves a run off the lower host where only the higher one frees what lies under it', () => {
    // 6H on 7C, 7S free: the only win moves 6H across so that 7C can go home and free 5H.
    const position = swapPosition(['7C', '6H'], '7S');
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, 'klondike:no-take-backs', position, 'won');
  });

  it('moves a run back to the lower host where only that wins, and keeps the moves the higher one allows', () => {
    // 6H on 7S, 7C free: 7C home at once loses; the only win moves 6H onto 7C first.
    const position = swapPosition(['7S', '6H'], '7C');
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, 'klondike:no-take-backs', position, 'won');
  });

  it('answers lost at once where a card can never move: JC on AC, both red Queens under it (Klondike seed 54)', () => {
    // Clubs cannot start (AC lies under JC), and JC can lie only on QH or QD, both under it.
    const lost = solver.solve(stateOf(dealGame(getGame('klondike'), 54)), { maxNodes: 0, timeLimitMs: 0 });
    expect(lost.result).toBe('lost');
    expect(lost.nodes).toBeLessThanOrEqual(1);
    // The same pile with the cards around it few enough for the plain search to finish.
    const position = readPosition(
      JSON.stringify({
        game: 'klondike:no-take-backs',
        foundations: [[], cardsOfSuit('D', 1, 11), cardsOfSuit('H', 1, 11), cardsOfSuit('S', 1, 13)],
        tableau: [['QH', 'QD', 'AC', 'JC'], ['KD'], ['KH'], [], [], [], []],
        reserves: [],
        stock: [...cardsOfSuit('C', 2, 10), 'QC', 'KC'],
        waste: [],
        faceDown: [3, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: false, capped: false });
    expectSolverAgrees(solver, 'klondike:no-take-backs', position, 'lost');
  });

  it('counts every host a card may lie on: a tableau built either way in any suit gives eight', () => {
    // One deck, built down or up in any suit: 3S's first four hosts (the Twos) lie buried under
    // it with the Aces, but it may also lie on 4D, alone on the next pile; from there the Aces,
    // the Twos and 3S go home, and every other card lies in the stock, turned one at a time.
    const game = testGame({ tableau: { build: { step: -1, suit: 'any', either: true }, spaces: 'kings' } });
    expect(deadlockConditions(game)).toEqual([]);
    const buried = ['2C', '2D', '2H', '2S', 'AC', 'AD', 'AH', 'AS', '3S'];
    const rest = ['C', 'D', 'H', 'S'].flatMap((suit) => cardsOfSuit(suit, 1, 13)).filter((c) => !buried.includes(c) && c !== '4D');
    const position = readPosition(
      JSON.stringify({
        game: game.id,
        foundations: [[], [], [], []],
        tableau: [buried, ['4D'], [], [], [], [], []],
        reserves: [],
        stock: rest,
        waste: [],
      }),
    );
    expect(isDeadlocked(stateOf(position))).toBe(false);
    expectSolverAgrees(solver, game.id, position, 'won');
  });

  it('keys each position alone where host swaps are on: the swap back may not lead to a suit image', () => {
    // 6H on 7S, the higher host, 7C free, clubs and spades laid out alike: the swap back onto 7C
    // gives the clubs-spades image of this position, one key with suit images.
    const position = readPosition(
      JSON.stringify({
        game: 'klondike:no-take-backs',
        foundations: [cardsOfSuit('C', 1, 5), cardsOfSuit('D', 1, 6), cardsOfSuit('H', 1, 4), cardsOfSuit('S', 1, 5)],
        tableau: [
          ['7S', '6H'],
          ['7C'],
          cardsOfSuit('C', 8, 13).reverse(),
          cardsOfSuit('S', 8, 13).reverse(),
          ['6C'],
          ['6S'],
          cardsOfSuit('D', 8, 13).reverse(),
        ],
        reserves: [],
        stock: ['5H', '7D', '7H', ...cardsOfSuit('H', 8, 13)].reverse(),
        waste: [],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, 'klondike:no-take-backs', position, 'won');
    // The same in a game of a random rule set, after random play (a reserve, a draw of two).
    const game = testGame({
      tableau: { count: 5, spaces: 'kings' },
      reserves: [{ cards: 4, visible: 'top' }],
      stock: { draw: 'to-waste', drawCount: 2, redeals: 'unlimited' },
      moves: ['t>f', 't>t', 'w>f', 'w>t', 'r>f', 'r>t'],
      deal: [
        { row: 't', times: 1 },
        { pile: 'r0', cards: 4 },
      ],
    });
    const played = readPosition(
      JSON.stringify({
        game: game.id,
        foundations: [['AD', '2D', '3D', '4D'], ['AH'], ['AC', '2C'], ['AS']],
        tableau: [[], ['KS', 'QD'], ['9C', '8H', '7S', '6D', '5S'], ['KC'], []],
        reserves: [['KH', 'TS', '8C', '4S']],
        stock: ['6S', '2H', '4C', '9D', 'JS', '9S'],
        waste: [
          '5C',
          '5H',
          '3C',
          'TC',
          '4H',
          'JD',
          '7C',
          '7D',
          '3H',
          '2S',
          '9H',
          'KD',
          'TH',
          '8S',
          '3S',
          '6H',
          'JC',
          '8D',
          'JH',
          'QC',
          '7H',
          '6C',
          'TD',
          'QS',
          'QH',
          '5D',
        ],
        redeals: 6,
      }),
    );
    expect(exhaustive(played, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, game.id, played, 'won');
  }, 120_000);

  it('Klondike as solve keys it: QC on KH with KD free, the swap back no image of the start (the fuzz found it answered lost)', () => {
    const position = readPosition(
      JSON.stringify({
        game: 'klondike',
        foundations: [cardsOfSuit('C', 1, 10), cardsOfSuit('D', 1, 11), cardsOfSuit('H', 1, 12), cardsOfSuit('S', 1, 13)],
        tableau: [['KD'], ['KH', 'QC'], ['KC', 'QD'], [], [], [], []],
        reserves: [],
        stock: [],
        waste: ['JC'],
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
    expect(exhaustive(position, 10_000)).toMatchObject({ won: true, capped: false });
    expect(solver.solve(searchState(position), { maxNodes: 0, timeLimitMs: 0 }).result).toBe('won');
    expectSolverAgrees(solver, 'klondike', position, 'won');
  });

  it('is off where cards share a key: the swap back between two cards the rules cannot tell apart leaves the key as it is', () => {
    // Foundations in any suit: 7C and 7S are one card to the rules, so 6H across is no move at all.
    const game = testGame({
      foundations: [{ count: 4, start: 1, build: { step: 1, suit: 'any' } }],
      tableau: { spaces: 'kings' },
      moves: ['t>f', 't>t', 'w>f', 'w>t'],
    });
    expect(hostSwapConditions(game)).toContain('every card keyed as itself (no two cards the rules cannot tell apart)');
    const rest = ['6C', '6D', '6S', '7D', '7H', ...['C', 'D', 'H', 'S'].flatMap((suit) => cardsOfSuit(suit, 8, 13))];
    const position = readPosition(
      JSON.stringify({
        game: game.id,
        foundations: ['C', 'D', 'H', 'S'].map((suit) => cardsOfSuit(suit, 1, 5)),
        tableau: [['7S', '6H'], ['7C'], [], [], [], [], []],
        reserves: [],
        stock: rest.reverse(),
        waste: [],
      }),
    );
    expect(exhaustive(position, 1_000_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, game.id, position, 'won');
  });

  it('is derived: on for Klondike, off for two decks or a tableau built in suit', () => {
    expect(hostSwapConditions(getGame('klondike'))).toEqual([]);
    expect(deadlockConditions(getGame('klondike:draw-1'))).toEqual([]);
    expect(hostSwapConditions(getGame('forty-thieves'))).not.toEqual([]);
    expect(deadlockConditions(getGame('forty-thieves'))).not.toEqual([]);
    expect(hostSwapConditions(getGame('mamy-susan'))).not.toEqual([]);
  });
});

describe('the stock keyed as a set', () => {
  /** Hearts home to 4, 8H..KH alone on six piles, 6H 5H 7H in the order they are turned, `inWaste` of them turned. */
  const hearts = (game: string, inWaste: number): Position => {
    const order = ['6H', '5H', '7H'];
    return readPosition(
      JSON.stringify({
        game,
        foundations: [cardsOfSuit('C', 1, 13), cardsOfSuit('D', 1, 13), cardsOfSuit('H', 1, 4), cardsOfSuit('S', 1, 13)],
        tableau: [['8H'], ['9H'], ['TH'], ['JH'], ['QH'], ['KH'], []],
        reserves: [],
        stock: order.slice(inWaste).reverse(),
        waste: order.slice(0, inWaste),
        faceDown: [0, 0, 0, 0, 0, 0, 0],
        redeals: 0,
      }),
    );
  };

  it('needs one card at a time: under a draw of three where the stock ends decides the game', () => {
    // 5H is the waste's top with two cards turned; from the stock's start a draw of three turns
    // 7H onto it, and so does every redeal (no card comes back from a foundation to move instead).
    expect(exhaustive(hearts('klondike:no-take-backs', 2), 10_000)).toMatchObject({ won: true, capped: false });
    expect(exhaustive(hearts('klondike:no-take-backs', 0), 10_000)).toMatchObject({ won: false, capped: false });
    for (const inWaste of [0, 1, 2, 3])
      expect(exhaustive(hearts('klondike:draw-1', inWaste), 10_000)).toMatchObject({ won: true, capped: false });
  });

  it('three at a time: a waste size that draws from the start of the stock reach is keyed as the start, any other apart', () => {
    const key = (inWaste: number): string => {
      const s = searchState(hearts('klondike', inWaste));
      return `${s.keyLo}:${s.keyHi}`;
    };
    // Turned three at a time, 6H 5H 7H: from an empty waste the draws reach 3 cards (the stock drawn out).
    expect(key(3)).toBe(key(0));
    expect(new Set([key(0), key(1), key(2)]).size).toBe(3);
    for (const inWaste of [0, 1, 2, 3]) {
      const position = hearts('klondike:no-take-backs', inWaste);
      expectSolverAgrees(solver, position.game, position, exhaustive(position, 10_000).won ? 'won' : 'lost');
    }
  });

  it('three at a time: a position entered with a size its draws do not reach from the start takes the sizes they do reach as entered, no other', () => {
    const random = mulberry32(0x5e78);
    let checked = 0;
    for (let i = 0; i < 40 && checked < 10; i++) {
      const dealt = playedOut(getGame('klondike'), 4000 + i, 60, 0.5, random);
      const sequence = [...dealt.waste, ...[...dealt.stock].reverse()];
      if (sequence.length < 8) continue;
      const resplit = (p: Position, at: number): Position => ({ ...p, waste: sequence.slice(0, at), stock: sequence.slice(at).reverse() });
      const state = searchState(resplit(dealt, 1));
      const moves = new Int32Array(MAX_MOVES);
      const n = searchMoves(state, pruningsFor(state.rules), moves, 0);
      // A move that leaves the stock and the waste as they are.
      const m = Array.from(moves.subarray(0, n)).find((x) => moveSrc(x) !== state.rules.stock && moveSrc(x) !== state.rules.waste);
      if (m === undefined) continue;
      const ctx = new SearchContext(16);
      ctx.start(state, { maxNodes: 0, timeLimitMs: 0 });
      ctx.beginPass(state, Infinity, Infinity);
      expect(ctx.enter(state, m)).toBe(NEW);
      const after = state.toPosition();
      const entered = (at: number): boolean => {
        const s = searchState(resplit(after, at));
        return ctx.table.insert(s.keyLo, s.keyHi) === FOUND;
      };
      for (let at = 0; at <= sequence.length; at++) {
        const reached = at === 1 || (at > 1 && at % 3 === 1) || at % 3 === 0 || at === sequence.length;
        expect(entered(at), `waste of ${at} after a waste of 1`).toBe(reached);
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('three at a time: keys the stock exactly where a key is shared with suit images, whose stock order is not that of the deal (the fuzz found it answered lost)', () => {
    // Three piles, any card to a space, no take-backs: suit images are keyed. Either Queen may go
    // to the space, each choice the other's image, and the order of JS and JC decides which wins.
    const rules = JSON.parse(readFileSync('rules/klondike.json', 'utf8'));
    delete rules.variants;
    Object.assign(rules, { id: 'klondike-three-piles', moves: ['t>f', 't>t', 'w>f', 'w>t'] });
    rules.tableau = { ...rules.tableau, count: 3, spaces: 'any' };
    rules.deal = [
      { row: 't', from: 1, faceDown: true },
      { row: 't', times: 1 },
    ];
    const game = readGameFile(rules, 'a test game').game;
    addGames([game]);
    const position = readPosition(
      JSON.stringify({
        game: game.id,
        foundations: [cardsOfSuit('C', 1, 9), cardsOfSuit('D', 1, 13), cardsOfSuit('H', 1, 13), cardsOfSuit('S', 1, 9)],
        tableau: [['KC', 'TC', 'QS'], ['KS', 'TS', 'QC'], []],
        reserves: [],
        stock: ['JS', 'JC'],
        waste: [],
        faceDown: [0, 0, 0],
        redeals: 0,
      }),
    );
    expect(searchState(position).images).toBeGreaterThan(1);
    expect(exhaustive(position, 100_000)).toMatchObject({ won: true, capped: false });
    expectSolverAgrees(solver, game.id, position, 'won');
  });

  it('three at a time, redealt without limit: sizes the draws reach from the start won or lost together, and each size wins where a size its draws reach wins', () => {
    const game = getGame('klondike');
    const random = mulberry32(0x5e77);
    const tally = { won: 0, lost: 0, open: 0, reached: 0 };
    for (let i = 0; i < 240; i++) {
      const position =
        i % 3 === 0
          ? endgame(game, i, 3 + Math.floor(random() * 10), random)
          : playedOut(game, 3000 + i, 200 + Math.floor(random() * 300), 0.7, random);
      const sequence = [...position.waste, ...[...position.stock].reverse()];
      if (sequence.length < 4) continue;
      const splits = Array.from({ length: sequence.length + 1 }, (_, k) => k);
      const open = (k: number): boolean => k % 3 === 0 || k === sequence.length;
      const pick = (ks: number[]): number => ks[Math.floor(random() * ks.length)]!;
      const resplit = (at: number): Position => ({ ...position, waste: sequence.slice(0, at), stock: sequence.slice(at).reverse() });
      const answer = (at: number): boolean | null => {
        const plain = exhaustive(resplit(at), CAP);
        return plain.capped ? null : plain.won;
      };
      // Two sizes the draws reach from the start of the stock.
      const a = answer(pick(splits.filter(open)));
      const b = answer(pick(splits.filter(open)));
      if (a !== null && b !== null) {
        expect(b).toBe(a);
        tally.open++;
      }
      // A size they do not reach, and one its own draws reach.
      const w = pick(splits.filter((k) => !open(k)));
      const here = answer(w);
      const there = answer(pick(splits.filter((k) => (k > w && k % 3 === w % 3) || open(k))));
      if (here === null || there === null) continue;
      if (there) expect(here).toBe(true);
      tally.reached++;
      tally[here ? 'won' : 'lost']++;
    }
    console.log(`draw 3, the stock split elsewhere: ${tally.won} won, ${tally.lost} lost, ${tally.open} open, ${tally.reached} reached`);
    expect(tally.won).toBeGreaterThanOrEqual(20);
    expect(tally.lost).toBeGreaterThanOrEqual(4);
    expect(tally.open).toBeGreaterThanOrEqual(10);
    expect(tally.reached).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('one card at a time, redealt without limit: positions that differ only in where the stock ends are won or lost together', () => {
    const game = getGame('klondike:draw-1');
    const random = mulberry32(0x5e75);
    const tally = { won: 0, lost: 0, moved: 0 };
    for (let i = 0; i < 240; i++) {
      const position =
        i % 3 === 0
          ? endgame(game, i, 3 + Math.floor(random() * 10), random)
          : playedOut(game, 2000 + i, 200 + Math.floor(random() * 300), 0.7, random);
      const plain = exhaustive(position, CAP);
      if (plain.capped) continue;
      // The cards in the order they are turned, split elsewhere.
      const sequence = [...position.waste, ...[...position.stock].reverse()];
      const at = Math.floor(random() * (sequence.length + 1));
      const resplit = { ...position, waste: sequence.slice(0, at), stock: sequence.slice(at).reverse() };
      if (at !== position.waste.length) tally.moved++;
      const other = exhaustive(resplit, CAP * 10);
      expect(other.capped).toBe(false);
      expect(other.won, JSON.stringify(resplit)).toBe(plain.won);
      tally[plain.won ? 'won' : 'lost']++;
    }
    console.log(`the stock split elsewhere: ${tally.won} won, ${tally.lost} lost, ${tally.moved} split elsewhere`);
    expect(tally.won).toBeGreaterThanOrEqual(20);
    expect(tally.lost).toBeGreaterThanOrEqual(4);
    expect(tally.moved).toBeGreaterThanOrEqual(20);
  }, 120_000);
});

/** Every built-in game and variant beyond the four seed games' default readings. */
const OTHERS: Game[] = gameFiles().flatMap((f) => [
  ...(seedGames().some((g) => g.id === f.game.id) ? [] : [f.game]),
  ...[...f.variants.values()].map((v) => v.game),
]);

describe.each(OTHERS.map((g) => [g.id, g] as const))('solver = plain exhaustive search: %s', (_, game) => {
  it('40 end games and 40 played-out positions from real deals', () => {
    const random = mulberry32(0x20557);
    const ends = Array.from({ length: 40 }, (_, i) => endgame(game, i, 3 + Math.floor(random() * 10), random));
    const played = Array.from({ length: 40 }, (_, i) =>
      playedOut(game, 1000 + i, 300 + Math.floor(random() * 400), 0.6 + random() * 0.35, random),
    );
    const a = compare(game.id, ends);
    const b = compare(game.id, played);
    console.log(`${game.id}: ${a.won + b.won} won, ${a.lost + b.lost} lost, ${a.skipped + b.skipped} too big for the plain search`);
    expect(a.won + b.won + a.lost + b.lost).toBeGreaterThanOrEqual(20);
  }, 300_000);
});

/** A rule set drawn at random: one deck, small tableaus, every option of the format in play. */
function randomRules(random: () => number, id: string): Record<string, unknown> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const chance = (p: number): boolean => random() < p;
  const suit = (): string => pick(['any', 'same-suit', 'alternate-colour']);
  const foundations = pick([
    [{ count: 4, start: 1, build: { step: 1, suit: chance(0.7) ? 'same-suit' : suit() } }],
    [{ count: 4, start: 13, build: { step: -1, suit: suit() } }],
    [{ count: 4, start: 'base-rank', build: { step: 1, wrap: true, suit: pick(['any', 'alternate-colour']) } }],
    [{ count: 4, start: 'dealt', firstCards: ['AC', 'AD', 'AH', 'AS'], build: { step: 1, suit: 'same-suit' } }],
  ]);
  const slots = chance(0.15);
  const count = 3 + Math.floor(random() * 5);
  // One-card slots take no card dealt onto them: a stock dealt onto every pile needs piles without a limit.
  const hasWaste = chance(0.85) || slots;
  const reserve = chance(0.3) ? [{ cards: 1 + Math.floor(random() * 4), visible: pick(['all', 'top']) }] : [];
  const faceDown = !slots && chance(0.4);
  const deal: Record<string, unknown>[] = [];
  // Where the first card home fixes the base rank, the deal may give a foundation that card.
  if (foundations[0]!.start === 'base-rank' && chance(0.4)) deal.push({ pile: `f${Math.floor(random() * 4)}`, cards: 1 });
  if (faceDown) deal.push({ row: 't', from: Math.floor(random() * count), faceDown: true });
  deal.push({ row: 't', times: slots ? 1 : 1 + Math.floor(random() * 3) });
  if (reserve.length) deal.push({ pile: 'r0', cards: reserve[0]!.cards });
  const moves = ['t>f'];
  if (!slots || chance(0.5)) moves.push('t>t');
  if (hasWaste) moves.push('w>f', ...(chance(0.8) ? ['w>t'] : []));
  if (reserve.length) moves.push('r>f', ...(chance(0.5) ? ['r>t'] : []));
  if (chance(0.5)) moves.push('f>t');
  if (chance(0.2)) moves.push('f>f');
  // The Terrace family's opening, or any other set of moves that can put a card home.
  const opening = chance(0.2) ? (chance(0.5) ? ['t>f'] : moves.filter((m) => m === 't>f' || chance(0.5))) : null;
  return {
    id,
    name: id,
    source: 'drawn at random by test/search/prove.test.ts',
    decks: 1,
    foundations,
    tableau: {
      count,
      build: slots ? { step: 0 } : { step: pick([-1, -1, -2, 1]), wrap: chance(0.3), suit: suit(), either: chance(0.25) },
      capacity: slots ? 1 : null,
      runs: slots ? 'single' : pick(['single', 'built', 'any']),
      spaces: pick(['any', 'any', 'kings', 'none']),
      autoFill: pick(['none', 'none', hasWaste ? 'waste-then-stock' : 'stock', 'stock']),
    },
    reserves: reserve,
    stock: hasWaste
      ? { draw: 'to-waste', drawCount: pick([1, 1, 2, 3]), redeals: pick([0, 0, 1, 'unlimited']), lockedUntilFoundation: chance(0.15) }
      : { draw: 'to-every-tableau-pile' },
    moves,
    opening,
    deal,
  };
}

describe('solver = plain exhaustive search on rule sets drawn at random', () => {
  it('300 rule sets, a few small positions each', () => {
    const random = mulberry32(0x30557);
    const tally = { won: 0, lost: 0, skipped: 0, sets: 0 };
    for (let k = 0; k < 300; k++) {
      const game = readGameFile(randomRules(random, `random-${k}`), `random rules ${k}`).game;
      addGames([game]);
      tally.sets++;
      const positions = [
        endgame(game, k, 2 + Math.floor(random() * 8), random),
        endgame(game, k + 1, 2 + Math.floor(random() * 8), random),
        playedOut(game, k, 100 + Math.floor(random() * 200), 0.5 + random() * 0.4, random),
        playedOut(game, k + 1, 100 + Math.floor(random() * 200), 0.5 + random() * 0.4, random),
      ];
      const t = compare(game.id, positions);
      tally.won += t.won;
      tally.lost += t.lost;
      tally.skipped += t.skipped;
    }
    console.log(`random rules: ${tally.sets} sets, ${tally.won} won, ${tally.lost} lost, ${tally.skipped} too big for the plain search`);
    expect(tally.won).toBeGreaterThanOrEqual(200);
    expect(tally.lost).toBeGreaterThanOrEqual(100);
  }, 300_000);
});
