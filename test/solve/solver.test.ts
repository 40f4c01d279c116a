// The thoughtful solver (src/search/driver/solver.ts through src/solve/solve.ts) on positions with known
// answers, built by hand for each game: won in a few moves, proved lost, and positions where only
// one kind of move wins (a foundation take-back, a foundation-to-foundation move, a run move, one
// base rank). Every win is replayed with the independent referee; every "lost" and every "only X
// wins" claim is also checked by an exhaustive search written on the referee alone. Then: many
// seeded deals under a node limit, the answer's independence of the table size, the node limit,
// and the `solve` command line. Only node limits are used, so every result is deterministic.
import { searchProfile } from '../../src/search/driver/profile.js';
import { describe, it, expect } from 'vitest';
import { RANKS, SUITS, parseCard, rankOf } from '../../src/notation/cards.js';
import type { State } from '../../src/engine/state.js';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { seedGames, getGame, type Game } from '../../src/games/index.js';
import { Solver, type SearchResult } from '../../src/search/driver/solver.js';
import { CHOSEN, passPlan, PLAYER_PLAN, UNLIMITED_CHEAP_NODES, type PlanChoices } from '../../src/search/driver/plan.js';
import { SearchContext } from '../../src/search/driver/context.js';
import { allowsEveryMove, UNBOUNDED, type Pass, type RestartStage, type RoundsStage, type Stage } from '../../src/search/passes/passes.js';
import { formatMove } from '../../src/engine/moves.js';
import { legalMoves, play, replay } from '../../src/referee/referee.js';
import { solvePosition } from '../../src/solve/solve.js';
import type { SolveResult } from '../../src/solve/result.js';
import {
  cliScratchFolder,
  expectOneLineError,
  lateGreedyPosition,
  mamySusan,
  mamySusanLost,
  nearlyWonMamySusan,
  patience,
  rank,
  valid,
  stateOf,
} from '../support/helpers.js';

/** The search profile the compiled rules of a game choose. */
const profileOf = (g: Game) => searchProfile(stateOf(dealGame(g, 0)).rules);

// ---------------------------------------------------------------------------------------------
// Solving and checking

/** One solver with a roomy table for everything, and one with the smallest table there is. */
const big = new Solver(32);
const tiny = new Solver(0);

function solve(position: Position, maxNodes = 200_000, solver = big): SolveResult {
  return solvePosition(position, { memoryMb: 32, maxNodes, timeLimit: 0 }, solver);
}

/** The line replays with the referee, every move legal, and wins. */
function expectWinningLine(position: Position, moves: readonly string[]): void {
  const verdict = replay(position, moves);
  expect(verdict.ok ? 'ok' : `move ${verdict.index + 1} '${verdict.move}': ${verdict.reason}`).toBe('ok');
  expect(verdict.ok && verdict.won, 'the line wins').toBe(true);
}

/**
 * Exhaustive search written only on the referee (legalMoves, play): whether any line made of
 * moves that `allow` accepts wins. Returns 'won', 'lost' or 'cap' (too many positions).
 */
function refereeSearch(position: Position, allow: (move: string) => boolean = () => true, cap = 5000): 'won' | 'lost' | 'cap' {
  const seen = new Set<string>();
  const visit = (pos: Position): 'won' | 'lost' | 'cap' => {
    // Double Aces and Kings never looks at suits (RULES.md), so positions equal up to suits are one.
    const key = pos.game === 'double-aces-and-kings' ? JSON.stringify(pos).replace(/([A2-9TJQK])[CDHS]/g, '$1') : JSON.stringify(pos);
    if (seen.has(key)) return 'lost';
    seen.add(key);
    const v = replay(pos, []);
    if (v.ok && v.won) return 'won';
    if (seen.size > cap) return 'cap';
    for (const move of legalMoves(pos)) {
      if (!allow(move)) continue;
      const r = visit(play(pos, move));
      if (r !== 'lost') return r;
    }
    return 'lost';
  };
  return visit(position);
}

// ---------------------------------------------------------------------------------------------
// Building positions by hand

/**
 * Double Aces and Kings from ranks alone (suits never matter): the piles named in `spec`, then
 * Ace pile i gets A up to `ace[i]` cards and King pile i K down to `king[i]` cards, suits dealt
 * from what is left.
 */
function acesAndKings(spec: { ace: number[]; king: number[]; t?: string[]; r?: string[][]; waste?: string[]; stock?: string[] }): Position {
  const pool = new Map<string, string[]>();
  for (const r of RANKS)
    pool.set(
      r,
      [...SUITS, ...SUITS, ...SUITS, ...SUITS].map((s) => r + s),
    );
  const cards = (ranks: readonly string[]): string[] =>
    ranks.map((r) => {
      const card = pool.get(r)!.pop();
      if (!card) throw new Error(`test position uses rank ${r} more than 16 times`);
      return card;
    });
  const tableau = Array.from({ length: 8 }, (_, i) => cards(spec.t?.[i] ? [spec.t[i]!] : []));
  const reserves = Array.from({ length: 4 }, (_, i) => cards(spec.r?.[i] ?? []));
  const waste = cards(spec.waste ?? []);
  const stock = cards(spec.stock ?? []);
  const foundations = [
    ...spec.ace.map((h) => cards([...RANKS].slice(0, h))),
    ...spec.king.map((h) => cards([...RANKS].reverse().slice(0, h))),
  ];
  return valid({ game: 'double-aces-and-kings', foundations, tableau, reserves, stock, waste });
}
const FULL7 = [13, 13, 13, 13, 13, 13, 13];

