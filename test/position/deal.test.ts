// Seeded deals (golden values), deal shapes, parseSeed, and readPosition's validation
// (FORMATS.md "Position": a position read as input is checked, one-line error naming pile/card).
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { dealGame } from '../../src/position/deal.js';
import { parseSeed, readPosition, type Position } from '../../src/position/position.js';
import { seedGames, getGame } from '../../src/games/index.js';
import { UsageError } from '../../src/errors.js';
import { RANKS, SUITS } from '../../src/notation/cards.js';
import { clone } from '../support/helpers.js';

const ALL_CARDS = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));

/** sha256 of every pile (foundations, tableau, reserves, stock, waste) joined: 16 hex digits. */
function fingerprint(p: Position): string {
  const all = [...p.foundations, ...p.tableau, ...p.reserves, p.stock, p.waste].map((x) => x.join(' ')).join('|');
  return createHash('sha256').update(all).digest('hex').slice(0, 16);
}

function allCards(p: Position): string[] {
  return [...p.foundations, ...p.tableau, ...p.reserves, p.stock, p.waste].flat();
}

function counts(cards: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

interface Golden {
  fingerprint: string;
  t0: string;
  tLast: string;
  r0: string | null;
  stockTop5: string;
  stockBottom: string;
}

// Generated once from the deal function (pure-rand xoroshiro128+, 16 outputs skipped,
// Fisher-Yates, deal order of each game). If these change, every published seed changes.
const GOLDEN: Record<string, Record<number, Golden>> = {
  'double-signora': {
    0: {
      fingerprint: 'b69fce71963213b7',
      t0: '4C',
      tLast: 'AD',
      r0: '8S 5H JS 2C 9H TC 5D 5S JS KH TS 8H 8S 7H TS KD 3D KS TC KC 3H',
      stockTop5: '9S 3C KC 6S 9D',
      stockBottom: '7D',
    },
    1: {
      fingerprint: '7c36229c31915e82',
      t0: '4S',
      tLast: 'TC',
      r0: 'QD 8S AD KC TH 6H AH 9H 7D 7D 6D QS 7C TH 9D 6D QC 6C JH 6S TH',
      stockTop5: '3D KH 7S AS 4S',
      stockBottom: '7H',
    },
    4294967295: {
      fingerprint: 'be8a899dbc90ec70',
      t0: 'TC',
      tLast: 'AH',
      r0: 'JD 5D AD 2S 9C 8H AD 4C 8S AS 6C 3D QH 4H AC 9S 5C 9C 7D KS AS',
      stockTop5: '2H JH 4C KS KC',
      stockBottom: '5S',
    },
  },
  'double-aces-and-kings': {
    0: {
      fingerprint: '5f22345f9c674ca7',
      t0: '7S',
      tLast: 'KD',
      r0: '8S 5H JS 2C 9H TC 5D 5S JS KH TS 8H 8S',
      stockTop5: '3C 9H 2S 4S 9C',
      stockBottom: '7D',
    },
    1: {
      fingerprint: 'dfa594b0f2053633',
      t0: '5D',
      tLast: 'JS',
      r0: 'QD 8S AD KC TH 6H AH 9H 7D 7D 6D QS 7C',
      stockTop5: 'AD 4H 2D KS QH',
      stockBottom: '7H',
    },
    4294967295: {
      fingerprint: '7f3c282f1204dd97',
      t0: 'KH',
      tLast: '6D',
      r0: 'JD 5D AD 2S 9C 8H AD 4C 8S AS 6C 3D QH',
      stockTop5: '7S TH QH 2C 3C',
      stockBottom: '5S',
    },
  },
  'double-dot': {
    0: { fingerprint: '6917e2176ca20f42', t0: '8D', tLast: 'JH', r0: null, stockTop5: 'KH 6C 9C 7H 4C', stockBottom: '9D' },
    1: { fingerprint: 'eb10ee96d295f7f8', t0: 'QS', tLast: 'KS', r0: null, stockTop5: '4C JH 3C JS 7S', stockBottom: '6S' },
    4294967295: { fingerprint: '43eb223b19418eb7', t0: 'JS', tLast: '7C', r0: null, stockTop5: '8C 3S 7H 6H TS', stockBottom: '9H' },
  },
  'mamy-susan': {
    0: {
      fingerprint: 'bece6f1b7ceea068',
      t0: '3C TH JC JC',
      tLast: 'KS 3D 9S 8D',
      r0: '7C 7C AC 5D 4H',
      stockTop5: '2H TS QS KH JS',
      stockBottom: '7D',
    },
    1: {
      fingerprint: 'eb89082873522709',
      t0: 'TH AD 2H KS',
      tLast: '7H 6H 9H QH',
      r0: '8S 2C 8H JS AS',
      stockTop5: 'JH TH AH KD 6C',
      stockBottom: '7H',
    },
    4294967295: {
      fingerprint: '82e9068846ae90ab',
      t0: '5H AS TS 6D',
      tLast: '8D 6C 8C AS',
      r0: '3H JC 5C TS 9S',
      stockTop5: '3D JS 8D 2S 4D',
      stockBottom: '5S',
    },
  },
};

// Layout of a fresh deal per game (RULES.md DS-2, DAK-2, DD-2, MS-2).
const SHAPES: Record<string, { f: number[]; t: number[]; r: number[]; stock: number; decks: number }> = {
  'double-signora': { f: Array(16).fill(0), t: Array(11).fill(1), r: [21], stock: 176, decks: 4 },
  'double-aces-and-kings': { f: Array(16).fill(0), t: Array(8).fill(1), r: [13, 13, 13, 13], stock: 148, decks: 4 },
  'double-dot': { f: [1, 1, 1, 1], t: Array(8).fill(1), r: [], stock: 40, decks: 1 },
  'mamy-susan': { f: Array(8).fill(0), t: Array(10).fill(4), r: [5], stock: 59, decks: 2 },
};

describe('golden deals', () => {
  it('covers exactly the four games', () => {
    expect(
      seedGames()
        .map((g) => g.id)
        .sort(),
    ).toEqual(Object.keys(GOLDEN).sort());
  });
  for (const game of seedGames()) {
    for (const seed of [0, 1, 4294967295]) {
      it(`${game.id} seed ${seed} is dealt exactly as pinned`, () => {
        const g = GOLDEN[game.id]![seed]!;
        const p = dealGame(game, seed);
        expect(p.game).toBe(game.id);
        expect(p.seed).toBe(seed);
        expect(p.tableau[0]!.join(' ')).toBe(g.t0);
        expect(p.tableau.at(-1)!.join(' ')).toBe(g.tLast);
        expect(p.reserves[0]?.join(' ') ?? null).toBe(g.r0);
        expect(p.stock.slice(-5).join(' ')).toBe(g.stockTop5);
        expect(p.stock[0]).toBe(g.stockBottom);
        expect(fingerprint(p)).toBe(g.fingerprint);
      });
    }
  }
  it('Double Dot foundations are pre-dealt AC, AS, 2H, 2D (DD-2)', () => {
    for (const seed of [0, 1, 4294967295]) {
      expect(dealGame(getGame('double-dot'), seed).foundations).toEqual([['AC'], ['AS'], ['2H'], ['2D']]);
    }
  });
});

describe('dealGame', () => {
  for (const game of seedGames()) {
    it(`${game.id}: same seed twice gives equal deals, different seeds differ`, () => {
      for (const seed of [0, 7, 123456, 4294967295]) {
        expect(dealGame(game, seed)).toEqual(dealGame(game, seed));
      }
      const prints = new Set<string>();
      for (let seed = 0; seed < 50; seed++) prints.add(fingerprint(dealGame(game, seed)));
      prints.add(fingerprint(dealGame(game, 4294967295)));
      prints.add(fingerprint(dealGame(game, 4294967294)));
      expect(prints.size).toBe(52);
      // Neighbouring seeds give unrelated deals: the stock tops differ.
      expect(dealGame(game, 1).stock).not.toEqual(dealGame(game, 2).stock);
    });

    it(`${game.id}: pile sizes of the deal`, () => {
      const shape = SHAPES[game.id]!;
      for (const seed of [0, 1, 99, 4294967295]) {
        const p = dealGame(game, seed);
        expect(p.foundations.map((x) => x.length)).toEqual(shape.f);
        expect(p.tableau.map((x) => x.length)).toEqual(shape.t);
        expect(p.reserves.map((x) => x.length)).toEqual(shape.r);
        expect(p.stock.length).toBe(shape.stock);
        expect(p.waste).toEqual([]);
        expect(game.decks).toBe(shape.decks);
        if (game.id === 'double-signora') expect(p.base).toBeNull();
        else expect('base' in p).toBe(false);
      }
    });

    it(`${game.id}: every card exactly decks times`, () => {
      for (const seed of [0, 1, 2, 3, 4294967295]) {
        const p = dealGame(game, seed);
        const c = counts(allCards(p));
        expect(c.size).toBe(52);
        for (const card of ALL_CARDS) expect(c.get(card), card).toBe(game.decks);
        expect(allCards(p).length).toBe(52 * game.decks);
      }
    });

    it(`${game.id}: readPosition(JSON.stringify(deal)) round-trips`, () => {
      for (const seed of [0, 1, 5, 4294967295]) {
        const p = dealGame(game, seed);
        expect(readPosition(JSON.stringify(p))).toEqual(p);
      }
    });
  }

  it('Double Signora: 21 reserve cards, 11 one-card tableau piles, 176 in the stock (DS-2)', () => {
    const p = dealGame(getGame('double-signora'), 12345);
    expect(p.reserves).toHaveLength(1);
    expect(p.reserves[0]).toHaveLength(21);
    expect(p.tableau).toHaveLength(11);
    for (const t of p.tableau) expect(t).toHaveLength(1);
    expect(p.stock).toHaveLength(176);
    expect(p.foundations).toHaveLength(16);
    expect(p.foundations.every((f) => f.length === 0)).toBe(true);
  });
});

describe('parseSeed', () => {
  it('accepts whole numbers 0..2^32-1', () => {
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(parseSeed('17')).toBe(17);
    expect(parseSeed(42)).toBe(42);
  });
  for (const bad of ['-1', '1.5', '4294967296', 'abc', '', '1e3', '0x10', ' ']) {
    it(`rejects '${bad}' with a one-line UsageError`, () => {
      expect(() => parseSeed(bad)).toThrow(UsageError);
      try {
        parseSeed(bad);
      } catch (e) {
        expect((e as Error).message).not.toContain('\n');
        expect((e as Error).message).toMatch(/seed/);
      }
    });
  }
});

/** Expects readPosition to throw a one-line UsageError whose message matches every pattern. */
function rejects(pos: unknown, ...patterns: RegExp[]): void {
  const text = typeof pos === 'string' ? pos : JSON.stringify(pos);
  let err: unknown;
  try {
    readPosition(text);
  } catch (e) {
    err = e;
  }
  expect(err, 'readPosition should have thrown').toBeInstanceOf(UsageError);
  const msg = (err as Error).message;
  expect(msg).not.toContain('\n');
  for (const p of patterns) expect(msg).toMatch(p);
}

/** A won Mamy Susan position: every card on the foundations, f0..f7 = C D H S C D H S. */
function wonMamySusan(): Position {
  return {
    game: 'mamy-susan',
    foundations: [0, 1, 2, 3, 0, 1, 2, 3].map((s) => [...RANKS].map((r) => r + SUITS[s]!)),
    tableau: Array.from({ length: 10 }, () => []),
    reserves: [[]],
    stock: [],
    waste: [],
  };
}

/** A Double Signora position with base 5 and a few cards on f0. */
function signoraWithBase(): Position {
  const p = dealGame(getGame('double-signora'), 3);
  // Take 5C 6D 7S off the stock and build them on f0 (up by one, alternating colour).
  for (const c of ['5C', '6D', '7S']) {
    const i = p.stock.indexOf(c);
    expect(i).toBeGreaterThanOrEqual(0);
    p.stock.splice(i, 1);
    p.foundations[0]!.push(c);
  }
  p.base = '5';
  return p;
}

describe('readPosition accepts', () => {
  it('a won Mamy Susan position and a typed-in position without seed', () => {
    const p = wonMamySusan();
    expect(readPosition(JSON.stringify(p))).toEqual(p);
  });
  it('a Double Signora position with base rank and foundations that agree', () => {
    const p = signoraWithBase();
    expect(readPosition(JSON.stringify(p))).toEqual(p);
  });
  it('Double Signora: foundations emptied again after the base was fixed', () => {
    const p = dealGame(getGame('double-signora'), 3);
    p.base = '9';
    expect(readPosition(JSON.stringify(p)).base).toBe('9');
  });
  it('cards in lower case and 10 for T', () => {
    const p = wonMamySusan();
    p.foundations[0]![9] = '10c';
    p.foundations[1]![0] = 'ad';
    const back = readPosition(JSON.stringify(p));
    expect(back.foundations[0]![9]).toBe('TC');
    expect(back.foundations[1]![0]).toBe('AD');
  });
});

describe('readPosition rejects (one-line UsageError naming the pile/card)', () => {
  const ms = (): Position => dealGame(getGame('mamy-susan'), 1);
  const dak = (): Position => dealGame(getGame('double-aces-and-kings'), 1);
  const ds = (): Position => dealGame(getGame('double-signora'), 1);
  const dd = (): Position => dealGame(getGame('double-dot'), 1);

  it('malformed JSON', () => {
    rejects('{"game": "mamy-susan", ', /JSON/);
    rejects('', /JSON/);
    rejects('[1,2]', /object/);
  });
  it('unknown game', () => {
    const p = ms() as unknown as Record<string, unknown>;
    p.game = 'spider';
    rejects(p, /spider/);
    const q = ms() as unknown as Record<string, unknown>;
    delete q.game;
    rejects(q, /game/);
  });
  it('a card too many', () => {
    const p = ms();
    p.tableau[3]!.push('QH');
    rejects(p, /QH/, /pile (f|t|r)\d+|pile [sw]\b/, /more than 2/);
    const q = dak();
    q.waste.push('7C');
    rejects(q, /7C/);
  });
  it('a missing card', () => {
    const p = ms();
    const card = p.tableau[2]!.pop()!;
    rejects(p, new RegExp(card), /missing/);
    const q = dd();
    const c2 = q.stock.shift()!;
    rejects(q, new RegExp(c2), /missing/);
  });
  it('a DAK slot with 2 cards', () => {
    const p = dak();
    p.tableau[4]!.push(p.stock.pop()!);
    rejects(p, /t4/, /2 cards/);
  });
  it('a foundation with 14 cards', () => {
    const p = wonMamySusan();
    // The second clubs foundation (f4) gives its Ace to f0, on top of f0's KC: 14 cards.
    p.foundations[0]!.push(p.foundations[4]!.shift()!);
    rejects(p, /f0/, /14/);
    const q = ds();
    // 14 cards on a DS foundation: base A, alternating colours with wrap.
    const seq = ['AC', '2D', '3C', '4D', '5C', '6D', '7C', '8D', '9C', 'TD', 'JC', 'QD', 'KC', 'AD'];
    for (const c of seq) {
      const where = [q.stock, q.reserves[0]!].find((pile) => pile.includes(c))!;
      where.splice(where.indexOf(c), 1);
      q.foundations[7]!.push(c);
    }
    q.base = 'A';
    rejects(q, /f7/, /14/);
  });
  it('a reserve over its limit', () => {
    const p = ms();
    p.reserves[0]!.push(p.stock.pop()!);
    rejects(p, /r0/, /6 cards/);
  });
  it('an illegal foundation sequence', () => {
    const p = wonMamySusan();
    // f1 (diamonds): swap its 5D and 6D.
    p.foundations[1]![4] = '6D';
    p.foundations[1]![5] = '5D';
    rejects(p, /f1/, /6D|5D/);
    const q = wonMamySusan();
    // A foundation not starting with an Ace (MS-3): move the Ace to the tableau.
    q.tableau[0]!.push(q.foundations[2]!.shift()!);
    rejects(q, /f2/, /2H/);
    const r = signoraWithBase();
    // 5C then 6D then 7S: replace 6D by 6C (same colour as 5C).
    const i = r.stock.indexOf('6C');
    r.stock[i] = '6D';
    r.foundations[0]![1] = '6C';
    rejects(r, /f0/, /6C/);
  });
  it('Double Dot foundations must start with their dealt card', () => {
    const p = dd();
    p.foundations = [['AS'], ['AC'], ['2H'], ['2D']];
    rejects(p, /f0/, /AC/);
  });
  it('a Double Signora base rank that contradicts the foundations', () => {
    const p = signoraWithBase();
    p.base = '6';
    rejects(p, /f0/, /5C/);
  });
  it('Double Signora foundation cards with base null', () => {
    const p = signoraWithBase();
    p.base = null;
    rejects(p, /f0/, /5C/);
    delete (p as { base?: unknown }).base;
    rejects(p, /f0/, /5C/);
  });
  it('a base rank for a game without one, and a base that is not a rank', () => {
    const p = ms() as unknown as Record<string, unknown>;
    p.base = '5';
    rejects(p, /base/);
    const q = signoraWithBase() as unknown as Record<string, unknown>;
    q.base = 'X';
    rejects(q, /base/, /X/);
  });
  it('wrong number of tableau piles (or foundations)', () => {
    const p = ms();
    p.tableau.push([]);
    rejects(p, /tableau/, /10/);
    const q = dd();
    q.tableau.pop();
    rejects(q, /tableau/, /8/);
    const r = ds();
    r.foundations.pop();
    rejects(r, /foundations/, /16/);
  });
  it('a non-card string', () => {
    const p = ms();
    p.tableau[5]![1] = 'ZZ';
    rejects(p, /t5/, /ZZ/);
    const q = ms() as unknown as { reserves: unknown[][] };
    q.reserves[0]![0] = 7;
    rejects(q, /r0/, /7/);
    const r = ms();
    r.stock[0] = '1H';
    rejects(r, /'s'|pile s/, /1H/);
  });
  it('Double Signora: an empty tableau pile while the stock has cards (DS-7)', () => {
    const p = ds();
    p.stock.push(p.tableau[6]!.pop()!);
    rejects(p, /t6|s:/);
  });
  it('a bad seed inside the position', () => {
    const p = ms() as unknown as Record<string, unknown>;
    p.seed = -1;
    rejects(p, /seed/);
  });
  it('a waste for Double Dot, which has none', () => {
    const p = dd();
    const q = clone(p);
    q.waste = [q.stock.pop()!];
    rejects(q, /w/);
  });
});
