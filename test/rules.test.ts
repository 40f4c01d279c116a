// Every rule of RULES.md, one `describe` per rule id, each with legal and illegal cases on small
// hand-built positions. Every move rule is asserted against both the referee (src/referee/referee.ts) and
// the engine (through its public API only). When they disagree, RULES.md decides what is asserted.
import { describe, it, expect } from 'vitest';
import { cardName, orderedDecks } from '../src/notation/cards.js';
import { dealGame } from '../src/position/deal.js';
import type { Position } from '../src/position/position.js';
import { seedGames, getGame } from '../src/games/index.js';
import { isLegal, parseMove } from '../src/engine/moves.js';
import { play, whyIllegal } from '../src/referee/referee.js';
import { enginePlay, stateOf } from './support/helpers.js';

// ---------------------------------------------------------------------------------------------
// Building positions by hand.

interface Spec {
  f?: Record<number, string[]>;
  t?: Record<number, string[]>;
  r?: Record<number, string[]>;
  stock?: string[];
  waste?: string[];
  base?: string | null;
}

/** The cards of the game not yet used in `pos`, in deck order; throws if a card is used too often. */
function remaining(decks: number, pos: Position): string[] {
  const left = new Map<string, number>();
  for (const c of orderedDecks(1).map(cardName)) left.set(c, decks);
  const piles = [...pos.foundations, ...pos.tableau, ...pos.reserves, pos.stock, pos.waste];
  for (const card of piles.flat()) {
    const n = left.get(card);
    if (n === undefined || n === 0) throw new Error(`test position uses ${card} too often`);
    left.set(card, n - 1);
  }
  return [...left].flatMap(([card, n]) => Array.from({ length: n }, () => card));
}

/**
 * A position of `game` with the piles of `spec` (unlisted piles empty, except that Double Dot's
 * foundations keep their dealt first cards); every card not listed is
 * put at the bottom of pile `fillInto` (`s` or a tableau id), so listed tops stay tops. With
 * `padTableau`, each unlisted tableau pile first gets one spare card (Double Signora's tableau
 * has no spaces while stock or waste last, DS-7).
 */
function build(game: string, spec: Spec, fillInto: string, padTableau = false): Position {
  const g = getGame(game);
  const shape = dealGame(g, 0);
  const pos: Position = {
    game,
    foundations: shape.foundations.map((dealt, i) => [...(spec.f?.[i] ?? dealt)]), // DD-2's first cards stay
    tableau: shape.tableau.map((_, i) => [...(spec.t?.[i] ?? [])]),
    reserves: shape.reserves.map((_, i) => [...(spec.r?.[i] ?? [])]),
    stock: [...(spec.stock ?? [])],
    waste: [...(spec.waste ?? [])],
  };
  if ('base' in shape) pos.base = spec.base ?? null;
  const left = remaining(g.decks, pos);
  if (padTableau) {
    pos.tableau.forEach((pile, i) => {
      if (spec.t?.[i] === undefined) pile.push(left.pop()!);
    });
  }
  const target = fillInto === 's' ? pos.stock : pos.tableau[Number(fillInto.slice(1))]!;
  target.unshift(...left);
  return pos;
}

// ---------------------------------------------------------------------------------------------
// Asking both the referee and the engine.

function engineLegal(pos: Position, move: string): boolean {
  const s = stateOf(pos);
  const m = parseMove(s.rules, move);
  return m >= 0 && isLegal(s, m);
}

function expectLegal(pos: Position, ...moves: string[]): void {
  for (const move of moves) {
    expect(whyIllegal(pos, move), `referee on ${move}`).toBeNull();
    expect(engineLegal(pos, move), `engine on ${move}`).toBe(true);
  }
}

/** Each move is illegal for both; the referee's reason cites `rule` when one is given. */
/**
 * The key of the rules file that holds each rule id's rule: the referee's reasons name the key
 * (it reads rules data, not RULES.md), so a refusal must come from the rule's own key.
 */
const KEY_OF: Record<string, RegExp> = {
  'DS-3': /^foundations\.start/,
  'DS-4': /^foundations/,
  'DS-5': /^tableau\.(build|runs)/,
  'DS-6': /^moves/,
  'DAK-3': /^foundations/,
  'DAK-4': /^tableau\.(capacity|build)/,
  'DAK-5': /^moves/,
  'DD-3': /^foundations/,
  'DD-4': /^tableau\.build/,
  'DD-5': /^tableau\.runs/,
  'DD-6': /^(moves|only tableau piles move runs|foundations\.start)/,
  'MS-3': /^foundations/,
  'MS-4': /^tableau\.(build|runs)/,
  'MS-5': /^moves/,
};

