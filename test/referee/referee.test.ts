// The referee's own behaviour: replaying lines, reporting the first bad move, leaving its input
// alone, listing legal moves; and a random-playout cross-check against the engine.
import { describe, it, expect } from 'vitest';
import { cardName, orderedDecks } from '../../src/notation/cards.js';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { getGame } from '../../src/games/index.js';
import { isLegal, parseMove } from '../../src/engine/moves.js';
import { legalMoves, play, replay, whyIllegal } from '../../src/referee/referee.js';
import { candidates, enginePlay, mulberry32, stateOf } from '../support/helpers.js';

const suitRun = (suit: string, ranks: string): string[] => [...ranks].map((r) => r + suit);
const ALL = 'A23456789TJQK';

/** Mamy Susan with three cards out, four moves from won: QH on t0, KH on the waste, KS in the stock. */
function mamySusanThreeCardsOut(): Position {
  return {
    game: 'mamy-susan',
    foundations: [
      suitRun('H', 'A23456789TJ'),
      suitRun('S', 'A23456789TJQ'),
      suitRun('H', ALL),
      suitRun('S', ALL),
      suitRun('C', ALL),
      suitRun('C', ALL),
      suitRun('D', ALL),
      suitRun('D', ALL),
    ],
    tableau: [['QH'], [], [], [], [], [], [], [], [], []],
    reserves: [[]],
    stock: ['KS'],
    waste: ['KH'],
  };
}

/** Double Dot one card from the end: QC, the last card of the AC pile, on t0. */
function nearlyWonDoubleDot(): Position {
  return {
    game: 'double-dot',
    foundations: [
      ['AC', '3C', '5C', '7C', '9C', 'JC', 'KC', '2C', '4C', '6C', '8C', 'TC'],
      ['AS', '3S', '5S', '7S', '9S', 'JS', 'KS', '2S', '4S', '6S', '8S', 'TS', 'QS'],
      ['2H', '4H', '6H', '8H', 'TH', 'QH', 'AH', '3H', '5H', '7H', '9H', 'JH', 'KH'],
      ['2D', '4D', '6D', '8D', 'TD', 'QD', 'AD', '3D', '5D', '7D', '9D', 'JD', 'KD'],
    ],
    tableau: [['QC'], [], [], [], [], [], [], []],
    reserves: [],
    stock: [],
    waste: [],
  };
}

