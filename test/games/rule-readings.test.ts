// The keys `build.either`, `opening` and a foundation's base card (a deal step to a foundation) in
// all three readings of the rules: the engine's move generator, the referee (src/referee/referee.ts) and
// the page (src/show/page-rules.ts). Each test names moves that must be legal and moves that must not,
// and asks every reading, so that it fails when any of them ignores its key or reads it the wrong
// way round; random play on the built-in games that use the keys then compares the three move by
// move. The reader's one-line refusals and the rules hash of files that do not use the keys are
// here too.
import { describe, expect, it } from 'vitest';
import { dealGame } from '../../src/position/deal.js';
import { formatMove, generateMoves, MAX_MOVES } from '../../src/engine/moves.js';
import { gameToJson, getGame, rulesHashOf, type Game } from '../../src/games/index.js';
import { merge, readGameFile, rulesHash } from '../../src/games/read.js';
import { readPosition, type Position } from '../../src/position/position.js';
import { legalMoves, play, whyIllegal } from '../../src/referee/referee.js';
import { type PageGame, pageRules } from '../../src/show/page-rules.js';
import { candidates, enginePlay, mulberry32, stateOf, TEST_RULES, testGame } from '../support/helpers.js';

const game = (patch: Record<string, unknown>): Game => testGame(patch, 'readings');

const ALL = ['C', 'D', 'H', 'S'].flatMap((s) => 'A23456789TJQK'.split('').map((r) => r + s));

/** A position of `g`: the piles given, seven tableau piles (the rest empty), every other card in the stock. */
function position(g: Game, piles: { f?: string[][]; t: string[][]; waste?: string[]; base?: string | null }): Position {
  const foundations = piles.f ?? [[], [], [], []];
  const tableau = [...piles.t, ...Array.from({ length: 7 - piles.t.length }, () => [])];
  const used = [...foundations.flat(), ...tableau.flat(), ...(piles.waste ?? [])];
  const pos: Position = {
    game: g.id,
    foundations,
    tableau,
    reserves: [],
    stock: ALL.filter((c) => !used.includes(c)),
    waste: piles.waste ?? [],
  };
  if (piles.base !== undefined) pos.base = piles.base;
  return readPosition(JSON.stringify(pos));
}

const pageFor = (pos: Position) => pageRules().forGame(gameToJson(getGame(pos.game)) as unknown as PageGame);

/** Whether each reading takes `move` as legal in `pos`. */
function readings(pos: Position, move: string): { engine: boolean; referee: boolean; page: boolean } {
  const s = stateOf(pos);
  const out = new Int32Array(MAX_MOVES);
  const n = generateMoves(s, out, false);
  const engine = Array.from(out.subarray(0, n), (m) => formatMove(s.rules, m)).includes(move);
  return { engine, referee: whyIllegal(pos, move) === null, page: typeof pageFor(pos).play(pos, move) !== 'string' };
}

/** Every reading allows each of `yes` and refuses each of `no`. */
function expectMoves(pos: Position, yes: string[], no: string[]): void {
  for (const m of yes) expect(readings(pos, m), `${m} legal`).toEqual({ engine: true, referee: true, page: true });
  for (const m of no) expect(readings(pos, m), `${m} illegal`).toEqual({ engine: false, referee: false, page: false });
}

/** The position after `move`, the same in every reading. */
function played(pos: Position, move: string): Position {
  const next = play(pos, move);
  const shown = pageFor(pos).play(pos, move);
  if (typeof shown === 'string') throw new Error(`the page refuses ${move}: ${shown}`);
  expect(shown.pos).toEqual(next);
  expect(enginePlay(pos, move)).toEqual(next);
  return next;
}