function expectIllegal(pos: Position, rule: string | null, ...moves: string[]): void {
  for (const move of moves) {
    const why = whyIllegal(pos, move);
    expect(why, `referee on ${move}`).not.toBeNull();
    if (rule) expect(why, `referee's reason for ${move} (${rule})`).toMatch(KEY_OF[rule]!);
    expect(engineLegal(pos, move), `engine on ${move}`).toBe(false);
  }
}

/** Both play `move`; the results agree with each other and with `expected`. */
function expectResult(pos: Position, move: string, expected: Position): void {
  const snapshot = structuredClone(pos);
  const mine = play(pos, move);
  expect(pos, 'play does not mutate its input').toEqual(snapshot);
  expect(mine, `referee's position after ${move}`).toEqual(expected);
  expect(enginePlay(pos, move), `engine's position after ${move}`).toEqual(expected);
}

/** A copy of `pos` changed by `edit` (for writing expected positions). */
function edited(pos: Position, edit: (p: Position) => void): Position {
  const copy = structuredClone(pos);
  edit(copy);
  return copy;
}

/** How often each card occurs in the position. */
function cardCounts(pos: Position): Map<string, number> {
  const counts = new Map<string, number>();
  const piles = [...pos.foundations, ...pos.tableau, ...pos.reserves, pos.stock, pos.waste];
  for (const c of piles.flat()) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

function expectEveryCard(pos: Position, decks: number): void {
  const counts = cardCounts(pos);
  expect(counts.size).toBe(52);
  for (const [card, n] of counts) expect(n, card).toBe(decks);
}

const SEEDS = [0, 1, 2, 42, 4294967295];
const deal = (game: string, seed: number): Position => dealGame(getGame(game), seed);

// =============================================================================================
// Double Signora

describe('DS-1 layout: 16 foundations, 11 tableau piles, 1 reserve, stock, waste', () => {
  it('a deal has exactly these piles, the foundations empty', () => {
    for (const seed of SEEDS) {
      const p = deal('double-signora', seed);
      expect(p.foundations).toHaveLength(16);
      expect(p.foundations.every((f) => f.length === 0)).toBe(true);
      expect(p.tableau).toHaveLength(11);
      expect(p.reserves).toHaveLength(1);
      expect(p.base).toBeNull();
    }
  });
  it('piles outside the layout do not exist', () => {
    const p = deal('double-signora', 1);
    expectIllegal(p, null, 't0>f16', 't11>f0', 'r1>f0', 'r0>t11');
  });
});

describe('DS-2 deal: 21 reserve cards, 1 per tableau pile, 176 in the stock, waste empty', () => {
  it('deals the cards as stated, every card four times', () => {
    for (const seed of SEEDS) {
      const p = deal('double-signora', seed);
      expect(p.reserves[0]).toHaveLength(21);
      expect(p.tableau.every((t) => t.length === 1)).toBe(true);
      expect(p.stock).toHaveLength(176);
      expect(p.waste).toEqual([]);
      expectEveryCard(p, 4);
    }
  });
  it('the reserve top plays; the empty waste has nothing to play', () => {
    const p = deal('double-signora', 1);
    expectLegal(p, 'r0>f0');
    expect(play(p, 'r0>f0').foundations[0]).toEqual([p.reserves[0]!.at(-1)]);
    expectIllegal(p, null, 'w>f0', 'w>t0');
  });
});

describe('DS-3 base rank', () => {
  const first = build('double-signora', { t: { 0: ['7H'], 1: ['9C'] }, r: { 0: ['QS'] }, waste: ['4D'] }, 's', true);
  it('the first foundation card may be any card from tableau, reserve or waste; it fixes the base', () => {
    expectLegal(first, 't0>f5', 't1>f0', 'r0>f15', 'w>f3');
    // t0 empties, so DS-7 refills it from the waste top at once.
    expectResult(
      first,
      't0>f5',
      edited(first, (p) => {
        p.foundations[5] = ['7H'];
        p.base = '7';
        p.tableau[0] = ['4D'];
        p.waste = [];
      }),
    );
  });
  const based = build('double-signora', { f: { 0: ['7H'] }, t: { 0: ['8S'], 1: ['8C'], 2: ['7C'] }, waste: ['4D'], base: '7' }, 's', true);
  it('then an empty foundation accepts only the base rank, any suit', () => {
    expectLegal(based, 't2>f1', 't2>f15');
    expectIllegal(based, 'DS-3', 't1>f1', 't0>f2');
  });
  it('the base stays fixed when the foundations are empty again', () => {
    expectLegal(based, 'f0>t0');
    const emptied = play(based, 'f0>t0');
    expect(emptied.foundations.every((f) => f.length === 0)).toBe(true);
    expect(emptied.base).toBe('7');
    expectResult(
      based,
      'f0>t0',
      edited(based, (p) => {
        p.foundations[0] = [];
        p.tableau[0] = ['8S', '7H'];
      }),
    );
    expectLegal(emptied, 't2>f4');
    expectIllegal(emptied, 'DS-3', 't1>f4');
  });
});

describe('DS-4 foundations: up by one, alternating colour, with wrap, at most 13', () => {
  const p = build(
    'double-signora',
    {
      base: '3',
      f: {
        0: ['3C'],
        1: ['3C', '4D', '5S', '6H', '7C', '8D', '9S', 'TH', 'JC', 'QD', 'KS'],
        2: ['3C', '4D', '5S', '6H', '7C', '8D', '9S', 'TH', 'JC', 'QD', 'KS', 'AH', '2C'],
      },
      t: { 0: ['4H'], 1: ['4S'], 2: ['5D'], 3: ['AH'], 4: ['AC'], 5: ['3H'] },
      waste: ['9D'],
    },
    's',
    true,
  );
  it('a red 4 on a black 3; a red A on a black K (wrap)', () => {
    expectLegal(p, 't0>f0', 't3>f1');
  });
  it('not the same colour, not another rank, not a 14th card', () => {
    expectIllegal(p, 'DS-4', 't1>f0', 't2>f0', 't4>f1', 't5>f2');
  });
});

describe('DS-5 tableau: down by one, alternating colour, with wrap, single cards', () => {
  const p = build(
    'double-signora',
    {
      t: { 0: ['5C'], 1: ['4D'], 2: ['4S'], 3: ['3H'], 4: ['AD'], 5: ['KS'], 6: ['KH'], 7: ['5H', '4S'], 8: ['6S'] },
      waste: ['9D'],
    },
    's',
    true,
  );
  it('a red 4 on a black 5; a black K on a red A (wrap)', () => {
    expectLegal(p, 't1>t0', 't5>t4');
  });
  it('not the same colour, not another rank, no runs', () => {
    expectIllegal(p, 'DS-5', 't2>t0', 't3>t0', 't6>t4', 't0>t1', 't7:2>t8');
  });
});

describe('DS-6 moves: t>f, t>t, w>f, w>t, r>f, f>t only', () => {
  const p = build(
    'double-signora',
    {
      base: 'A',
      f: { 0: ['AH'], 1: ['AH', '2C'], 2: ['AD'] },
      t: { 0: ['2S'], 1: ['3D'], 2: ['2C'], 3: ['3H'] },
      waste: ['5H', '2S'],
      r: { 0: ['9C', '2C'] },
    },
    's',
    true,
  );
  it('allows each listed kind of move', () => {
    expectLegal(p, 't0>f0', 't2>t1', 'w>f0', 'w>t1', 'r0>f0', 'f1>t3');
  });
  it('a reserve card plays to foundations only; nothing goes to reserve, waste or stock', () => {
    expectIllegal(p, 'DS-6', 'r0>t1', 't0>r0', 'w>r0', 't0>w', 'f1>w');
    expectIllegal(p, null, 't0>s', 's>t0', 't1>t1');
  });
});

describe('DS-6 Decision: no foundation-to-foundation moves', () => {
  const p = build(
    'double-signora',
    { base: 'A', f: { 1: ['AH', '2C'], 2: ['AD'] }, t: { 2: ['2C'], 3: ['3H'] }, waste: ['5H'] },
    's',
    true,
  );
  it('the card may reach that foundation from the tableau, and leave to the tableau', () => {
    expectLegal(p, 't2>f2', 'f1>t3');
  });
  it('but not from another foundation', () => {
    expectIllegal(p, 'DS-6', 'f1>f2');
  });
});

describe('DS-7 auto-fill of emptied tableau piles', () => {
  const withWaste = build('double-signora', { base: 'A', f: { 0: ['AH'] }, t: { 0: ['2S'] }, waste: ['9D', '4D'] }, 's', true);
  it('an emptied pile takes the waste top at once, as part of the move', () => {
    expectResult(
      withWaste,
      't0>f0',
      edited(withWaste, (p) => {
        p.foundations[0] = ['AH', '2S'];
        p.tableau[0] = ['4D'];
        p.waste = ['9D'];
      }),
    );
  });
  const withStock = build('double-signora', { base: 'A', f: { 0: ['AH'] }, t: { 0: ['2S'], 1: ['3D'] }, stock: ['KC'] }, 's', true);
  it('with the waste empty, the stock top', () => {
    expectResult(
      withStock,
      't0>t1',
      edited(withStock, (p) => {
        p.tableau[1] = ['3D', '2S'];
        p.tableau[0] = ['KC'];
        p.stock.pop();
      }),
    );
  });
  it('so no space is left while stock or waste has cards', () => {
    expect(play(withWaste, 't0>f0').tableau.every((t) => t.length > 0)).toBe(true);
    expect(play(withStock, 't0>f0').tableau.every((t) => t.length > 0)).toBe(true);
  });
  const spent = build('double-signora', { base: 'A', f: { 0: ['AH', '2S'] }, t: { 0: [], 1: ['5C'] }, r: { 0: ['9C'] } }, 't10', true);
  it('with stock and waste empty a space stays empty and takes any tableau or foundation card', () => {
    expectLegal(spent, 't1>t0', 'f0>t0');
    expectResult(
      spent,
      't1>t0',
      edited(spent, (p) => {
        p.tableau[0] = ['5C'];
        p.tableau[1] = [];
      }),
    );
  });
  it('a reserve card never enters the tableau, not even a space', () => {
    expectIllegal(spent, 'DS-6', 'r0>t0');
  });
});

// =============================================================================================
// Double Aces and Kings

describe('DAK-1 layout: 8 Ace and 8 King foundations, 4 reserves, 8 slots, stock, waste', () => {
  it('a deal has exactly these piles, the foundations empty', () => {
    for (const seed of SEEDS) {
      const p = deal('double-aces-and-kings', seed);
      expect(p.foundations).toHaveLength(16);
      expect(p.foundations.every((f) => f.length === 0)).toBe(true);
      expect(p.reserves).toHaveLength(4);
      expect(p.tableau).toHaveLength(8);
      expect('base' in p).toBe(false);
    }
  });
  it('f0..f7 take Aces and f8..f15 Kings; piles outside the layout do not exist', () => {
    const p = build('double-aces-and-kings', { t: { 0: ['AH'], 1: ['KH'] } }, 's');
    expectLegal(p, 't0>f7', 't1>f8');
    expectIllegal(p, 'DAK-3', 't0>f8', 't1>f7');
    expectIllegal(p, null, 't0>f16', 't8>f0', 'r4>t2');
  });
});

describe('DAK-2 deal: 13 cards to each reserve, 1 to each slot, 148 in the stock', () => {
  it('deals the cards as stated, every card four times', () => {
    for (const seed of SEEDS) {
      const p = deal('double-aces-and-kings', seed);
      expect(p.reserves.map((r) => r.length)).toEqual([13, 13, 13, 13]);
      expect(p.tableau.every((t) => t.length === 1)).toBe(true);
      expect(p.stock).toHaveLength(148);
      expect(p.waste).toEqual([]);
      expectEveryCard(p, 4);
    }
  });
  it('the empty waste has nothing to play', () => {
    expectIllegal(deal('double-aces-and-kings', 1), null, 'w>f0', 'w>f8');
  });
});

describe('DAK-3 foundations: Ace piles up to K, King piles down to A, any suit, no wrap', () => {
  const p = build(
    'double-aces-and-kings',
    {
      f: {
        1: ['AC', '2D', '3H'],
        2: ['AC', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC'],
        9: ['KS', 'QD'],
        10: ['KD', 'QD', 'JD', 'TD', '9D', '8D', '7D', '6D', '5D', '4D', '3D', '2D', 'AD'],
      },
      t: { 0: ['AH'], 1: ['KH'], 2: ['4S'], 3: ['JC'], 4: ['5D'] },
    },
    's',
  );
  it('an empty Ace pile takes an Ace, an empty King pile a King; they build by one, any suit', () => {
    expectLegal(p, 't0>f0', 't1>f8', 't2>f1', 't3>f9');
  });
  it('no other card starts a pile, no skipped rank, no wrap past K or A', () => {
    expectIllegal(p, 'DAK-3', 't0>f8', 't1>f0', 't2>f0', 't4>f1', 't0>f2', 't1>f10');
  });
});

describe('DAK-4 tableau slots hold one card; an empty slot takes any card', () => {
  const p = build(
    'double-aces-and-kings',
    {
      f: { 0: ['AC', '2C'], 8: ['KH'] },
      t: { 0: [], 1: ['5C'], 2: ['9D'] },
      r: { 0: ['QH'] },
      waste: ['4D'],
    },
    's',
  );
  it('an empty slot takes a card from a reserve, the waste, a foundation or another slot', () => {
    expectLegal(p, 'r0>t0', 'w>t0', 'f0>t0', 'f8>t0', 't1>t0');
  });
  it('an occupied slot takes nothing, not even a card one rank lower', () => {
    expectIllegal(p, 'DAK-4', 'w>t1', 't2>t1', 'r0>t1', 'f0>t2');
  });
});

describe('DAK-5 moves, including foundation to foundation; nothing onto a reserve', () => {
  const p = build(
    'double-aces-and-kings',
    {
      f: {
        0: ['AC', '2D', '3S', '4H', '5C'],
        1: ['AD'],
        8: ['KC', 'QD', 'JS', 'TH', '9C', '8D', '7S', '6H'],
      },
      t: { 0: [], 1: ['7C'] },
      r: { 0: ['2H'] },
      waste: ['3S'],
    },
    's',
  );
  it('foundation top to another foundation that accepts it, both ways, and to an empty slot', () => {
    expectLegal(p, 'f0>f8', 'f8>f0', 'f1>f2', 'f0>t0', 'r0>f1', 'w>t0', 't1>t0');
  });
  it('not onto a reserve or the waste, not onto a foundation that does not accept it', () => {
    expectIllegal(p, 'DAK-5', 't1>r0', 'w>r0', 'f0>r0', 't1>w', 'r0>r1');
    expectIllegal(p, 'DAK-3', 'f1>f9', 'f0>f1');
    expectIllegal(p, null, 'f0>f0');
  });
});

describe('DAK Decision: spaces are not auto-filled', () => {
  const p = build('double-aces-and-kings', { t: { 0: ['AH'] }, stock: ['KC'], waste: ['9D'] }, 's');
  it('a slot emptied by a move stays empty though stock and waste have cards', () => {
    expectResult(
      p,
      't0>f0',
      edited(p, (q) => {
        q.tableau[0] = [];
        q.foundations[0] = ['AH'];
      }),
    );
  });
  it('the player fills it (any card may), not the stock', () => {
    const after = play(p, 't0>f0');
    expect(after.stock).toEqual(p.stock);
    expectLegal(after, 'w>t0', 'f0>t0');
  });
});

// =============================================================================================
// Double Dot

describe('DD-1 layout: 4 foundations, 8 tableau piles, stock, no waste', () => {
  it('a deal has exactly these piles', () => {
    for (const seed of SEEDS) {
      const p = deal('double-dot', seed);
      expect(p.foundations).toHaveLength(4);
      expect(p.tableau).toHaveLength(8);
      expect(p.reserves).toEqual([]);
      expect(p.waste).toEqual([]);
    }
  });
  it('there is no waste, no reserve, no ninth tableau pile, no fifth foundation', () => {
    const p = deal('double-dot', 1);
    expectIllegal(p, null, 'w>t0', 'r0>t0', 't8>t0', 't0>f4', 't0>w');
  });
});

describe('DD-2 deal: AC AS 2H 2D on f0..f3, 1 card per tableau pile, 40 in the stock', () => {
  it('deals the cards as stated, every card once', () => {
    for (const seed of SEEDS) {
      const p = deal('double-dot', seed);
      expect(p.foundations).toEqual([['AC'], ['AS'], ['2H'], ['2D']]);
      expect(p.tableau.every((t) => t.length === 1)).toBe(true);
      expect(p.stock).toHaveLength(40);
      expectEveryCard(p, 1);
    }
  });
  it('the dealt first cards cannot be played off their foundations', () => {
    const p = deal('double-dot', 1);
    expectIllegal(p, 'DD-3', 'f0>t0', 'f1>t3', 'f2>t5', 'f3>t7');
  });
});

describe('DD-3 foundations: up by two in suit, with wrap; the first card never leaves', () => {
  const p = build(
    'double-dot',
    {
      f: { 0: ['AC', '3C'], 1: ['AS', '3S', '5S', '7S', '9S', 'JS', 'KS'], 2: ['2H'], 3: ['2D'] },
      t: { 0: ['5C'], 1: ['4C'], 2: ['5H'], 3: ['2S'], 4: ['4H'], 5: ['3H'], 6: [] },
    },
    's',
  );
  it('5C on 3C, 4H on 2H, 2S on KS (wrap); a card above the first may come back', () => {
    expectLegal(p, 't0>f0', 't4>f2', 't3>f1', 'f0>t6');
  });
  it('not by one, not another suit; the first card stays', () => {
    expectIllegal(p, 'DD-3', 't1>f0', 't2>f0', 't5>f2', 'f2>t6', 'f3>t6');
  });
  it('a foundation is complete at 13 cards', () => {
    const full = build(
      'double-dot',
      { f: { 3: ['2D', '4D', '6D', '8D', 'TD', 'QD', 'AD', '3D', '5D', '7D', '9D', 'JD', 'KD'] }, t: { 0: [] } },
      't1',
    );
    expect(full.foundations[3]).toHaveLength(13);
    expectLegal(full, 'f3>t0');
    expectIllegal(full, 'DD-3', 't1>f3');
  });
});

describe('DD-4 tableau: down by two, any suit, with wrap', () => {
  const p = build(
    'double-dot',
    {
      t: { 0: ['8C'], 1: ['6H'], 2: ['AH'], 3: ['QD'], 4: ['2C'], 5: ['KH'], 6: ['7D'] },
    },
    's',
  );
  it('6 on 8, Q on A, K on 2', () => {
    expectLegal(p, 't1>t0', 't3>t2', 't5>t4');
  });
  it('not by one, not upwards, not K on A', () => {
    expectIllegal(p, 'DD-4', 't6>t0', 't1>t6', 't0>t1', 't5>t2');
  });
});

describe('DD-5 runs move as a unit; any card or run fills an empty pile', () => {
  const p = build(
    'double-dot',
    {
      t: { 0: ['9C', '7D', '5S'], 1: ['JH'], 2: ['9H'], 3: [], 4: ['7H'], 5: ['8C', '6D', '5H'], 6: ['TS'] },
    },
    's',
  );
  it('a run onto a pile taking its bottom card, or into an empty pile; `:1` is a single card', () => {
    expectLegal(p, 't0:3>t1', 't0:2>t2', 't0:3>t3', 't0:2>t3', 't0>t3', 't0:1>t4', 't5>t3');
  });
  it('the whole move matches the single-card result when N is 1, and carries the run in order', () => {
    expect(play(p, 't0:1>t4')).toEqual(play(p, 't0>t4'));
    expect(play(p, 't0:3>t1').tableau[1]).toEqual(['JH', '9C', '7D', '5S']);
    expect(play(p, 't0:3>t1').tableau[0]).toEqual([]);
  });
  it('not cards that are not a run, not onto a pile refusing the bottom card, not more cards than the pile has', () => {
    expectIllegal(p, 'DD-5', 't5:2>t3', 't5:3>t3');
    expectIllegal(p, 'DD-4', 't0:3>t2', 't0:3>t6', 't0>t2');
    expectIllegal(p, null, 't0:4>t3');
  });
});

describe('DD-6 moves: tableau top or run to foundation (single) or tableau; foundation top back', () => {
  const p = build(
    'double-dot',
    {
      f: { 0: ['AC', '3C', '5C'] },
      t: { 0: ['9D', '7C'], 1: ['7H'], 2: [], 3: ['9S'] },
    },
    's',
  );
  it('single tableau card to a foundation, tableau to tableau, foundation top to tableau', () => {
    expectLegal(p, 't0>f0', 't0>t3', 't0:2>t2', 'f0>t1', 'f0>t2');
  });
  it('no run to a foundation, no foundation to foundation, no first card back', () => {
    expectIllegal(p, 'DD-6', 't0:2>f0', 'f0>f1');
    expectIllegal(p, 'DD-3', 'f1>t2');
  });
});

// =============================================================================================
// Mamy Susan

describe('MS-1 layout: 8 foundations, 10 tableau piles, 1 reserve, stock, waste', () => {
  it('a deal has exactly these piles, the foundations empty', () => {
    for (const seed of SEEDS) {
      const p = deal('mamy-susan', seed);
      expect(p.foundations).toHaveLength(8);
      expect(p.foundations.every((f) => f.length === 0)).toBe(true);
      expect(p.tableau).toHaveLength(10);
      expect(p.reserves).toHaveLength(1);
    }
  });
  it('piles outside the layout do not exist', () => {
    const p = build('mamy-susan', { t: { 0: ['AH'] } }, 's');
    expectLegal(p, 't0>f7');
    expectIllegal(p, null, 't0>f8', 't10>t0', 'r1>t0');
  });
});

describe('MS-2 deal: 4 cards per tableau pile, 5 to the reserve, 59 in the stock', () => {
  it('deals the cards as stated, every card twice', () => {
    for (const seed of SEEDS) {
      const p = deal('mamy-susan', seed);
      expect(p.tableau.every((t) => t.length === 4)).toBe(true);
      expect(p.reserves[0]).toHaveLength(5);
      expect(p.stock).toHaveLength(59);
      expect(p.waste).toEqual([]);
      expectEveryCard(p, 2);
    }
  });
  it('the empty waste has nothing to play', () => {
    expectIllegal(deal('mamy-susan', 1), null, 'w>f0', 'w>t0');
  });
});

describe('MS-3 foundations: any Ace starts one; up by one in suit to K, no wrap', () => {
  const p = build(
    'mamy-susan',
    {
      f: {
        1: ['AS'],
        2: ['AD', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', 'TD', 'JD', 'QD', 'KD'],
        3: ['AD', '2D'],
      },
      t: { 0: ['AH'], 1: ['2H'], 2: ['2S'], 3: ['2C'], 4: ['3S'], 5: ['3D'] },
    },
    's',
  );
  it('an Ace on an empty foundation, then the next rank of its suit', () => {
    expectLegal(p, 't0>f0', 't2>f1', 't5>f3');
  });
  it('nothing else on an empty one, no other suit, no skipped rank, nothing on a K', () => {
    expectIllegal(p, 'MS-3', 't1>f0', 't3>f1', 't4>f1', 't0>f2');
  });
});

describe('MS-4 tableau: down by one, alternating colour, no wrap, single cards; a space takes any card', () => {
  const p = build(
    'mamy-susan',
    {
      t: { 0: ['TS'], 1: ['9H'], 2: ['9S'], 3: ['8H'], 4: ['AD'], 5: ['KC'], 6: [], 7: ['JD', 'TC'], 8: ['QS'] },
    },
    's',
  );
  it('a red 9 on a black 10; any card into an empty pile', () => {
    expectLegal(p, 't1>t0', 't2>t6', 't5>t6', 't7>t6');
  });
  it('not the same colour, not by two, not K on A, no runs', () => {
    expectIllegal(p, 'MS-4', 't2>t0', 't3>t0', 't5>t4', 't7:2>t8', 't7:2>t6');
  });
});

describe('MS-5 moves: t>f, t>t, w>f, w>t, r>f, r>t, f>t', () => {
  const p = build(
    'mamy-susan',
    {
      f: { 0: ['AH', '2H'], 2: ['AS', '2S'], 3: ['AS'] },
      t: { 0: ['3H'], 1: ['3S'], 2: ['2D'], 3: ['4C'], 4: ['3D'] },
      waste: ['3H'],
      r: { 0: ['AC'] },
    },
    's',
  );
  it('allows each listed kind of move', () => {
    expectLegal(p, 't0>f0', 't2>t1', 'w>f0', 'w>t3', 'r0>f1', 'r0>t2', 'f2>t4');
  });
  it('no foundation to foundation; nothing onto reserve, waste or stock', () => {
    expectIllegal(p, 'MS-5', 'f2>f3', 't0>r0', 'w>r0', 't0>w', 'r0>w');
    expectIllegal(p, null, 't0>s', 't0>t0');
  });
});

describe('MS Decision: any Ace starts any empty foundation; a foundation Ace may go back', () => {
  const p = build('mamy-susan', { f: { 0: ['AS'] }, t: { 0: ['AH'], 1: [], 2: ['2C'], 3: ['2H'] } }, 's');
  it('AH to any empty foundation; AS from its foundation to a space or onto a red 2', () => {
    expectLegal(p, 't0>f1', 't0>f7', 'f0>t1', 'f0>t3');
  });
  it('an Ace does not go onto a started foundation; a foundation Ace obeys MS-4 in the tableau', () => {
    expectIllegal(p, 'MS-3', 't0>f0');
    expectIllegal(p, 'MS-4', 'f0>t2');
  });
});

// =============================================================================================
// Draw, every game: DS-8, DAK-6 and MS-6 turn the stock top onto the waste; DD-7 deals one stock
// card onto each tableau pile in order, empty piles included. No game redeals: an empty stock
// cannot be drawn from, whatever the waste holds.

/** The stock top onto the waste. */
const toWaste = (q: Position): void => {
  q.waste.push(q.stock.pop()!);
};

interface DrawCase {
  rule: string;
  game: string;
  /** What a draw does from `before`: `draw` makes the position after it from a copy. */
  draws: { does: string; before: Position; draw: (q: Position) => void; after?: Partial<Position> }[];
  /** A position with an empty stock. */
  spent: Position;
}

const DRAWS: DrawCase[] = [
  {
    rule: 'DS-8',
    game: 'double-signora',
    draws: [
      {
        does: 'turns the stock top onto the waste',
        before: build('double-signora', { stock: ['KC'], waste: ['9D'] }, 's', true),
        draw: toWaste,
        after: { waste: ['9D', 'KC'] },
      },
    ],
    spent: build('double-signora', { waste: ['9D'] }, 't10', true),
  },
  {
    rule: 'DAK-6',
    game: 'double-aces-and-kings',
    draws: [
      {
        does: 'turns the stock top onto the waste',
        before: build('double-aces-and-kings', { t: { 0: ['9C'] }, stock: ['KC'], waste: ['9D'] }, 's'),
        draw: toWaste,
        after: { waste: ['9D', 'KC'] },
      },
    ],
    spent: build('double-aces-and-kings', { waste: ['9D'] }, 't0'),
  },
  {
    rule: 'DD-7',
    game: 'double-dot',
    draws: [
      {
        does: 'deals the stock top to t0, the next to t1, ... to t7, empty piles included; no waste',
        before: build(
          'double-dot',
          { t: { 0: ['5C'], 1: [], 2: ['9H'], 3: [] }, stock: ['KD', 'QD', 'JD', 'TD', '9D', '8D', '7D', '6D'] },
          's',
        ),
        draw: (q) => {
          const dealt = ['6D', '7D', '8D', '9D', 'TD', 'JD', 'QD', 'KD'];
          q.tableau.forEach((pile, i) => pile.push(dealt[i]!));
          q.stock = q.stock.slice(0, -8);
        },
        after: { waste: [] },
      },
      {
        does: 'with fewer than 8 cards left, the first piles get them',
        before: build('double-dot', { t: { 1: [] }, stock: ['2S', '3S', '4S'] }, 't7'),
        draw: (q) => {
          q.tableau[0]!.push('4S');
          q.tableau[1]!.push('3S');
          q.tableau[2]!.push('2S');
          q.stock = [];
        },
      },
    ],
    spent: build('double-dot', {}, 't7'),
  },
  {
    rule: 'MS-6',
    game: 'mamy-susan',
    draws: [
      {
        does: 'turns the stock top onto the waste',
        before: build('mamy-susan', { stock: ['KC'], waste: ['9D'] }, 's'),
        draw: toWaste,
        after: { waste: ['9D', 'KC'] },
      },
    ],
    spent: build('mamy-susan', { waste: ['9D'] }, 't0'),
  },
];

describe('draw, every game', () => {
  it('the table has every game', () => {
    expect(new Set(DRAWS.map((d) => d.game))).toEqual(new Set(seedGames().map((g) => g.id)));
  });
  it.each(DRAWS)('$rule ($game): a draw does what the rule says; an empty stock cannot be drawn from', ({ rule, draws, spent }) => {
    for (const { does, before, draw, after } of draws) {
      const expected = edited(before, draw);
      expect(expected, does).toMatchObject(after ?? {});
      expectResult(before, 'draw', expected);
    }
    expect(spent.stock).toEqual([]);
    expectIllegal(spent, rule, 'draw');
  });
});