/** Double Dot's four foundation sequences: AC, AS, 2H, 2D, each up by two in suit. */
const DOT_SEQUENCES = [
  ['C', 1],
  ['S', 1],
  ['H', 2],
  ['D', 2],
].map(([suit, first]) => Array.from({ length: 13 }, (_, k) => rank((first as number) + 2 * k) + (suit as string)));
function doubleDot(heights: number[], t: string[][], stock: string[] = []): Position {
  return valid({
    game: 'double-dot',
    foundations: DOT_SEQUENCES.map((s, i) => s.slice(0, heights[i])),
    tableau: Array.from({ length: 8 }, (_, i) => t[i] ?? []),
    reserves: [],
    stock,
    waste: [],
  });
}

/**
 * Double Signora with base 7: sixteen foundation sequences 7 8 ... 6 in alternating colour,
 * 0..7 starting red, 8..15 black (this uses every card of the four decks exactly). Foundation i
 * holds the first `heights[i]` cards of sequence i; `place` puts the tails (the rest of each
 * sequence) on the other piles. Stock and waste are empty.
 */
const SIGNORA_SEQUENCES = Array.from({ length: 16 }, (_, i) =>
  Array.from({ length: 13 }, (_, k) => {
    const red = i < 8 === (k % 2 === 0);
    return rank(7 + k) + (red ? (i % 2 ? 'H' : 'D') : i % 2 ? 'S' : 'C');
  }),
);
function doubleSignora(heights: number[], place: (tails: string[][]) => { t: string[][]; r?: string[] }): Position {
  const { t, r } = place(SIGNORA_SEQUENCES.map((s, i) => s.slice(heights[i])));
  return valid({
    game: 'double-signora',
    foundations: SIGNORA_SEQUENCES.map((s, i) => s.slice(0, heights[i])),
    tableau: Array.from({ length: 11 }, (_, i) => t[i] ?? []),
    reserves: [r ?? []],
    stock: [],
    waste: [],
    base: '7',
  });
}
const sixteen = (f: (i: number) => number): number[] => Array.from({ length: 16 }, (_, i) => f(i));

// ---------------------------------------------------------------------------------------------
// The hand-built positions

/**
 * Mamy Susan where only a take-back wins: the reserve JC covers both TC the clubs need, and no
 * pile is empty and no red Q lies in the tableau to take it. The QH on top of f2 must come back
 * onto a KC so that the JC can go onto it.
 */
const mamySusanTakeBack = (): Position =>
  mamySusan([9, 13, 12, 8, 9, 13, 13, 8], {
    t: [['KH', 'QC'], ['QC'], ['JC'], ['KC'], ['KC'], ['9S', 'TS'], ['9S', 'TS'], ['QS', 'JS'], ['KS', 'QS'], ['KS']],
    r: ['TC', 'TC', 'JC'],
    waste: ['JS'],
  });

/** Double Aces and Kings won in three moves: reserve Q home, draw the K, play it home. */
const acesAndKingsWon = (): Position => acesAndKings({ ace: [11, ...FULL7], king: [13, ...FULL7], r: [['Q']], stock: ['K'] });

/** Double Aces and Kings, lost with no move at all: both 7s buried, every slot full. */
const acesAndKingsLost = (): Position =>
  acesAndKings({
    ace: [6, ...FULL7],
    king: [6, ...FULL7],
    t: ['5', '6', '8', '9', 'T', 'J', 'Q', 'K'],
    r: [['7', 'A'], ['7', '2'], ['3'], ['4']],
  });

/**
 * Double Aces and Kings, lost after a real search: both 7s lie at the bottom of one reserve under
 * nine cards, and five empty slots (with the foundation tops that may come down into them) are
 * not room enough to dig them out.
 */
