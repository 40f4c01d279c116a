// Each rule option of the rules format (docs/rules.md) in the engine, on small games written here:
// every test fails when its option is broken (ignored, or read the wrong way round), and each
// move is undone to check that the state and its key come back exactly.
import { describe, expect, it } from 'vitest';
import { applyMove, formatMove, generateMoves, isLegal, MAX_MOVES, parseMove, undoMove } from '../../src/engine/moves.js';
import { compileGame } from '../../src/engine/game.js';
import { State } from '../../src/engine/state.js';
import { getGame, type Game } from '../../src/games/index.js';
import { dealGame } from '../../src/position/deal.js';
import { readPosition, type Position } from '../../src/position/position.js';
import { testGame } from '../support/helpers.js';

const game = (patch: Record<string, unknown>): Game => testGame(patch, 'test-rules');

/** A position of `g` from a partial one: piles not given are empty. */
function position(g: Game, piles: Partial<Position>): Position {
  const empty = dealGame(g, 0);
  const pos: Position = {
    ...empty,
    foundations: empty.foundations.map(() => []),
    tableau: empty.tableau.map(() => []),
    reserves: empty.reserves.map(() => []),
    stock: [],
    waste: [],
    ...piles,
  };
  delete pos.seed;
  if (pos.faceDown && !piles.faceDown) pos.faceDown = pos.tableau.map(() => 0);
  return pos;
}