describe('tableau.build.either in the engine, the referee and the page', () => {
  const piles = { t: [['9D', '8S', '9H'], ['7H'], ['8C'], ['JH']] };

  it('a card goes one step above or below, and a built run may go either way card by card', () => {
    const either = game({ tableau: { build: { step: -1, suit: 'alternate-colour', either: true } } });
    const pos = position(either, piles);
    expectMoves(pos, ['t0>t2', 't0:2>t1', 't0:3>t2', 't1>t2'], ['t0>t1', 't0>t3', 't2>t3']);
    expect(played(pos, 't0:3>t2').tableau[2]).toEqual(['8C', '9D', '8S', '9H']);
  });

  it('without it a card goes down only, and a run built up is no run', () => {
    const down = game({});
    expectMoves(position(down, piles), ['t1>t2'], ['t0>t2', 't0:2>t1', 't0:3>t2']);
  });
});

describe('opening in the engine, the referee and the page', () => {
  const piles = { t: [['AH'], ['2S'], ['3D']], waste: ['AS'] };

  it('only its moves until a card is home, every move after, only its moves again once the foundations are empty', () => {
    const g = game({ opening: ['t>f'] });
    let pos = position(g, piles);
    expectMoves(pos, ['t0>f0', 'draw'], ['w>f0', 't1>t2', 'w>t1', 'w>t3']);
    pos = played(pos, 't0>f0');
    expectMoves(pos, ['w>f1', 't1>t2', 'f0>t1', 'w>t3'], []);
    pos = played(pos, 'f0>t1');
    expectMoves(pos, ['t1>f0'], ['w>f0', 't2>t0', 'w>t0']);
  });

  it('without it every move from the start', () => {
    expectMoves(position(game({}), piles), ['t0>f0', 'w>f0', 't1>t2', 'w>t3'], []);
  });

  it('leaves the draw to stock.lockedUntilFoundation', () => {
    const locked = game({ opening: ['t>f'], stock: { lockedUntilFoundation: true } });
    const pos = position(locked, piles);
    expectMoves(pos, ['t0>f0'], ['draw', 'w>f0']);
    expectMoves(played(pos, 't0>f0'), ['draw', 'w>f1'], []);
  });
});

describe('a base card dealt to a foundation in the engine, the referee and the page', () => {
  const baseRank = { count: 4, start: 'base-rank', build: { step: 1, wrap: true, suit: 'any' } };

  it('its rank is the base from the deal on: an empty foundation takes only that rank', () => {
    const g = game({ foundations: [baseRank], deal: [{ pile: 'f0', cards: 1 }, { row: 't' }] });
    for (const seed of [3, 4]) {
      const deal = dealGame(g, seed);
      expect(deal.base).toBe(deal.foundations[0]![0]![0]);
      const fits = deal.tableau.findIndex((p) => p[0]![0] === deal.base);
      const misfits = deal.tableau.map((p, t) => (p[0]![0] === deal.base ? '' : `t${t}>f1`)).filter((m) => m !== '');
      expectMoves(deal, fits >= 0 ? [`t${fits}>f1`] : [], misfits);
    }
    const small = game({
      foundations: [baseRank],
      deal: [
        { pile: 'f0', cards: 1 },
        { pile: 't0', cards: 1 },
      ],
    });
    const pos = position(small, { f: [['7C'], [], [], []], t: [['7D'], ['5S'], ['8H']], base: '7' });
    expectMoves(pos, ['t0>f1', 't2>f0'], ['t1>f1', 't2>f1']);
  });

  it('with no base card the first card played chooses the base', () => {
    const g = game({ foundations: [baseRank] });
    const pos = position(g, { t: [['7D'], ['5S'], ['8H'], ['5H']], base: null });
    expectMoves(pos, ['t1>f0', 't0>f0'], []);
    expectMoves(played(pos, 't1>f0'), ['t3>f1'], ['t0>f1', 't2>f1']);
  });
});