const acesAndKingsLostDeep = (): Position =>
  acesAndKings({
    ace: [6, ...FULL7],
    king: [6, ...FULL7],
    t: ['6', '5', '4'],
    r: [['7', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', '3']],
  });

/**
 * Double Aces and Kings where only a foundation-to-foundation move, from an Ace pile to a King
 * pile, wins. Ace pile f0 holds A..7, King piles f8 and f9 K..8; every slot is full and every
 * card in view is an A..6, which no foundation takes (they want an 8 or a 7). Moving f0's 7 onto
 * f8 lets f8 take the 6..A from the slots; the freed slots then let the reserves be dug out
 * (7..K onto f0, 7..A onto f9). Moves the other way (f8's or f9's 8, 9, ... onto f0) only make
 * the foundations want higher cards, which are all buried.
 */
const acesAndKingsFoundationMove = (): Position =>
  acesAndKings({
    ace: [7, ...FULL7],
    king: [6, 6, 13, 13, 13, 13, 13, 13],
    t: ['6', '5', '4', '3', '2', 'A', '6', '5'],
    r: [
      ['K', 'Q', 'J', 'T', '9', '8', '7', 'A'],
      ['7', '4', '3', '2'],
    ],
  });

/** Double Dot won in five moves: two Qs home, a deal of the last two cards, the Ks home. */
const doubleDotWon = (): Position => doubleDot([12, 12, 12, 12], [['QC'], ['QS']], ['KD', 'KH']);

/**
 * Double Dot, lost with no move: every pile's top needs the card under it home first, and no
 * top is two ranks below another (8s, Qs, Ks and 9s only).
 */
const doubleDotLost = (): Position =>
  doubleDot(
    [9, 9, 9, 9],
    [
      ['6C', '8C'],
      ['TC', 'QC'],
      ['JH', 'KH'],
      ['JD', 'KD'],
      ['6S', '8S'],
      ['TS', 'QS'],
      ['7H', '9H'],
      ['7D', '9D'],
    ],
  );

/**
 * Double Dot where only a run move wins: the 6C the clubs need lies under TS 8S, a run. The 8S
 * alone can go nowhere (no T on top anywhere, no empty pile); the run TS 8S goes onto QC.
 */
const doubleDotRun = (): Position =>
  doubleDot([9, 9, 9, 9], [['6C', 'TS', '8S'], ['TC', 'QC'], ['JH', 'KH'], ['JD', 'KD'], ['6S', 'QS'], ['8C'], ['7H', '9H'], ['7D', '9D']]);

/** Double Signora won in three moves: three foundations lack their last card. */
const signoraWon = (): Position =>
  doubleSignora(
    sixteen((i) => (i < 3 ? 12 : 13)),
    (tails) => ({ r: tails[0]!, t: [tails[1]!, tails[2]!] }),
  );

/**
 * Double Signora, lost: four red-start foundations lack their black 5 and red 6, eight
 * black-start ones their red 5 and black 6, each pair lying 5 under 6 (in the reserve and ten
 * tableau piles). A 6 needs a 5 of the other colour on a foundation; none is there. No pile is
 * empty, and no 7 is in the tableau to take a foundation's 6.
 */
const signoraLost = (): Position =>
  doubleSignora(
    sixteen((i) => (i >= 4 && i < 8 ? 13 : 11)),
    (tails) => ({ r: tails[0]!, t: [tails[1]!, tails[2]!, tails[3]!, ...tails.slice(8)] }),
  );

/**
 * Double Signora with base rank not yet fixed (every card off the foundations): each tableau
 * pile is one or two foundation sequences reversed, a 7 on top, so base 7 plays everything home.
 * One K sits in the reserve; played first, it makes K the base, and then nothing can move.
 */
function signoraBaseChoice(): Position {
  const reversed = SIGNORA_SEQUENCES.map((s) => [...s].reverse());
  const king = reversed[0]!.splice(6, 1); // the K of sequence 0 (7 8 9 T J Q K ...)
  const tableau = Array.from({ length: 11 }, (_, i) => (i < 5 ? [...reversed[11 + i]!, ...reversed[i]!] : reversed[i]!));
  return valid({
    game: 'double-signora',
    foundations: sixteen(() => 0).map(() => []),
    tableau,
    reserves: [king],
    stock: [],
    waste: [],
    base: null,
  });
}

// ---------------------------------------------------------------------------------------------

describe('hand-built positions: won in a few moves', () => {
  const cases: [string, () => Position, number][] = [
    ['mamy-susan', nearlyWonMamySusan, 6],
    ['double-aces-and-kings', acesAndKingsWon, 3],
    ['double-dot', doubleDotWon, 5],
    ['double-signora', signoraWon, 3],
  ];
  for (const [game, make, length] of cases) {
    it(`${game}: won, the line replays with the referee and wins`, () => {
      const position = make();
      const report = solve(position);
      expect(report.result).toBe('won');
      expect(report.moves).toHaveLength(length);
      expectWinningLine(position, report.moves);
      expect(report.stats.limit).toBeUndefined();
    });
  }
});

describe('hand-built positions: proved lost', () => {
  const cases: [string, () => Position][] = [
    ['mamy-susan (Ks on the Qs they need, no space)', mamySusanLost],
    ['double-aces-and-kings (no move at all, cards remain)', acesAndKingsLost],
    ['double-aces-and-kings (both 7s too deep for the empty slots)', acesAndKingsLostDeep],
    ['double-dot (no move at all)', doubleDotLost],
    ['double-signora (every 6 waits for a 5 it covers)', signoraLost],
  ];
  for (const [name, make] of cases) {
    it(`${name}: lost, with no moves and no limit hit`, () => {
      const position = make();
      const report = solve(position);
      expect(report.result).toBe('lost');
      expect(report.moves).toEqual([]);
      expect(report.stats.limit).toBeUndefined();
    });
  }
  it('the positions with few moves are lost for the referee too (exhaustive search)', () => {
    for (const make of [mamySusanLost, acesAndKingsLost, doubleDotLost, signoraLost]) expect(refereeSearch(make())).toBe('lost');
  });
  it('Double Aces and Kings: the lost position with no moves really has none, and cards remain', () => {
    const position = acesAndKingsLost();
    expect(legalMoves(position)).toEqual([]);
    expect(position.foundations.flat().length).toBeLessThan(208);
  });
});

describe('hand-built positions: only one kind of move wins', () => {
  it('Mamy Susan: only a foundation take-back wins (QH back onto KC to host the reserve JC)', () => {
    const position = mamySusanTakeBack();
    const report = solve(position);
    expect(report.result).toBe('won');
    expectWinningLine(position, report.moves);
    expect(
      report.moves.some((m) => /^f\d+>t\d+$/.test(m)),
      report.moves.join(' '),
    ).toBe(true);
    // Without take-backs nothing wins.
    expect(refereeSearch(position, (m) => !m.startsWith('f'))).toBe('lost');
  });

  it('Double Aces and Kings: only a foundation-to-foundation move (Ace pile to King pile) wins', () => {
    const position = acesAndKingsFoundationMove();
    const report = solve(position);
    expect(report.result).toBe('won');
    expectWinningLine(position, report.moves);
    const aceToKing = /^f[0-7]>f([89]|1[0-5])$/;
    expect(
      report.moves.some((m) => aceToKing.test(m)),
      report.moves.join(' '),
    ).toBe(true);
    // Without moves between foundations nothing wins; with King-to-Ace moves only, neither.
    expect(refereeSearch(position, (m) => !/^f\d+>f\d+$/.test(m))).toBe('lost');
    expect(refereeSearch(position, (m) => !aceToKing.test(m))).toBe('lost');
  });

  it('Double Dot: only a run move wins (TS 8S onto QC, freeing the 6C)', () => {
    const position = doubleDotRun();
    const report = solve(position);
    expect(report.result).toBe('won');
    expectWinningLine(position, report.moves);
    expect(
      report.moves.some((m) => /^t\d+:\d+>t\d+$/.test(m)),
      report.moves.join(' '),
    ).toBe(true);
    expect(refereeSearch(position, (m) => !m.includes(':'))).toBe('lost');
  });

  it('Double Signora: with the base rank open, only base 7 wins (the reserve K as first card loses)', () => {
    const position = signoraBaseChoice();
    expect(position.base).toBeNull();
    const report = solve(position);
    expect(report.result).toBe('won');
    expect(report.moves).toHaveLength(208);
    expectWinningLine(position, report.moves);
    // The first card the line plays to a foundation decides the base: a 7.
    const first = report.moves.findIndex((m) => /^[trw]\d*>f\d+$/.test(m));
    const before = replay(position, report.moves.slice(0, first));
    if (!before.ok) throw new Error('replay failed');
    const src = report.moves[first]!.split('>')[0]!;
    const pile =
      src === 'w'
        ? before.final.waste
        : src[0] === 'r'
          ? before.final.reserves[Number(src.slice(1))]!
          : before.final.tableau[Number(src.slice(1))]!;
    expect(rankOf(parseCard(pile[pile.length - 1]!))).toBe(7);
    // The other choice there is, the reserve K, fixes base K and loses.
    const kingFirst = play(position, 'r0>f0');
    expect(kingFirst.base).toBe('K');
    expect(solve(kingFirst).result).toBe('lost');
    expect(refereeSearch(kingFirst)).toBe('lost');
  });
});

// ---------------------------------------------------------------------------------------------

describe('seeded deals under a node limit', () => {
  // Node limits per game, chosen for the time budget (Double Signora and Mamy Susan are the
  // slowest per node).
  const LIMITS: Record<string, number> = {
    'double-signora': 40_000,
    'double-aces-and-kings': 100_000,
    'double-dot': 100_000,
    'mamy-susan': 40_000,
  };
  const SEEDS = Array.from({ length: 50 }, (_, i) => i);
  for (const game of seedGames()) {
    it(`${game.id}: 50 deals, every win replays with the referee`, { timeout: 120_000 }, () => {
      const counts = { won: 0, lost: 0, unknown: 0 };
      for (const seed of SEEDS) {
        const position = dealGame(game, seed);
        const report = solve(position, LIMITS[game.id]);
        counts[report.result]++;
        expect(report.seed).toBe(seed);
        if (report.result === 'won') {
          expect(report.moves.length).toBeGreaterThan(0);
          expectWinningLine(position, report.moves);
        } else {
          expect(report.moves).toEqual([]);
        }
        if (report.result === 'unknown') expect(report.stats.limit, `seed ${seed}`).toBe('nodes');
      }
      console.log(`${game.id}: ${JSON.stringify(counts)} of ${SEEDS.length} deals at ${LIMITS[game.id]} nodes`);
      expect(counts.won, 'some deals are won, so replay is exercised').toBeGreaterThan(0);
    });
  }
});

describe('the answer does not depend on the table size when no limit is hit', () => {
  it('the smallest table holds 1024 slots (768 positions)', () => {
    expect(tiny.table.slots).toBe(1024);
  });

  it('hand-built positions: the same answer with the smallest table', () => {
    const makers = [
      nearlyWonMamySusan,
      mamySusanLost,
      mamySusanTakeBack,
      acesAndKingsWon,
      acesAndKingsLost,
      acesAndKingsLostDeep,
      acesAndKingsFoundationMove,
      doubleDotWon,
      doubleDotLost,
      doubleDotRun,
      signoraWon,
      signoraLost,
      signoraBaseChoice,
    ];
    for (const make of makers) {
      const position = make();
      const a = solve(position, 0);
      const b = solve(position, 2_000_000, tiny);
      expect(a.result).not.toBe('unknown');
      expect(b.result, `${position.game} ${make.name}`).toBe(a.result);
      if (b.result === 'won') expectWinningLine(position, b.moves);
    }
  });

  it('Double Dot deals: the same answer with the smallest table, which fills up', { timeout: 60_000 }, () => {
    let filled = 0;
    for (const seed of [0, 2, 6, 9, 19, 22, 28, 29]) {
      const position = dealGame(getGame('double-dot'), seed);
      const a = solve(position, 200_000);
      expect(a.result, `seed ${seed} with a big table`).not.toBe('unknown');
      expect(a.stats.tableFull).toBe(false);
      const b = solve(position, 200_000, tiny);
      expect(b.result, `seed ${seed} with the smallest table`).toBe(a.result);
      if (b.result === 'won') expectWinningLine(position, b.moves);
      if (b.stats.tableFull) filled++;
    }
    expect(filled, 'the small table filled up in some of these searches').toBeGreaterThan(0);
  });
});

describe('limits', () => {
  // Limits.maxNodes: "Positions entered at most". A deal that is not won at the root cannot be
  // won without entering more than one position, so maxNodes 1 must give unknown ('nodes').
  const deals: [string, number][] = [
    ['mamy-susan', 1],
    ['double-dot', 0],
    ['double-dot', 2], // won in 862 positions without a limit
    ['double-signora', 7], // won in 776
    ['double-aces-and-kings', 0], // won in 627
  ];
  for (const [game, seed] of deals) {
    it(`maxNodes 1: ${game} seed ${seed} is unknown with limit 'nodes'`, () => {
      const state = stateOf(dealGame(getGame(game), seed));
      expect(state.isWon()).toBe(false);
      const r = big.solve(state, { maxNodes: 1, timeLimitMs: 0 });
      expect({ result: r.result, limit: r.limit, moves: r.moves.length, nodes: r.nodes }).toMatchObject({
        result: 'unknown',
        limit: 'nodes',
        moves: 0,
      });
    });
  }
  it('a stage before the last is capped by its share of the node limit; under a time limit alone, by time only', () => {
    // An exact pass first, cut at a node cap that its time share would have let it pass, loses
    // its table, and the last exact pass begins again from scratch with what time is left.
    const ctx = new SearchContext(1);
    const state = stateOf(dealGame(getGame('klondike'), 0));
    ctx.start(state, { maxNodes: 1000, timeLimitMs: 0 });
    expect(ctx.nodeCapFor(0.8, UNLIMITED_CHEAP_NODES)).toBe(800);
    ctx.start(state, { maxNodes: 0, timeLimitMs: 60_000 });
    expect(ctx.nodeCapFor(0.8, UNLIMITED_CHEAP_NODES)).toBe(Infinity);
    expect(ctx.timeCapFor(0.8) - performance.now()).toBeGreaterThan(40_000);
    ctx.start(state, { maxNodes: 0, timeLimitMs: 0 });
    expect(ctx.nodeCapFor(0.8, UNLIMITED_CHEAP_NODES)).toBe(0.8 * UNLIMITED_CHEAP_NODES);
    expect(ctx.nodeCapFor(1, UNLIMITED_CHEAP_NODES)).toBe(Infinity);
  });
  it('the search enters no more positions than maxNodes allows', () => {
    for (const maxNodes of [1, 100, 2000]) {
      const r = big.solve(stateOf(dealGame(getGame('mamy-susan'), 1)), { maxNodes, timeLimitMs: 0 });
      expect(r.nodes, `maxNodes ${maxNodes}`).toBeLessThanOrEqual(maxNodes);
    }
  });
  it('a rounds stage with maxRounds ends after that many rounds, undecided, and the plan goes on', () => {
    // Mamy Susan seed 0 takes the best-first passes about a million positions: not won in rounds
    // of 100 positions a weight. Round k lets each pass enter its weight times 100 * 2^(k-1).
    const state = stateOf(dealGame(getGame('mamy-susan'), 0));
    const rounds = roundsOf(passPlan(state))[0]!.rounds;
    const perRound = 100 * rounds.reduce((sum, pass) => sum + pass.weight, 0);
    const stage = (maxRounds: number): Stage => ({ kind: 'rounds', share: 1, rounds, firstRoundNodes: 100, maxRounds });
    const one = big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, [stage(1)]);
    expect(one.result).toBe('unknown');
    expect(one.nodes).toBeLessThanOrEqual(perRound);
    const two = big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, [stage(2)]);
    expect(two.nodes).toBeGreaterThan(one.nodes);
    expect(two.nodes).toBeLessThanOrEqual(perRound * 3);
    const after = big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, [stage(1), ...passPlan(state)]);
    expect(after.result).toBe('won');
    expectWinningLine(
      dealGame(getGame('mamy-susan'), 0),
      after.moves.map((m) => formatMove(state.rules, m)),
    );
  });
  it('noise in a rounds stage changes the search from the first round on; the same noise searches the same', () => {
    // Mamy Susan seed 1 is won in the first round (its first pass wins in 43,542 positions).
    const position = dealGame(getGame('mamy-susan'), 1);
    const state = stateOf(position);
    const rounds = roundsOf(passPlan(state)).at(-1)!.rounds;
    const run = (noise?: number): SearchResult =>
      big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, [
        { kind: 'rounds', share: 1, rounds, firstRoundNodes: 100_000, maxRounds: 1, ...(noise ? { noise } : {}) },
      ]);
    const plain = run();
    const noisy = run(60);
    const again = run(60);
    expect([plain.result, noisy.result, again.result]).toEqual(['won', 'won', 'won']);
    expect(noisy.nodes).not.toBe(plain.nodes);
    expect({ nodes: again.nodes, moves: again.moves }).toEqual({ nodes: noisy.nodes, moves: noisy.moves });
    for (const r of [plain, noisy])
      expectWinningLine(
        position,
        r.moves.map((m) => formatMove(state.rules, m)),
      );
  });
  it('the state is left as it was found', () => {
    const position = dealGame(getGame('mamy-susan'), 1);
    const state = stateOf(position);
    big.solve(state, { maxNodes: 5000, timeLimitMs: 0 });
    expect(state.depth).toBe(0);
    expect(state.toPosition()).toEqual(position);
  });
});