describe('replay', () => {
  it('accepts a winning line and reports the win', () => {
    const start = mamySusanThreeCardsOut();
    const verdict = replay(start, ['t0>f0', 'w>f0', 'draw', 'w>f1']);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.won).toBe(true);
    expect(verdict.final.foundations.every((f) => f.length === 13)).toBe(true);
    expect(verdict.final.stock).toEqual([]);
    expect(verdict.final.waste).toEqual([]);
  });

  it('a legal line that stops short is ok but not won', () => {
    const verdict = replay(mamySusanThreeCardsOut(), ['t0>f0', 'w>f0', 'draw']);
    expect(verdict).toMatchObject({ ok: true, won: false });
  });

  it('the empty line replays to the start position', () => {
    const start = nearlyWonDoubleDot();
    expect(replay(start, [])).toEqual({ ok: true, won: false, wonAt: null, final: start });
    expect(replay(start, ['t0>f0'])).toMatchObject({ ok: true, won: true, wonAt: 1 });
  });

  it('says after which move the game was first won, even if the line goes on', () => {
    const start = nearlyWonDoubleDot();
    // A foundation card back to the tableau and home again: the moves are legal, the game was over.
    expect(replay(start, ['t0>f0', 'f0>t0', 't0>f0'])).toMatchObject({ ok: true, won: true, wonAt: 1 });
    expect(replay(start, ['t0>f0', 'f0>t0'])).toMatchObject({ ok: true, won: false, wonAt: 1 });
  });

  it('reports the index, move and rule of the first illegal move', () => {
    const verdict = replay(mamySusanThreeCardsOut(), ['t0>f0', 'draw', 'w>f0', 'w>f1']);
    // After the draw the waste top is KS, which does not go on QH.
    expect(verdict).toMatchObject({ ok: false, index: 2, move: 'w>f0' });
    if (verdict.ok) return;
    expect(verdict.reason).toMatch(/^foundations\.build: /);
  });

  it('reports a move at index 0, an unreadable move, and a draw from an empty stock', () => {
    expect(replay(mamySusanThreeCardsOut(), ['w>f1'])).toMatchObject({ ok: false, index: 0 });
    expect(replay(mamySusanThreeCardsOut(), ['t0>f0', 'bogus'])).toMatchObject({ ok: false, index: 1, move: 'bogus' });
    const v = replay(mamySusanThreeCardsOut(), ['draw', 'draw']);
    expect(v).toMatchObject({ ok: false, index: 1, move: 'draw' });
    if (!v.ok) expect(v.reason).toContain('the stock is empty');
  });

  it('does not mutate its input, nor does play', () => {
    const start = mamySusanThreeCardsOut();
    const snapshot = structuredClone(start);
    const verdict = replay(start, ['t0>f0', 'w>f0', 'draw', 'w>f1']);
    expect(start).toEqual(snapshot);
    play(start, 't0>f0');
    expect(start).toEqual(snapshot);
    // Nor does the result share piles with the input.
    if (verdict.ok) verdict.final.tableau[1]!.push('XX');
    expect(start).toEqual(snapshot);
  });

  it('play throws on an illegal move, naming the rule', () => {
    expect(() => play(mamySusanThreeCardsOut(), 'w>f1')).toThrow(/foundations/);
  });

  it('replays a Double Signora line with auto-fill and base rank', () => {
    const start = dealGame(getGame('double-signora'), 3);
    const top = start.reserves[0]!.at(-1)!;
    const verdict = replay(start, ['r0>f0', 'draw', 't0>f1']);
    // t0>f1 is legal only if t0's card has the base rank; either way the first two moves are.
    expect(verdict.ok || (!verdict.ok && verdict.index === 2)).toBe(true);
    const after = play(play(start, 'r0>f0'), 'draw');
    expect(after.base).toBe(top[0]);
    expect(after.waste).toEqual([start.stock.at(-1)]);
  });
});

describe('whyIllegal', () => {
  it('names the rule', () => {
    const p = dealGame(getGame('double-signora'), 1);
    expect(whyIllegal(p, 'r0>t0')).toMatch(/^moves: /);
    expect(whyIllegal(p, 'r0>f0')).toBeNull();
  });
  it('refuses malformed notation and runs where there are none', () => {
    const p = mamySusanThreeCardsOut();
    for (const bad of ['', 't0', 't0>', '>f0', 't0->f0', 'x0>f0', 't0:0>t1', 'DRAW ']) {
      expect(whyIllegal(p, bad), bad).not.toBeNull();
    }
    expect(whyIllegal(p, 't0:1>f0')).toBeNull();
    expect(whyIllegal(p, 't0:2>t1')).toMatch(/only 1 card|tableau\.runs/);
  });
});