/** The full 52 cards not named in `used`, for a stock that makes a position complete. */
function rest(used: string[]): string[] {
  const all = ['C', 'D', 'H', 'S'].flatMap((s) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'].map((r) => r + s));
  return all.filter((c) => !used.includes(c));
}

function stateOf(pos: Position): State {
  return State.fromPosition(compileGame(getGame(pos.game)), readPosition(JSON.stringify(pos)));
}

/** The legal moves, as written. */
function legal(s: State): string[] {
  const moves = new Int32Array(MAX_MOVES);
  const n = generateMoves(s, moves, false);
  return Array.from(moves.subarray(0, n), (m) => formatMove(s.rules, m));
}

/** Applies `move` (it must be legal), checks undo restores the state and key, applies it again. */
function play(s: State, move: string): void {
  expect(legal(s), `${move} legal`).toContain(move);
  const before = JSON.stringify(s.toPosition());
  const key = [s.keyLo, s.keyHi];
  applyMove(s, parseMove(s.rules, move));
  const [lo, hi] = s.keyFromScratch();
  expect([s.keyLo, s.keyHi], `incremental key after ${move}`).toEqual([lo, hi]);
  undoMove(s);
  expect(JSON.stringify(s.toPosition())).toBe(before);
  expect([s.keyLo, s.keyHi]).toEqual(key);
  applyMove(s, parseMove(s.rules, move));
}

function make(patch: Record<string, unknown>, piles: (g: Game) => Partial<Position>): State {
  const g = game(patch);
  const p = piles(g);
  const used = [...(p.tableau ?? []).flat(), ...(p.foundations ?? []).flat(), ...(p.waste ?? []), ...(p.reserves ?? []).flat()];
  return stateOf(position(g, { stock: rest(used), ...p }));
}

const seven = (...piles: string[][]): string[][] => [...piles, ...Array.from({ length: 7 - piles.length }, () => [])];
/** Seven piles, none empty (a game that fills spaces at once has no empty pile while the stock lasts). */
const full = (...piles: string[][]): string[][] => [
  ...piles,
  ...[['KC'], ['QC'], ['JC'], ['TC'], ['9C'], ['8C'], ['7C']].slice(piles.length),
];

describe('stock.drawCount', () => {
  it('turns that many cards, the last turned on top, and fewer when fewer are left', () => {
    // 50 cards in the stock: the last draw turns 2.
    const s = make({ stock: { drawCount: 3 } }, () => ({ tableau: seven(['KS'], ['QH']) }));
    const stock = s.toPosition().stock;
    play(s, 'draw');
    expect(s.toPosition().waste).toEqual([stock.at(-1), stock.at(-2), stock.at(-3)]);
    while (s.len[s.rules.stock]! > 2) play(s, 'draw');
    const last = s.toPosition().stock;
    play(s, 'draw');
    expect(s.toPosition().waste.slice(-2)).toEqual([last[1], last[0]]);
    expect(s.len[s.rules.stock]).toBe(0);
  });
});

describe('stock.redeals', () => {
  it('turns the waste over so that the card turned first comes first again, as often as allowed', () => {
    const s = make({ stock: { redeals: 1 } }, () => ({ tableau: seven(['KS']) }));
    const stock = s.toPosition().stock;
    expect(legal(s)).not.toContain('redeal');
    while (s.len[s.rules.stock]! > 0) play(s, 'draw');
    play(s, 'redeal');
    expect(s.toPosition().stock).toEqual(stock);
    expect(s.toPosition().redeals).toBe(1);
    play(s, 'draw');
    expect(s.toPosition().waste).toEqual([stock.at(-1)]);
    while (s.len[s.rules.stock]! > 0) play(s, 'draw');
    expect(legal(s)).not.toContain('redeal');
  });

  it('unlimited redeals never run out, and none is offered without them', () => {
    const s = make({ stock: { redeals: 'unlimited', drawCount: 3 } }, () => ({ tableau: seven(['KS']) }));
    for (let pass = 0; pass < 5; pass++) {
      while (s.len[s.rules.stock]! > 0) play(s, 'draw');
      play(s, 'redeal');
    }
    const none = make({}, () => ({ tableau: seven(['KS']) }));
    while (none.len[none.rules.stock]! > 0) play(none, 'draw');
    expect(legal(none)).not.toContain('redeal');
  });
});

describe('face-down cards', () => {
  it('cannot move, are left out of runs, and turn up when uncovered', () => {
    const s = make(
      {
        deal: [
          { pile: 't0', cards: 1, faceDown: true },
          { pile: 't0', cards: 1 },
        ],
      },
      () => ({
        tableau: seven(['9D', '8S', '7H'], ['9H']),
        faceDown: [1, 0, 0, 0, 0, 0, 0],
      }),
    );
    // 8S-7H is a run; 9D under it is face down, so it may not go along.
    expect(legal(s)).toContain('t0:2>t1');
    expect(legal(s)).not.toContain('t0:3>t2');
    play(s, 't0:2>t1');
    expect(s.toPosition().faceDown![0]).toBe(0);
    expect(legal(s)).toContain('t0>t2');
  });

  it('a deal with face-down cards records them per pile', () => {
    const g = game({ deal: [{ row: 't', from: 1, faceDown: true }, { row: 't' }] });
    const deal = dealGame(g, 5);
    expect(deal.faceDown).toEqual([0, 1, 1, 1, 1, 1, 1]);
    expect(deal.tableau.map((p) => p.length)).toEqual([1, 2, 2, 2, 2, 2, 2]);
  });
});

describe('tableau.spaces', () => {
  it("'kings' takes only a King or a run from one; 'none' takes nothing; 'any' takes any card", () => {
    const kings = make({ tableau: { spaces: 'kings' } }, () => ({ tableau: seven(['KH', 'QS'], ['5D']) }));
    expect(legal(kings)).toContain('t0:2>t2');
    expect(legal(kings)).not.toContain('t1>t2');
    const none = make({ tableau: { spaces: 'none' } }, () => ({ tableau: seven(['KH', 'QS'], ['5D']) }));
    expect(legal(none).filter((m) => m.endsWith('>t2'))).toEqual([]);
    const any = make({}, () => ({ tableau: seven(['KH', 'QS'], ['5D']) }));
    expect(legal(any)).toContain('t1>t2');
  });
});

describe('tableau.runs', () => {
  it("'single' moves one card, 'built' a run built down, 'any' any face-up cards", () => {
    const piles = (): Partial<Position> => ({ tableau: seven(['9D', '3C', '8S', '7H'], ['4H'], ['9H']) });
    const single = make({ tableau: { runs: 'single' } }, piles);
    expect(legal(single).filter((m) => m.includes(':'))).toEqual([]);
    const built = make({ tableau: { runs: 'built' } }, piles);
    expect(legal(built)).toContain('t0:2>t2');
    expect(legal(built)).not.toContain('t0:3>t1');
    const any = make({ tableau: { runs: 'any' } }, piles);
    expect(legal(any)).toContain('t0:3>t1');
  });
});

describe('tableau.autoFill', () => {
  it("'stock' fills an emptied pile from the stock, not the waste; 'waste-then-stock' from the waste first", () => {
    const fromStock = make({ tableau: { autoFill: 'stock' } }, () => ({ tableau: full(['2H'], ['3S']) }));
    play(fromStock, 'draw');
    const top = fromStock.toPosition().stock.at(-1);
    play(fromStock, 't0>t1');
    expect(fromStock.toPosition().tableau[0]).toEqual([top]);
    const fromWaste = make({ tableau: { autoFill: 'waste-then-stock' } }, () => ({ tableau: full(['2H'], ['3S']) }));
    play(fromWaste, 'draw');
    const turned = fromWaste.toPosition().waste.at(-1);
    play(fromWaste, 't0>t1');
    expect(fromWaste.toPosition().tableau[0]).toEqual([turned]);
  });
});

describe('stock.lockedUntilFoundation', () => {
  it('offers no draw until a card is home, and none again once the foundations are empty', () => {
    const s = make({ stock: { lockedUntilFoundation: true } }, () => ({ tableau: seven(['AH'], ['KS']) }));
    expect(legal(s)).not.toContain('draw');
    play(s, 't0>f0');
    expect(legal(s)).toContain('draw');
    play(s, 'f0>t0');
    expect(legal(s)).not.toContain('draw');
  });
});

describe('moves', () => {
  it("'f>t' takes a card back only where the rules list it, and 'f>f' moves one between foundations", () => {
    const withBacks = make({}, () => ({ foundations: [['AH', '2H'], [], [], []], tableau: seven(['3S']) }));
    expect(legal(withBacks)).toContain('f0>t0');
    const without = make({ moves: ['t>f', 't>t', 'w>f', 'w>t'] }, () => ({
      foundations: [['AH', '2H'], [], [], []],
      tableau: seven(['3S']),
    }));
    expect(legal(without).filter((m) => m.startsWith('f'))).toEqual([]);
    const between = make({ moves: ['t>f', 't>t', 'w>f', 'w>t', 'f>f'] }, () => ({
      foundations: [['AH'], [], [], []],
      tableau: seven(['3S']),
    }));
    expect(legal(between)).toContain('f0>f1');
  });
});

describe('foundations', () => {
  it('a King start builds down; wrap lets an Ace follow a King; the base rank is fixed by the first card', () => {
    const down = make({ foundations: [{ count: 4, start: 13, build: { step: -1, suit: 'any' } }] }, () => ({
      tableau: seven(['KH'], ['QS'], ['AC']),
    }));
    play(down, 't0>f0');
    expect(legal(down)).toContain('t1>f0');
    expect(legal(down).filter((m) => m.startsWith('t2>f'))).toEqual([]);
    const wrap = make({ foundations: [{ count: 4, start: 'base-rank', build: { step: 1, wrap: true, suit: 'any' } }] }, () => ({
      tableau: seven(['KH'], ['AS'], ['5C']),
    }));
    play(wrap, 't0>f0');
    expect(wrap.toPosition().base).toBe('K');
    expect(legal(wrap)).toContain('t1>f0');
    expect(legal(wrap).filter((m) => m.startsWith('t2>f'))).toEqual([]);
  });
});

describe('tableau.build.either', () => {
  it('lays a card one step above or below, and a built run may go either way card by card', () => {
    const piles = (): Partial<Position> => ({ tableau: seven(['9D', '8S', '9H'], ['7H'], ['8C'], ['JH']) });
    const either = make({ tableau: { build: { step: -1, suit: 'alternate-colour', either: true } } }, piles);
    // 9H goes up onto 8C; 8S-9H (built up) goes up onto 7H; the whole of t0 (down, then up) onto 8C.
    expect(legal(either)).toEqual(expect.arrayContaining(['t0>t2', 't0:2>t1', 't0:3>t2']));
    expect(legal(either).filter((m) => m === 't0>t1' || m === 't0>t3')).toEqual([]);
    play(either, 't0:3>t2');
    expect(either.toPosition().tableau[2]).toEqual(['8C', '9D', '8S', '9H']);
    const down = make({}, piles);
    // Built down only, none of t0's cards goes on another pile's card (t4..t6 are empty: they take any).
    expect(legal(down).filter((m) => /^t0(:\d)?>t[0-3]$/.test(m))).toEqual([]);
  });
});

describe('opening', () => {
  it('allows only its moves until a card is home, all of them after, and only its moves again once the foundations are empty', () => {
    const s = make({ opening: ['t>f'] }, () => ({ tableau: seven(['AH'], ['2S'], ['3D']), waste: ['AS'] }));
    expect(legal(s)).toEqual(expect.arrayContaining(['t0>f0', 'draw']));
    expect(legal(s).filter((m) => m === 'w>f0' || m.startsWith('t1>t') || m.startsWith('w>t'))).toEqual([]);
    play(s, 't0>f0');
    expect(legal(s)).toEqual(expect.arrayContaining(['w>f1', 't1>t2', 'f0>t1']));
    play(s, 'f0>t1');
    expect(legal(s).filter((m) => m === 'w>f0' || m.startsWith('t2>t') || m.startsWith('w>t'))).toEqual([]);
    const open = make({}, () => ({ tableau: seven(['AH'], ['2S'], ['3D']), waste: ['AS'] }));
    expect(legal(open)).toEqual(expect.arrayContaining(['w>f0', 't1>t2']));
  });
});

describe('a base card dealt to a foundation', () => {
  const baseRank = { count: 4, start: 'base-rank', build: { step: 1, wrap: true, suit: 'any' } };

  it('is dealt like any card, fixes the base rank from the start, and a position must give that rank', () => {
    const g = game({ foundations: [baseRank], deal: [{ pile: 'f2', cards: 1 }, { row: 't' }] });
    for (const seed of [0, 1, 2]) {
      const deal = dealGame(g, seed);
      expect(deal.foundations.map((p) => p.length)).toEqual([0, 0, 1, 0]);
      expect(deal.base).toBe(deal.foundations[2]![0]![0]);
      expect(deal.stock).toHaveLength(52 - 1 - 7);
      expect(readPosition(JSON.stringify(deal))).toEqual(deal);
      expect(() => readPosition(JSON.stringify({ ...deal, base: null }))).toThrow(/must give its base rank/);
    }
  });

  it('so an empty foundation takes only that rank, where without it any card would start one', () => {
    const g = game({
      foundations: [baseRank],
      deal: [
        { pile: 'f0', cards: 1 },
        { pile: 't0', cards: 1 },
      ],
    });
    const s = stateOf(
      position(g, {
        foundations: [['7C'], [], [], []],
        tableau: seven(['7D'], ['5S'], ['8H']),
        stock: rest(['7C', '7D', '5S', '8H']),
        base: '7',
      }),
    );
    expect(legal(s)).toEqual(expect.arrayContaining(['t0>f1', 't2>f0']));
    expect(legal(s).filter((m) => m.startsWith('t1>f'))).toEqual([]);
    const free = game({ foundations: [baseRank] });
    const t = stateOf(position(free, { tableau: seven(['7D'], ['5S'], ['8H']), stock: rest(['7D', '5S', '8H']), base: null }));
    expect(legal(t)).toContain('t1>f0');
  });
});

describe('a position with more moves than a search level leaves room for', () => {
  it('gives every move to a caller that makes room for rules.maxMoves, and throws rather than drop one', () => {
    // 32 piles, any run moving to any space: ten piles of five cards, 22 spaces, 1,100 moves.
    const all = rest([]);
    const tableau = Array.from({ length: 32 }, (_, i) => (i < 10 ? all.slice(i * 5, i * 5 + 5) : []));
    const s = make({ tableau: { count: 32, build: { step: -1, suit: 'any', either: true }, runs: 'any', spaces: 'any' } }, () => ({
      tableau,
      stock: all.slice(50),
    }));
    const room = new Int32Array(s.rules.maxMoves);
    const n = generateMoves(s, room, false);
    expect(n).toBeGreaterThan(MAX_MOVES);
    expect(n).toBeLessThanOrEqual(s.rules.maxMoves);
    // The last pile's bottom card and what lies on it, into the last space: the last move made.
    expect(Array.from(room.subarray(0, n), (m) => formatMove(s.rules, m))).toContain('t9:5>t31');
    expect(isLegal(s, parseMove(s.rules, 't9:5>t31'))).toBe(true);
    expect(() => generateMoves(s, new Int32Array(MAX_MOVES), false)).toThrow(/more moves than the 1024 places/);
  });
});
