// The best-first search (src/search/passes/bestfirst.ts) and its heuristic (src/search/passes/heuristic.ts):
// home orders derived from each game's foundation rules, the score's direction, and the search's
// answers: a win replays, a position it expands to the end is lost for the referee too, and a
// node store that fills up never claims a loss.
import { describe, it, expect } from 'vitest';
import { parseCard } from '../../src/notation/cards.js';
import { dealGame } from '../../src/position/deal.js';
import type { Position } from '../../src/position/position.js';
import { getGame } from '../../src/games/index.js';
import { BestFirst } from '../../src/search/passes/bestfirst.js';
import { SearchContext } from '../../src/search/driver/context.js';
import { UNBOUNDED, type BestFirstPass } from '../../src/search/passes/passes.js';
import { EXHAUSTED, FULL, WON, type Status } from '../../src/search/driver/status.js';
import { evaluate, homeOrder } from '../../src/search/passes/heuristic.js';
import { formatMove } from '../../src/engine/moves.js';
import { replay } from '../../src/referee/referee.js';
import { searchState } from '../../src/search/start.js';
import { compiled, mamySusan, mamySusanLost, stateOf } from '../support/helpers.js';

const ANY_SHUFFLES: BestFirstPass = { kind: 'best-first', shuffles: UNBOUNDED, home: 100, wasteBlocker: 40, weight: 1 };

function orderOf(game: string, card: string, base = 0): number {
  const { rules } = compiled(game);
  return homeOrder(rules)[base * 52 + parseCard(card)]!;
}

describe('home order: how many cards go onto a foundation before a card can', () => {
  it('Mamy Susan (MS-3: Ace up in suit): its rank less one', () => {
    expect([orderOf('mamy-susan', 'AH'), orderOf('mamy-susan', '2H'), orderOf('mamy-susan', 'KS')]).toEqual([0, 1, 12]);
  });
  it('Double Signora (DS-3, DS-4: up from the base rank with wrap): counted from the base', () => {
    expect([orderOf('double-signora', '5C', 5), orderOf('double-signora', '6H', 5), orderOf('double-signora', '4S', 5)]).toEqual([
      0, 1, 12,
    ]);
    expect(orderOf('double-signora', '4S', 0), 'no base rank yet: nothing is known to block').toBe(0);
  });
  it('Double Aces and Kings (DAK-3: up from A or down from K): the nearer end', () => {
    expect(['AC', 'KC', '2D', 'QD', '7S'].map((c) => orderOf('double-aces-and-kings', c))).toEqual([0, 0, 1, 1, 6]);
  });
  it("Double Dot (DD-3: by two in suit from AC, AS, 2H, 2D): the place in its suit's sequence", () => {
    expect(['3C', '2C', '4H', 'AH', 'KD'].map((c) => orderOf('double-dot', c))).toEqual([1, 7, 1, 6, 12]);
  });
});

describe('the score', () => {
  const score = (p: Position, home = 100): number => evaluate(stateOf(p), homeOrder(compiled(p.game).rules), { home, wasteBlocker: 40 });
  const full = [13, 13, 13, 13, 13, 13, 13, 13];
  it('a card above one that must go home first counts against', () => {
    const blocked = mamySusan([11, ...full.slice(1, 4), 11, ...full.slice(5)], {
      t: [
        ['QC', 'KC'],
        ['QC', 'KC'],
      ],
    });
    const clear = mamySusan([11, ...full.slice(1, 4), 11, ...full.slice(5)], {
      t: [
        ['KC', 'QC'],
        ['KC', 'QC'],
      ],
    });
    expect(score(clear)).toBeGreaterThan(score(blocked));
  });
  it("a card home counts for, by the pass's weight", () => {
    const out = mamySusan([12, ...full.slice(1)], { t: [['KC']] });
    const home = mamySusan(full, { t: [] });
    expect(score(home)).toBeGreaterThan(score(out));
    // The move home also empties a pile (+30).
    expect(score(home) - score(out)).toBe(100 + 30);
    expect(score(home, 60) - score(out, 60)).toBe(60 + 30);
  });
});

function search(
  position: Position,
  megabytes = 16,
  how = ANY_SHUFFLES,
  state = stateOf(position),
): { outcome: Status; moves: string[]; nodes: number } {
  const ctx = new SearchContext(16);
  ctx.start(state, { maxNodes: 1_000_000, timeLimitMs: 0 });
  ctx.beginPass(state, 1_000_000, Infinity);
  const outcome = new BestFirst(megabytes).run(state, ctx, how);
  return { outcome, moves: Array.from(state.line.subarray(0, state.depth), (m) => formatMove(state.rules, m)), nodes: ctx.nodes };
}

describe('best-first search', () => {
  it('Mamy Susan seed 1 (at most 2 shuffles in a row): a win, replayed by the referee', () => {
    const position = dealGame(getGame('mamy-susan'), 1);
    const { outcome, moves } = search(position, 16, { ...ANY_SHUFFLES, shuffles: 2 });
    expect(outcome).toBe(WON);
    const verdict = replay(position, moves);
    expect(verdict.ok && verdict.won).toBe(true);
  });
  it('a noise among the scores (ties seed) changes the order of the search, not its answer', () => {
    const position = dealGame(getGame('mamy-susan'), 6);
    // As the solver searches it: tableau piles interchangeable (the noise is drawn from the key).
    const noisy = (ties: number) => search(position, 16, { ...ANY_SHUFFLES, shuffles: 2, ties, noise: 60 }, searchState(position));
    const twice = [1, 2].map(noisy);
    for (const { outcome, moves } of twice) {
      expect(outcome).toBe(WON);
      const verdict = replay(position, moves);
      expect(verdict.ok && verdict.won).toBe(true);
    }
    expect(twice[0]!.nodes).not.toBe(twice[1]!.nodes);
    expect(noisy(1).nodes, 'the same seed, the same search').toBe(twice[0]!.nodes);
  });
  it('a lost Mamy Susan position (both Ks of each suit on the Qs they need) is expanded to the end', () => {
    const lost = mamySusanLost();
    expect(search(lost).outcome).toBe(EXHAUSTED);
    expect(search(lost, 16, { ...ANY_SHUFFLES, ties: 3, noise: 60 }).outcome, 'with noise').toBe(EXHAUSTED);
  });
  it('when its node store fills up it says so, and claims no loss', () => {
    const position = dealGame(getGame('mamy-susan'), 16);
    expect(search(position, 0).outcome).toBe(FULL);
  });
});