describe('legalMoves', () => {
  it('lists every legal move of a nearly won Mamy Susan, each empty pile separately', () => {
    const p = mamySusanThreeCardsOut();
    const empties = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'];
    const fromEverywhere = ['t0', 'w', 'f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7'];
    const expected = ['draw', 't0>f0', ...fromEverywhere.flatMap((src) => empties.map((t) => `${src}>${t}`))];
    expect(legalMoves(p).sort()).toEqual(expected.sort());
  });

  it('Double Dot: runs as `tN:k>`, singles without `:1`, foundation tops but not first cards', () => {
    const p: Position = {
      game: 'double-dot',
      foundations: [['AC', '3C'], ['AS'], ['2H'], ['2D']],
      tableau: [[], ['9D', '7C', '5H'], ['JS'], [], [], [], [], []],
      reserves: [],
      stock: [],
      waste: [],
    };
    // Fill the other cards into t7, its top KS (deck order ends with ...QS KS after removals).
    const used = new Set(['AC', '3C', 'AS', '2H', '2D', '9D', '7C', '5H', 'JS']);
    p.tableau[7] = orderedDecks(1)
      .map(cardName)
      .filter((c) => !used.has(c));
    expect(p.tableau[7]!.at(-1)).toBe('KS');
    const empties = ['t0', 't3', 't4', 't5', 't6'];
    const expected = [
      // t1's run 9D 7C 5H: all of it onto JS or into a space, its top two or top card into a space.
      't1:3>t2',
      ...empties.flatMap((t) => [`t1:3>${t}`, `t1:2>${t}`, `t1>${t}`]),
      // JS into spaces or onto KS (J is two below K); KS into spaces only (K goes on 2).
      't2>t7',
      ...empties.flatMap((t) => [`t2>${t}`, `t7>${t}`, `f0>${t}`]),
      // t7's whole pile is not a run; 3C (not AC) may come back onto 5H.
      'f0>t1',
    ];
    expect(legalMoves(p).sort()).toEqual(expected.sort());
  });

  it('Double Signora before the base: any tableau or reserve card to any foundation', () => {
    const p = dealGame(getGame('double-signora'), 5);
    const moves = legalMoves(p);
    const toFoundations = moves.filter((m) => /^[tr]\d+>f\d+$/.test(m));
    expect(toFoundations).toHaveLength(12 * 16);
    expect(moves).toContain('draw');
    expect(moves.some((m) => m.startsWith('w') || m.startsWith('f') || /^r0>t/.test(m))).toBe(false);
  });

  it('Double Aces and Kings: nothing legal but the draw when no rule fits', () => {
    const p: Position = {
      game: 'double-aces-and-kings',
      foundations: Array.from({ length: 16 }, () => []),
      tableau: Array.from({ length: 8 }, (_, i) => [`${'23456789'[i]}C`]),
      reserves: [['5D'], ['6D'], ['7D'], ['8D']],
      stock: [],
      waste: [],
    };
    const used = p.tableau.flat().concat(p.reserves.flat());
    const rest = orderedDecks(4).map(cardName);
    for (const c of used) rest.splice(rest.indexOf(c), 1);
    // An Ace on top of the stock: only the draw is legal, then only that Ace's moves.
    rest.splice(rest.indexOf('AH'), 1);
    p.stock = [...rest, 'AH'];
    expect(legalMoves(p)).toEqual(['draw']);
    expect(legalMoves(play(p, 'draw')).sort()).toEqual(
      [
        'draw',
        ...Array.from({ length: 8 }, (_, i) => `w>f${i}`), // the drawn card is an Ace
      ].sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Random playouts: the referee and the engine must agree on every candidate move and on the
// position after each move played.

function engineLegalSet(p: Position): string[] {
  const s = stateOf(p);
  return candidates(p).filter((m) => {
    const code = parseMove(s.rules, m);
    return code >= 0 && isLegal(s, code);
  });
}

function playAll(p: Position, moves: string[]): Position {
  const verdict = replay(p, moves);
  if (!verdict.ok) throw new Error(verdict.reason);
  return verdict.final;
}

const GAME_IDS: string[] = ['double-signora', 'double-aces-and-kings', 'double-dot', 'mamy-susan'];

describe('referee and engine agree on random playouts', () => {
  for (const game of GAME_IDS) {
    it(game, () => {
      for (const seed of [1, 2, 3, 4]) {
        const next = mulberry32(seed * 7919);
        let p = dealGame(getGame(game), seed);
        // Even seeds start late, the stock nearly used up, to reach spaces and an empty stock.
        if (seed % 2 === 0) {
          const draws = game === 'double-dot' ? 4 : p.stock.length - 3;
          p = playAll(
            p,
            Array.from({ length: draws }, () => 'draw'),
          );
        }
        for (let step = 0; step < 120; step++) {
          const mine = legalMoves(p).sort();
          expect(mine, `${game} seed ${seed} step ${step}`).toEqual(engineLegalSet(p).sort());
          if (mine.length === 0) break;
          // Prefer card moves to draws, so that playouts reach foundations and spaces.
          const cardMoves = mine.filter((m) => m !== 'draw');
          const pool = cardMoves.length > 0 && next() < 0.8 ? cardMoves : mine;
          const move = pool[Math.floor(next() * pool.length)]!;
          const after = play(p, move);
          expect(after, `${game} seed ${seed} step ${step}: ${move}`).toEqual(enginePlay(p, move));
          p = after;
        }
      }
    }, 60_000);
  }
});