// ---------------------------------------------------------------------------------------------
// The pass plan (src/search/driver/plan.ts): what it must do, whatever its settings.

/** The rounds stages of a plan, in order. */
const roundsOf = (plan: readonly Stage[]): RoundsStage[] => plan.filter((s): s is RoundsStage => s.kind === 'rounds');
/** The passes a stage makes. */
const passesOf = (stage: Stage): readonly Pass[] =>
  stage.kind === 'single' ? [stage.pass] : stage.kind === 'rounds' ? stage.rounds : stage.restarts;

describe('the pass plan', () => {
  /** The plans of the tool and the players, and a few others that the choices allow. */
  const PLANS: [string, PlanChoices][] = [
    ['the chosen plan', CHOSEN],
    ["the players' plan", PLAYER_PLAN],
    ['the chosen plan without restarts', { ...CHOSEN, restarts: false }],
    ['the chosen plan with one pass per base rank first', { ...CHOSEN, basePasses: true, restartBases: false }],
    ['the chosen plan without the plain first pass or noise', { ...CHOSEN, plainFirstPass: false, noise: 0, orderNoise: 0 }],
  ];
  // Fresh deals: Double Signora's base rank is open.
  const deals = seedGames().map((game) => dealGame(game, 0));
  const everyPlan = (check: (plan: Stage[], state: State, choices: PlanChoices, name: string) => void): void => {
    for (const position of deals) {
      for (const [name, choices] of PLANS) {
        const state = stateOf(position);
        check(passPlan(state, choices), state, choices, `${position.game}, ${name}`);
      }
    }
  };

  it('ends with the exact pass: one pass that allows every move, with all that is left of the limits', () => {
    expect(deals.some((p) => stateOf(p).rules.usesBaseRank && p.base === null)).toBe(true);
    everyPlan((plan, _, __, name) => {
      const last = plan.at(-1)!;
      expect(last.kind, name).toBe('single');
      expect(last.share, name).toBe(1);
      expect(allowsEveryMove(passesOf(last)[0]!), name).toBe(true);
      // A stage before it with all the limits would leave it nothing.
      for (const stage of plan.slice(0, -1)) expect(stage.share, name).toBeLessThan(1);
    });
  });

  it('before the exact pass, cheap depth-first passes that prove nothing (a shuffle bound or a base rank), or best-first rounds', () => {
    everyPlan((plan, _, __, name) => {
      for (const stage of plan.slice(0, -1)) {
        for (const pass of passesOf(stage)) {
          if (stage.kind === 'rounds') expect(pass.kind, name).toBe('best-first');
          else expect(pass.kind === 'depth-first' && !allowsEveryMove(pass), `${name}: ${JSON.stringify(pass)}`).toBe(true);
        }
      }
    });
  });

  it('on lost positions, a stage before the exact pass alone says lost only if one of its passes allows every move; the whole plan proves the loss', () => {
    const lost = [
      mamySusanLost(),
      acesAndKingsLostDeep(),
      acesAndKingsLost(),
      doubleDotLost(),
      signoraLost(),
      lateGreedyPosition('mamy-susan', 2, 5),
      lateGreedyPosition('double-signora', 0, 5),
    ];
    let unknown = 0;
    for (const position of lost) {
      for (const [name, choices] of PLANS) {
        const state = stateOf(position);
        const plan = passPlan(state, choices);
        const label = `${position.game} ${name}`;
        expect(big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, plan).result, label).toBe('lost');
        for (const stage of plan.slice(0, -1)) {
          const alone = big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, [stage]);
          if (!passesOf(stage).some(allowsEveryMove)) expect(alone.result, `${label}: ${stage.kind}`).not.toBe('lost');
          if (alone.result === 'unknown') unknown++;
        }
      }
    }
    // The cheap stages did meet these lost positions, and said nothing.
    expect(unknown).toBeGreaterThan(lost.length);
  });

  it('games without best-first search have no rounds; games with it have them, with the best-first passes chosen', () => {
    expect(seedGames().map((g) => searchProfile(stateOf(dealGame(g, 0)).rules).bestFirst)).toContain(false);
    expect(seedGames().map((g) => searchProfile(stateOf(dealGame(g, 0)).rules).bestFirst)).toContain(true);
    everyPlan((plan, state, choices, name) => {
      const rounds = roundsOf(plan);
      if (!searchProfile(state.rules).bestFirst) expect(rounds, name).toEqual([]);
      else expect(rounds.at(-1)!.rounds, name).toEqual(choices.bestFirst);
    });
  });

  it('the last rounds go on until their share is used, with the noise chosen, from the first round', () => {
    everyPlan((plan, state, choices, name) => {
      if (!searchProfile(state.rules).bestFirst) return;
      const last = roundsOf(plan).at(-1)!;
      expect(last.maxRounds, name).toBeUndefined();
      expect(last.firstRoundNodes, name).toBe(choices.roundNodes);
      expect(last.noise, name).toBe(choices.noise || undefined);
    });
  });

  it('a game with restarts before best-first (src/search/driver/profile.ts) makes them before its first rounds; the others make none there', () => {
    expect(seedGames().some((g) => profileOf(g).restartsBeforeBestFirst)).toBe(true);
    expect(seedGames().some((g) => profileOf(g).bestFirst && !profileOf(g).restartsBeforeBestFirst)).toBe(true);
    everyPlan((plan, state, choices, name) => {
      if (!searchProfile(state.rules).bestFirst) return;
      const before = plan.slice(
        0,
        plan.findIndex((s) => s.kind === 'rounds'),
      );
      const wanted = searchProfile(state.rules).restartsBeforeBestFirst && choices.restartsFirst > 0;
      expect(
        before.map((s) => s.kind),
        name,
      ).toEqual(wanted ? ['restarts'] : []);
      if (wanted) expect(before[0]!.share, name).toBe(choices.restartsFirst);
    });
  });

  it('every restart stage of a plan goes on with one schedule (the same id and passes)', () => {
    everyPlan((plan, _, __, name) => {
      const restarts = plan.filter((s): s is RestartStage => s.kind === 'restarts');
      expect(new Set(restarts.map((s) => s.schedule)).size, name).toBeLessThanOrEqual(1);
      for (const stage of restarts) expect(stage.restarts, name).toEqual(restarts[0]!.restarts);
    });
    // Double Aces and Kings has two restart stages, before and after its rounds.
    expect(passPlan(stateOf(dealGame(getGame('double-aces-and-kings'), 0))).filter((s) => s.kind === 'restarts')).toHaveLength(2);
  });

  it("the plain first pass is the rounds' first pass alone, and wins Mamy Susan seed 1 in the positions that pass takes alone", () => {
    for (const game of seedGames().filter((g) => profileOf(g).bestFirst)) {
      const state = stateOf(dealGame(game, 0));
      const [plain, noisy, ...more] = roundsOf(passPlan(state));
      expect(more, game.id).toEqual([]);
      expect(plain!.rounds, game.id).toEqual([noisy!.rounds[0]]);
      expect(plain!.maxRounds, game.id).toBe(1);
      expect(plain!.noise, game.id).toBeUndefined();
      expect(plain!.firstRoundNodes, game.id).toBe(CHOSEN.roundNodes);
      // Without it, only the noisy rounds.
      expect(roundsOf(passPlan(state, { ...CHOSEN, plainFirstPass: false })), game.id).toEqual([noisy]);
    }
    const state = stateOf(dealGame(getGame('mamy-susan'), 1));
    const first = roundsOf(passPlan(state))[0]!;
    const alone = big.solve(state, { maxNodes: 0, timeLimitMs: 0 }, [
      { kind: 'rounds', share: 1, rounds: first.rounds, firstRoundNodes: 1_000_000, maxRounds: 1 },
    ]);
    const chosen = big.solve(state, { maxNodes: 0, timeLimitMs: 0 });
    expect([alone.result, chosen.result]).toEqual(['won', 'won']);
    expect(chosen.nodes).toBe(alone.nodes);
    expect(chosen.nodes).toBeLessThan(CHOSEN.roundNodes * first.rounds[0]!.weight);
  });

  it('with the base rank open, the restarts fix it run after run: open, then the reserve ranks top first, then the rest', () => {
    const position = dealGame(getGame('double-signora'), 0);
    const restartBases = (state: State): number[] =>
      passPlan(state).flatMap((s) => (s.kind === 'restarts' ? s.restarts.map((p) => p.base) : []));
    const open = stateOf(position);
    const reserve = position.reserves[0]!.slice()
      .reverse()
      .map((card) => rankOf(parseCard(card)));
    const order = [...new Set([...reserve, ...Array.from({ length: 13 }, (_, i) => i + 1)])];
    expect(order).toHaveLength(13);
    expect(restartBases(open).slice(0, 28)).toEqual([0, ...order, 0, ...order]);
    // No pass per base rank before them, and the last pass is the exact one: every move, base open.
    expect(passPlan(open).filter((s) => s.kind === 'single' && s.pass.base !== 0)).toEqual([]);
    expect(passPlan(open).at(-1)).toMatchObject({ kind: 'single', pass: { shuffles: UNBOUNDED, base: 0 } });
    // Once the base is fixed there is nothing to choose.
    const fixed = stateOf({ ...position, base: '7' });
    expect(new Set(restartBases(fixed))).toEqual(new Set([0]));
  });

  it('with one pass per base rank first, those passes try the same ranks in the same order, before the cheap passes', () => {
    const position = dealGame(getGame('double-signora'), 0);
    const open = stateOf(position);
    const plan = passPlan(open, PLAYER_PLAN);
    const reserve = position.reserves[0]!.slice()
      .reverse()
      .map((card) => rankOf(parseCard(card)));
    const order = [...new Set([...reserve, ...Array.from({ length: 13 }, (_, i) => i + 1)])];
    const based = plan.flatMap((s) => (s.kind === 'single' && s.pass.base !== 0 ? [s.pass.base] : []));
    expect(based).toEqual(order);
    // Every pass per base rank comes before the first pass with the base open.
    const firstOpen = plan.findIndex((s) => s.kind === 'single' && s.pass.base === 0);
    expect(plan.slice(firstOpen).filter((s) => s.kind === 'single' && s.pass.base !== 0)).toEqual([]);
    expect(passPlan(stateOf({ ...position, base: '7' }), PLAYER_PLAN).filter((s) => s.kind === 'single' && s.pass.base !== 0)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The command line (bin/patience.js runs dist/, built by `npx tsc -p .`).

describe('patience solve', () => {
  const { file } = cliScratchFolder('patience-solver-test-');

  const solveJson = (game: string, seed: number, maxNodes: number): { report: SolveResult; path: string } => {
    const r = patience('solve', '--game', game, '--seed', String(seed), '--json', '--max-nodes', String(maxNodes), '--time-limit', '0');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    const report = JSON.parse(r.stdout) as SolveResult;
    expect(report.game).toBe(game);
    expect(report.seed).toBe(seed);
    expect(report.position).toEqual(dealGame(getGame(game), seed));
    expect(['won', 'lost', 'unknown']).toContain(report.result);
    expect(Array.isArray(report.moves)).toBe(true);
    if (report.result !== 'won') expect(report.moves).toEqual([]);
    expect(Number.isInteger(report.stats.nodes)).toBe(true);
    expect(report.stats.nodes).toBeGreaterThan(0);
    expect(typeof report.stats.ms).toBe('number');
    return { report, path: file(`${game}-${seed}.json`, r.stdout) };
  };

  it('--game mamy-susan --seed 1 --json prints a FORMATS.md solve result: won, and the win passes check', { timeout: 60_000 }, () => {
    const { report, path } = solveJson('mamy-susan', 1, 400_000);
    expect(report.result).toBe('won');
    const c = patience('check', path);
    expect(c.stdout.trim()).toBe(`ok: won in ${report.moves.length} moves`);
    expect(c.status).toBe(0);
  });

  it('a won deal (double-dot seed 2) as JSON: its moves pass check', { timeout: 60_000 }, () => {
    const { report, path } = solveJson('double-dot', 2, 50_000);
    expect(report.result).toBe('won');
    expectWinningLine(report.position, report.moves);
    const c = patience('check', path);
    expect(c.stderr).toBe('');
    expect(c.stdout.trim()).toBe(`ok: won in ${report.moves.length} moves`);
    expect(c.status).toBe(0);
  });

  it('--position FILE of a nearly-won position prints won and the numbered moves in words', () => {
    const position = nearlyWonMamySusan();
    const r = patience('solve', '--position', file('nearly-won.json', position), '--max-nodes', '10000');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^mamy-susan: won$/);
    const moveLines = lines.filter((l) => /^\s*\d+\. /.test(l));
    expect(moveLines).toHaveLength(6);
    moveLines.forEach((l, i) => expect(l).toMatch(new RegExp(`^\\s*${i + 1}\\. `)));
    const words =
      /^\s*\d+\. (?:draw [A2-9TJQK][CDHS]|[A2-9TJQK][CDHS] (?:waste|reserve \d+|tableau \d+|foundation \d+) -> (?:tableau|foundation) \d+)\s+\[(\S+)\]$/;
    for (const l of moveLines) expect(l).toMatch(words);
    expect(r.stdout).toMatch(/^\s*\d+\. KS waste -> foundation 3\s+\[w>f3\]$/m);
    expect(r.stdout).toMatch(/^\s*\d+\. KH reserve 0 -> foundation 2\s+\[r0>f2\]$/m);
    expect(r.stdout).toMatch(/^\s*\d+\. draw KD\s+\[draw\]$/m);
    // The bracketed moves are the winning line.
    expectWinningLine(
      position,
      moveLines.map((l) => words.exec(l)![1]!),
    );
  });

  describe('bad input: one line on stderr, non-zero exit, no stack trace', () => {
    it('unknown game', () => expectOneLineError(patience('solve', '--game', 'spider', '--seed', '1'), /spider/));
    it('bad seed', () => expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', 'x'), /seed/));
    it('negative seed', () => expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '-1'), /seed/));
    it('missing seed', () => expectOneLineError(patience('solve', '--game', 'double-dot'), /seed/));
    it('--max-nodes -1', () =>
      expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '1', '--max-nodes', '-1'), /--max-nodes/));
    it('--time-limit abc', () =>
      expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '1', '--time-limit', 'abc'), /--time-limit/));
    it('--memory 0', () => expectOneLineError(patience('solve', '--game', 'double-dot', '--seed', '1', '--memory', '0'), /--memory/));
    it('malformed position file: truncated JSON', () => {
      expectOneLineError(patience('solve', '--position', file('truncated.json', '{"game": "double-dot",\n "tableau": [')), /JSON/);
    });
    it('malformed position file: not JSON at all (a text file of several lines)', () => {
      expectOneLineError(patience('solve', '--position', file('notes.txt', 'hello\nworld\n')), /JSON/);
    });
    it('malformed position file: wrong piles', () => {
      expectOneLineError(patience('solve', '--position', file('piles.json', { game: 'mamy-susan', foundations: [] })), /foundations/);
    });
  });
});