describe('the built-in games that use the keys: engine, referee and page agree on random play', () => {
  const GAMES = ['deuces-and-queens', 'signora:pysolfc', 'double-signora:pysolfc', 'empress-of-italy', 'empress-of-italy:pysolfc'];
  for (const id of GAMES) {
    it(id, () => {
      const rng = mulberry32(id.length * 7919);
      for (const seed of [1, 2]) {
        let pos = dealGame(getGame(id), seed);
        for (let step = 0; step < 80; step++) {
          const mine = legalMoves(pos).sort();
          const s = stateOf(pos);
          const out = new Int32Array(MAX_MOVES);
          const n = generateMoves(s, out, false);
          expect(Array.from(out.subarray(0, n), (m) => formatMove(s.rules, m)).sort(), `${id} seed ${seed} step ${step}`).toEqual(mine);
          const page = pageFor(pos);
          if (step % 10 === 0)
            for (const m of candidates(pos)) expect(typeof page.play(pos, m) === 'string', `${m} at step ${step}`).toBe(!mine.includes(m));
          if (mine.length === 0) break;
          const cardMoves = mine.filter((m) => m !== 'draw');
          const pool = cardMoves.length > 0 && rng() < 0.8 ? cardMoves : mine;
          pos = played(pos, pool[Math.floor(rng() * pool.length)]!);
        }
      }
    }, 120_000);
  }
});

describe('the reader', () => {
  const refused = (patch: Record<string, unknown>): string => {
    try {
      readGameFile(merge({ ...TEST_RULES }, patch), 'my-game.json');
    } catch (e) {
      return (e as Error).message;
    }
    return 'read';
  };

  it('refuses each key where it cannot hold, in one line naming it', () => {
    const lines = [
      refused({ foundations: [{ count: 4, start: 1, build: { step: 1, suit: 'same-suit', either: true } }] }),
      refused({ tableau: { build: { step: 0, either: true }, runs: 'single', capacity: 1 } }),
      refused({ opening: ['r>f'] }),
      refused({ opening: ['t>t'] }),
      refused({ opening: [] }),
      refused({
        deal: [
          { pile: 'f0', cards: 1 },
          { pile: 't0', cards: 1 },
        ],
      }),
      refused({
        foundations: [{ count: 4, start: 'base-rank', build: { step: 1, wrap: true } }],
        deal: [
          { pile: 'f0', cards: 2 },
          { pile: 't0', cards: 1 },
        ],
      }),
      refused({
        foundations: [{ count: 4, start: 'base-rank', build: { step: 1, wrap: true } }],
        deal: [
          { pile: 'f0', cards: 1 },
          { pile: 'f1', cards: 1 },
          { pile: 't0', cards: 1 },
        ],
      }),
      refused({ tableau: { capacity: 1, runs: 'single' }, stock: { draw: 'to-every-tableau-pile' }, moves: ['t>f', 't>t'] }),
    ];
    expect(lines).toEqual([
      'my-game.json: foundations[0].build.either: a foundation builds one way: either is for the tableau',
      'my-game.json: tableau.build.either: a build either way needs a step (0 lays nothing)',
      "my-game.json: opening: 'r>f' is not among the moves",
      'my-game.json: opening: no move of it plays to a foundation, so no card could ever go home',
      'my-game.json: opening: at least 1 item(s), not 0',
      "my-game.json: deal[0]: foundations are given cards only by start 'dealt', or one base card where they start at 'base-rank'",
      'my-game.json: deal[0]: the deal gives one foundation one card, its base card, and no more',
      'my-game.json: deal[1]: the deal gives one foundation one card, its base card, and no more',
      'my-game.json: tableau.capacity: a stock dealt onto every tableau pile needs piles without a limit: null',
    ]);
  });

  it('reads a built run either way, and null as no opening', () => {
    expect(refused({ tableau: { build: { step: -1, either: true }, runs: 'built' }, opening: null })).toBe('read');
  });

  it('hashes a file that does not use the keys as it would without them, and tells their values apart', () => {
    // The hashes results files of these games hold (a change here would orphan them).
    expect(rulesHashOf('double-signora')).toBe('3d9ff721a03b');
    expect(rulesHashOf('mamy-susan')).toBe('afbfb1673a65');
    expect(rulesHashOf('klondike')).toBe('40345b2ee171');
    const plain = game({});
    const hashes = [plain, game({ tableau: { build: { either: true } } }), game({ opening: ['t>f'] })].map(rulesHash);
    expect(new Set(hashes).size).toBe(3);
    expect(rulesHash(game({ tableau: { build: { either: false } }, opening: null }))).toBe(hashes[0]);
  });
});
